/**
 * HTTP routes beside Ponder's own /health, /ready, /status and /metrics: /sync reports how far the indexer is
 * behind the chain head, for operators and the start script's progress log. /graphql and /sql/* are Ponder's
 * generated GraphQL and read-only SQL-over-HTTP; the gateway serves them on its origin with its own limits.
 * A GraphQL reader on a replica (SKALD_API_READER) has no /sql/*: its live queries LISTEN, which a standby refuses.
 */
import { db, publicClients } from 'ponder:api';
import schema, { activity } from 'ponder:schema';
import { Hono } from 'hono';
import { client, desc, graphql } from 'ponder';
import { parseIndexerEnv } from '../../lib/env.ts';

const app = new Hono();

app.get('/sync', async (c) => {
  const [latest] = await db.select().from(activity).orderBy(desc(activity.cursor)).limit(1);
  const client = Object.values(publicClients)[0];
  const head = client ? await client.getBlockNumber() : undefined;
  return c.json({
    headBlock: head?.toString() ?? null,
    latestActivityBlock: latest?.blockNumber.toString() ?? null,
    latestActivityCursor: latest?.cursor ?? null,
  });
});

app.use(
  '/graphql',
  graphql({ db, schema }, { maxOperationDepth: 10, maxOperationTokens: 2000, maxOperationAliases: 30 }),
);
if (!parseIndexerEnv(process.env).SKALD_API_READER) app.use('/sql/*', client({ db, schema }));

export default app;
