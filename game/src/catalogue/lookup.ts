import { UnknownIdError } from '../errors.ts';

/**
 * Ids arrive from the chain, the indexer and URLs as plain numbers, so lookups accept `number` and either
 * return undefined (`find`) or throw UnknownIdError (`get`) — one pair of helpers for every catalogue table.
 */
export function findById<T extends { readonly id: number }>(table: readonly T[], id: number): T | undefined {
  return table.find((entry) => entry.id === id);
}

export function getById<T extends { readonly id: number }>(kind: string, table: readonly T[], id: number): T {
  const entry = findById(table, id);
  if (entry === undefined) throw new UnknownIdError(kind, id);
  return entry;
}
