/**
 * Compares what the indexer published with what the chain says: every indexed log is an activity row (and no
 * other row exists), vera owners and fields equal the contract's, counts equal supplies, balances, items and
 * elo and clan membership equal contract reads.
 */

import { gameContracts } from '@skald/chain';
import { chainLogs, type TestChain } from '@skald/chain/local';
import type { SkaldDb } from '@skald/db';
import { encodeCursor } from '@skald/game';
import { createPublicClient, http, type PublicClient } from 'viem';
import { expect } from 'vitest';

export async function expectActivityEqualsChain(reader: SkaldDb, chain: TestChain, toBlock: bigint) {
  const logs = await chainLogs(chain, toBlock);
  const expected = logs
    .map((l) => `${encodeCursor({ blockNumber: l.blockNumber, logIndex: l.logIndex })} ${l.transactionHash}`)
    .sort();
  const rows = await reader.sql<{ cursor: string; tx_hash: string }[]>`
    SELECT cursor, tx_hash FROM activity WHERE block_number <= ${toBlock.toString()} ORDER BY cursor`;
  const actual = rows.map((r) => `${r.cursor} ${r.tx_hash}`);
  expect(actual.length, 'activity rows vs chain logs').toBe(expected.length);
  expect(actual).toEqual(expected);
  return expected.length;
}

export async function expectTablesEqualChain(reader: SkaldDb, chain: TestChain) {
  const client = createPublicClient({ transport: http(chain.anvil.rpcUrl) }) as PublicClient;
  const game = gameContracts(chain.deployment, { public: client });
  const { sql } = reader;

  const veras = await sql<
    {
      id: string;
      owner: string;
      level: number;
      experience: number;
      wins: string;
      losses: string;
      ties: string;
      unallocated_points: number;
      effective_strength: number;
      abilities: number[];
    }[]
  >`
    SELECT id, owner, level, experience, wins, losses, ties, unallocated_points, effective_strength, abilities FROM vera ORDER BY id`;
  expect(BigInt(veras.length), 'veras vs totalMinted').toBe(await game.veras.read.totalMinted());
  for (const v of veras) {
    const id = BigInt(v.id);
    const [owner, data, abilities] = await Promise.all([
      game.veras.read.ownerOf([id]),
      game.veras.read.getVera([id]),
      game.veras.read.abilitiesOf([id]),
    ]);
    expect(v.owner, `owner of vera ${id}`).toBe(owner.toLowerCase());
    expect(
      [
        v.level,
        v.experience,
        Number(v.wins),
        Number(v.losses),
        Number(v.ties),
        v.unallocated_points,
        v.effective_strength,
      ],
      `vera ${id}`,
    ).toEqual([
      data.level,
      data.experience,
      data.wins,
      data.losses,
      data.ties,
      data.unallocatedPoints,
      data.effective[0],
    ]);
    expect(v.abilities, `abilities of vera ${id}`).toEqual([...abilities]);
  }

  const characters = await sql<{ id: string; name: string }[]>`SELECT id, name FROM character ORDER BY id`;
  expect(BigInt(characters.length), 'characters vs characterCount').toBe(
    await game.characters.read.characterCount(),
  );
  for (const c of characters) expect(c.name).toBe(await game.characters.read.nameOf([BigInt(c.id)]));

  for (const c of characters) {
    const id = BigInt(c.id);
    const [inv] = await sql<
      { runix: string; onyx: string }[]
    >`SELECT runix, onyx FROM inventory WHERE character_id = ${c.id}`;
    expect(BigInt(inv?.runix ?? 0), `runix of ${id}`).toBe(await game.inventory.read.runixOf([id]));
    expect(BigInt(inv?.onyx ?? 0), `onyx of ${id}`).toBe(await game.inventory.read.onyxOf([id]));
  }

  const items = await sql<
    { character_id: string; item_id: string; quantity: string }[]
  >`SELECT character_id, item_id, quantity FROM inventory_item`;
  for (const i of items)
    expect(BigInt(i.quantity), `item ${i.item_id} of ${i.character_id}`).toBe(
      await game.inventory.read.itemOf([BigInt(i.character_id), Number(i.item_id)]),
    );

  const elos = await sql<
    { character_id: string; battle_type: number; elo: string }[]
  >`SELECT character_id, battle_type, elo FROM elo`;
  for (const e of elos)
    expect(Number(e.elo), `elo of ${e.character_id}/${e.battle_type}`).toBe(
      await game.battles.read.eloOf([BigInt(e.character_id), e.battle_type]),
    );

  // clan membership: a member's row is deleted when it leaves, is kicked or its pending clan is declined, so every
  // character has at most one row, and its clan (or none) is what the chain says, as is character.clan_id
  const members = await sql<
    { character_id: string; clan_id: string }[]
  >`SELECT character_id, clan_id FROM clan_member`;
  const clanOf = new Map(members.map((m) => [m.character_id, BigInt(m.clan_id)]));
  expect(clanOf.size, 'clan_member rows per character').toBe(members.length);
  const characterClans = await sql<{ id: string; clan_id: string }[]>`SELECT id, clan_id FROM character`;
  for (const c of characterClans) {
    const onChain = await game.clans.read.clanOf([BigInt(c.id)]);
    expect(clanOf.get(c.id) ?? 0n, `clan_member of ${c.id}`).toBe(onChain);
    expect(BigInt(c.clan_id), `character.clan_id of ${c.id}`).toBe(onChain);
  }

  const [battles] = await sql<{ n: string }[]>`SELECT count(*) AS n FROM battle`;
  expect(BigInt(battles?.n ?? 0), 'battles vs battleCount').toBe(await game.battles.read.battleCount());

  const [dups] = await sql<
    { n: string }[]
  >`SELECT count(*) - count(DISTINCT (block_number, log_index)) AS n FROM activity`;
  expect(Number(dups?.n), 'duplicated activity rows').toBe(0);
  return { veras: veras.length, characters: characters.length, elos: elos.length };
}
