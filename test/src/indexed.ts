/** Setup steps the browser tests share once the stack is up. */
import { account, waitFor } from '@skald/harness';

/** Waits until the gateway answers for the viking of anvil account `index`: the players seeded before it are indexed. */
export async function playersIndexed(origin: string, index: number) {
  await waitFor('the players to be indexed', async () => {
    const res = await fetch(`${origin}/api/viking/data?address=${account(index).address}`);
    return res.ok ? true : undefined;
  });
}
