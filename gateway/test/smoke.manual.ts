/** Manual: a world with the gateway listening, for poking at with curl. `npx tsx test/smoke.manual.ts` */
import { listenGateway, startWorld } from './fixtures/world.ts';

const t0 = Date.now();
const world = await startWorld(150, 5);
console.log(`world ready in ${Date.now() - t0} ms; indexer ${world.indexer.url}`);
const gateway = await listenGateway(world);
console.log(`gateway ${gateway.url}; db ${world.database.databaseUrl}`);
process.once('SIGINT', async () => {
  await gateway.stop();
  await world.stop();
  process.exit(0);
});
