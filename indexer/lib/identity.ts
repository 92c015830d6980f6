/**
 * Names that tie a database to a chain and a build. The deployment schema (blue/green) changes whenever the
 * deployment, the chain behind it or the indexer's code changes, so a new build indexes into a fresh schema
 * while the old one keeps serving through the stable views schema until the new one has caught up.
 */
import { createHash } from 'node:crypto';
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { dirname, join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { gameEventAbis as indexerAbis } from '@skald/chain/activity';
import type { Deployment } from '@skald/chain/deployment';

const CODE_PATHS = ['ponder.config.ts', 'ponder.schema.ts', 'src', 'lib'];
/** the table declarations ponder.schema.ts re-exports */
const TABLES_DIR = dirname(fileURLToPath(import.meta.resolve('@skald/db/tables')));

function filesUnder(path: string): string[] {
  if (!statSync(path).isDirectory()) return [path];
  return readdirSync(path)
    .sort()
    .flatMap((name) => filesUnder(join(path, name)));
}

/** Hash of everything that shapes what Ponder writes (a superset of what its build id covers). */
export function codeHash(indexerDir: string): string {
  const hash = createHash('sha256');
  const roots = [...CODE_PATHS.map((p) => join(indexerDir, p)), TABLES_DIR];
  for (const file of roots.flatMap((root) => filesUnder(root))) {
    hash.update(relative(indexerDir, file)).update(readFileSync(file));
  }
  hash.update(JSON.stringify(indexerAbis));
  return hash.digest('hex');
}

/** `skald_<12 hex>`: deployment + the chain's block at the start block + code. At most 45 characters. */
export function deploymentSchema(deployment: Deployment, startBlockHash: string, code: string): string {
  const digest = createHash('sha256')
    .update(
      JSON.stringify([deployment.chainId, deployment.startBlock, deployment.contracts, startBlockHash, code]),
    )
    .digest('hex');
  return `skald_${digest.slice(0, 12)}`;
}
