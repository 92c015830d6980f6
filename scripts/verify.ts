/**
 * `npm run verify [-- --from N --to N]`: compares the index of a running stack with the chain and prints one
 * line per table with its mismatches (0 expected). Exit code 0 when everything matches, 1 on any mismatch, 2
 * when it could not compare (bad arguments, no database, no chain). Each run is recorded in
 * skald_ops.verify_runs, which /status reads. Same environment as `npm start` (see the root README).
 */
import { parseArgs } from 'node:util';
import { readDeployment } from '@skald/chain/deployment';
import { recordVerifyRun } from '@skald/db/ops';
import { baseEnv, nodeEnv, parseEnv, postgresUrl, sharedEnv, viewsSchema } from '@skald/env';
import { formatReport, verifyIndex } from '@skald/indexer/verify';
import postgres from 'postgres';

const verifyEnvSchema = baseEnv.extend({
  SKALD_RPC_URL: nodeEnv.SKALD_RPC_URL,
  SKALD_RPC_RATE: nodeEnv.SKALD_RPC_RATE,
  /** the stack's Postgres; unset: the embedded one `npm start` runs on PG_PORT */
  DATABASE_URL: postgresUrl.optional(),
  PG_PORT: sharedEnv.PG_PORT,
  SKALD_VIEWS_SCHEMA: viewsSchema,
});

const block = (flag: string, value: string | undefined) => {
  if (value === undefined) return undefined;
  if (!/^\d+$/.test(value)) throw new Error(`--${flag} must be a block number, got "${value}"`);
  return BigInt(value);
};

async function main(): Promise<number> {
  let options: { from?: bigint; to?: bigint };
  let env: ReturnType<typeof verifyEnvSchema.parse>;
  try {
    const { values } = parseArgs({
      options: { from: { type: 'string' }, to: { type: 'string' } },
      strict: true,
    });
    options = { from: block('from', values.from), to: block('to', values.to) };
    env = parseEnv('verify', verifyEnvSchema, process.env);
  } catch (error) {
    console.error(error instanceof Error ? error.message : error);
    console.error('usage: npm run verify [-- --from <block>] [--to <block>]');
    return 2;
  }
  const databaseUrl = env.DATABASE_URL ?? `postgres://postgres:postgres@127.0.0.1:${env.PG_PORT}/skald`;
  // a plain connection on the views schema (not @skald/db's client: its table declarations load Ponder)
  const sql = postgres(databaseUrl, {
    max: 2,
    onnotice: () => {},
    connection: { search_path: `"${env.SKALD_VIEWS_SCHEMA}"` },
  });
  try {
    const startedAt = new Date();
    const deployment = readDeployment(env.SKALD_DEPLOYMENT);
    const report = await verifyIndex({
      sql,
      deployment,
      rpcUrl: env.SKALD_RPC_URL ?? deployment.rpcUrl,
      rpcRate: env.SKALD_RPC_RATE,
      fromBlock: options.from,
      toBlock: options.to,
    });
    for (const line of formatReport(report)) console.log(line);
    await recordVerifyRun(sql, {
      startedAt,
      fromBlock: report.fromBlock,
      toBlock: report.toBlock,
      indexedBlock: report.indexedBlock,
      mismatches: report.mismatches,
      ms: report.ms,
      tables: Object.fromEntries(report.tables.map((t) => [t.table, t.mismatches])),
    });
    return report.mismatches === 0 ? 0 : 1;
  } catch (error) {
    console.error(`verify: could not compare: ${error instanceof Error ? error.message : error}`);
    return 2;
  } finally {
    await sql.end({ timeout: 5 });
  }
}

// explicit: a dependency's exit hook would otherwise end the process with 0
process.exit(await main());
