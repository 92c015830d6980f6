/** The one error /sql answers with: a status and a message naming what was wrong. */
export class SqlQueryError extends Error {
  override name = 'SqlQueryError';
  constructor(
    readonly statusCode: number,
    message: string,
  ) {
    super(message);
  }
}
