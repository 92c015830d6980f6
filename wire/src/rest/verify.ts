/** /status's `verify`: when `npm run verify` last compared the index with the chain, and when it last passed. */
import { type Static, Type } from 'typebox';

export const VerifyStatus = Type.Object({
  /** the last run (null: never run against this database) */
  last: Type.Union([
    Type.Object({
      at: Type.String(),
      passed: Type.Boolean(),
      mismatches: Type.Number(),
      fromBlock: Type.Number(),
      toBlock: Type.Number(),
    }),
    Type.Null(),
  ]),
  /** when a run last found 0 mismatches */
  lastPassedAt: Type.Union([Type.String(), Type.Null()]),
});
export type VerifyStatus = Static<typeof VerifyStatus>;
