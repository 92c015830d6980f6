/**
 * /status's `verify` field: the last `npm run verify` against this database and when one last passed, read
 * from the verifier's own table (skald_ops.verify_runs). Null when it cannot be read within `timeoutMs`; never
 * fails or holds up a probe.
 */
import type { SkaldDb } from '@skald/db';
import { readVerifyStatus } from '@skald/db/ops';
import type { VerifyStatus } from '@skald/wire/rest';

export async function lastVerification(
  db: Pick<SkaldDb, 'sql'>,
  timeoutMs = 1000,
): Promise<VerifyStatus | null> {
  let timer: NodeJS.Timeout | undefined;
  const late = new Promise<null>((resolve) => {
    timer = setTimeout(() => resolve(null), timeoutMs);
  });
  try {
    return await Promise.race([readVerifyStatus(db.sql).catch(() => null), late]);
  } finally {
    clearTimeout(timer);
  }
}
