/**
 * What the index offers analysts beyond the chain's own state, on a simulated world plus scripted play (some
 * indexed in the backfill, some live): the timestamptz twin of every unix-seconds column equals to_timestamp of
 * it in every row; code_label has the battle results and actions from @skald/game; species flags the NPC vera;
 * battle_side equals the chain's battles (getBattle, EloChanged) from each side's view; every documented example
 * query returns rows, and the per-species and per-character ones answer what was played.
 */
import { ANVIL_MNEMONIC, allSkaldAbis, BattlesAbi, gameContracts, skaldChain } from '@skald/chain';
import { PLAIN_ATTRIBUTES, playWorld, startChain, type TestChain } from '@skald/chain/local';
import { EXAMPLE_QUERIES, type SkaldDb, tableDocs } from '@skald/db';
import { createTestDatabase } from '@skald/db/testing';
import { BATTLE_ACTIONS, BATTLE_OUTCOME_LABELS, SPECIES } from '@skald/game';
import {
  type Abi,
  type Account,
  type Address,
  createPublicClient,
  createTestClient,
  createWalletClient,
  type Hash,
  http,
  type PublicClient,
  parseEventLogs,
} from 'viem';
import { mnemonicToAccount } from 'viem/accounts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openReader, startTestIndexer, waitForIndexed } from '../lib/harness.ts';
import type { RunningIndexer } from '../lib/ponder-process.ts';

let chain: TestChain;
let database: Awaited<ReturnType<typeof createTestDatabase>>;
let indexer: RunningIndexer;
let reader: SkaldDb;
let client: PublicClient;

/** The scripted players' characters and battles. */
const ids = { astrid: 0n, bjarki: 0n, ulf: 0n, b1: 0n, b2: 0n, b3: 0n, b4: 0n };
/** Past what a timestamp holds: an unlock date this far out has a null twin. */
const FAR_LOCK_SECONDS = 10n ** 13n;

type Logs = { eventName: string; args: Record<string, unknown> }[];

beforeAll(async () => {
  chain = await startChain();
  database = await createTestDatabase();
  const transport = http(chain.anvil.rpcUrl);
  client = createPublicClient({ chain: skaldChain, transport }) as PublicClient;
  const player = (i: number) =>
    gameContracts(chain.deployment, {
      public: client,
      wallet: createWalletClient({
        account: mnemonicToAccount(ANVIL_MNEMONIC, { addressIndex: i }) as Account,
        chain: skaldChain,
        transport,
      }),
    });
  const address = (i: number): Address => mnemonicToAccount(ANVIL_MNEMONIC, { addressIndex: i }).address;
  const admin = player(0);
  const [p1, p2, p3, p4] = [player(1), player(2), player(3), player(4)];
  const mined = async (hash: Promise<Hash>): Promise<Logs> => {
    const receipt = await client.waitForTransactionReceipt({ hash: await hash });
    expect(receipt.status).toBe('success');
    return parseEventLogs({ abi: allSkaldAbis as Abi, logs: receipt.logs }) as unknown as Logs;
  };
  const arg = (logs: Logs, eventName: string, key: string) =>
    logs.find((l) => l.eventName === eventName)?.args[key] as bigint;
  const later = async (seconds: number) => {
    await createTestClient({ mode: 'anvil', chain: skaldChain, transport }).increaseTime({ seconds });
  };

  // the simulated world gives every table rows; the scripted play below makes the cases to check exactly
  expect((await playWorld(chain, 200, { seed: 11 })).actions).toBeGreaterThan(150);
  for (const type of [1, 2, 3]) await mined(admin.battles.write.admin_setBattleType([type, true]));
  const character = async (p: typeof p1, name: string, species: number) => {
    const logs = await mined(
      p.characters.write.createCharacter([
        '0x0000000000000000000000000000000000000000',
        name,
        PLAIN_ATTRIBUTES,
        { starterSpecies: species, starterRune: 1 },
      ]),
    );
    await mined(p.characters.write.login());
    const starter = arg(await mined(p.veras.write.claimStarter()), 'VeraMinted', 'veraId');
    return { id: arg(logs, 'CharacterCreated', 'characterId'), vera: starter };
  };
  const astrid = await character(p1, 'Astrid', 1);
  const bjarki = await character(p2, 'Bjarki', 2);
  const ulf = await character(p4, 'Ulf', 3);
  Object.assign(ids, { astrid: astrid.id, bjarki: bjarki.id, ulf: ulf.id });
  const battle = async (challenger: typeof p1, cv: bigint, opponent: typeof p2, ov: bigint, type: number) => {
    const to = challenger === p1 ? bjarki.id : astrid.id;
    const sent = await mined(challenger.battles.write.challengeFriend([to, type, [cv]]));
    const accepted = await mined(
      opponent.battles.write.acceptChallenge([arg(sent, 'ChallengeSent', 'challengeId'), [ov]]),
    );
    return arg(accepted, 'BattleStarted', 'battleId');
  };

  // b1 (ranked): Astrid (A) surrenders her only vera, Bjarki (B) fights: B won
  ids.b1 = await battle(p1, astrid.vera, p2, bjarki.vera, 1);
  await mined(p1.battles.write.submitActions([ids.b1, [0], [astrid.vera]]));
  await mined(p2.battles.write.submitActions([ids.b1, [1], []]));
  // b2 (casual): both surrender everything: a tie
  ids.b2 = await battle(p1, astrid.vera, p2, bjarki.vera, 2);
  await mined(p1.battles.write.submitActions([ids.b2, [2], [astrid.vera]]));
  await mined(p2.battles.write.submitActions([ids.b2, [0], [bjarki.vera]]));
  // b3 (casual): Bjarki (A) submits, Astrid (B) stays silent; the timeout is claimed live
  ids.b3 = await battle(p2, bjarki.vera, p1, astrid.vera, 2);
  await mined(p2.battles.write.submitActions([ids.b3, [2], []]));
  // Ulf waits alone in the tournament queue
  await mined(p4.battles.write.enterQueue([ulf.id, 3, [ulf.vera]]));
  // a lock Astrid opens live, and one of Bjarki's that ends further out than any timestamp
  await mined(p1.bank.write.lockRunix([0, 100n]));
  await mined(admin.bank.write.admin_setLockDuration([2, FAR_LOCK_SECONDS]));
  await mined(p2.bank.write.lockRunix([2, 100n]));
  // a play account asks to play for Astrid's account; she accepts live
  await mined(p3.characters.write.requestAccountLink([address(1)]));
  // Bjarki's clan invites Ulf
  const founded = await mined(p2.clans.write.foundClan(['Ravens', 'RVN', '']));
  const clanId = arg(founded, 'ClanFounded', 'clanId');
  await mined(admin.clans.write.admin_approveClan([clanId]));
  await mined(p2.clans.write.sendClanInvite([clanId, ulf.id]));
  // a claimed lootbox has an end time
  await mined(admin.inventory.write.admin_grantOnyx([bjarki.id, 1_000_000n]));
  const box = await mined(admin.inventory.write.admin_grantLootBox([bjarki.id, 1, 0, 0, false]));
  await mined(p2.inventory.write.claimLootBox([arg(box, 'LootBoxCreated', 'lootBoxId'), true]));

  indexer = await startTestIndexer(chain, database);
  await indexer.ready(180_000);
  reader = openReader(database);

  // live: Astrid is renamed after b1..b3 started, the turn of b3 runs out, b4 starts under her new name
  await mined(p1.characters.write.setCharacterName([astrid.id, 'Sigrid']));
  await later(120);
  await mined(p2.battles.write.claimTimeout([ids.b3]));
  ids.b4 = await battle(p1, astrid.vera, p2, bjarki.vera, 1);
  await mined(p1.bank.write.unlockRunix([0]));
  await mined(p1.characters.write.acceptAccountLink([address(3)]));
  // an NPC vera (species 0): only an admin grant mints one
  await mined(admin.veras.write.admin_grantVera([astrid.id, 0, 1, 1, 1, 1, false]));
  await waitForIndexed(reader, chain);
}, 420_000);

afterAll(async () => {
  await reader?.close();
  await indexer?.stop();
  await chain?.stop();
  await database?.drop();
});

/** BattleResolved.result (1 A won, 2 B won, 3 tie) as one side sees it. */
const seenBy = (result: number, side: 'A' | 'B') =>
  result === 3 ? 'tie' : (result === 1) === (side === 'A') ? 'won' : 'lost';

const quote = (name: string) => `"${name.replaceAll('"', '""')}"`;

describe('timestamptz twins', () => {
  it('equal to_timestamp of their unix-seconds column in every row of every table, and are filled', async () => {
    const pairs = tableDocs().flatMap((t) =>
      t.columns
        .filter((c) => c.unixColumn)
        .map((c) => ({ table: t.name, unix: c.unixColumn ?? '', time: c.name })),
    );
    expect(pairs.length).toBe(29);
    const found: Record<string, { wrong: number; filled: number }> = {};
    for (const { table, unix, time } of pairs) {
      const [u, t] = [quote(unix), quote(time)];
      // to_timestamp and a timestamp end a little past year 275760, where the indexer writes null instead
      const [row] = await reader.sql.unsafe<{ wrong: number; filled: number }[]>(
        `SELECT count(*) FILTER (WHERE CASE WHEN ${u} <= 8640000000000
            THEN ${t} IS DISTINCT FROM to_timestamp(${u}::double precision) ELSE ${t} IS NOT NULL END)::int AS wrong,
          count(${t})::int AS filled
        FROM ${quote(table)}`,
      );
      found[`${table}.${time}`] = { wrong: row?.wrong ?? -1, filled: row?.filled ?? 0 };
    }
    expect(Object.entries(found).filter(([, f]) => f.wrong !== 0)).toEqual([]);
    expect(Object.entries(found).filter(([, f]) => f.filled === 0)).toEqual([]);
  });

  it('are null where the instant is past what a timestamp holds', async () => {
    const [lock] = await reader.sql<{ unlock_date: string; lock_date: string; unlock_time: string | null }[]>`
      SELECT unlock_date::text, lock_date::text, unlock_time FROM bank_lock
      WHERE character_id = ${ids.bjarki.toString()} AND lock_index = 2`;
    expect(BigInt(lock?.unlock_date ?? 0) - BigInt(lock?.lock_date ?? 0)).toBe(FAR_LOCK_SECONDS);
    expect(lock?.unlock_time).toBeNull();
  });

  it('come through GraphQL as text of the same instant', async () => {
    const res = await fetch(`${indexer.url}/graphql`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({
        query: `{ battle(id: "${ids.b1}") { startedAt startedTime resolvedAt resolvedTime
          sides(orderBy: "side") { items { side name result character { name } } } } }`,
      }),
    });
    const body = (await res.json()) as {
      errors?: unknown;
      data: {
        battle: {
          startedAt: string;
          startedTime: string;
          resolvedAt: string;
          resolvedTime: string;
          sides: { items: { side: string; name: string; result: string; character: { name: string } }[] };
        };
      };
    };
    expect(body.errors, JSON.stringify(body.errors)).toBeUndefined();
    const b = body.data.battle;
    expect(b.startedTime).toMatch(/^\d{4}-\d\d-\d\d \d\d:\d\d:\d\d[+-]\d\d/);
    expect(Date.parse(b.startedTime)).toBe(Number(b.startedAt) * 1000);
    expect(Date.parse(b.resolvedTime)).toBe(Number(b.resolvedAt) * 1000);
    expect(b.sides.items).toEqual([
      { side: 'A', name: 'Astrid', result: 'lost', character: { name: 'Sigrid' } },
      { side: 'B', name: 'Bjarki', result: 'won', character: { name: 'Bjarki' } },
    ]);
  });
});

describe('lookups', () => {
  it('label battle results and actions with @skald/game’s words', async () => {
    const rows = await reader.sql<{ code_set: string; code: number; label: string }[]>`
      SELECT code_set, code, label FROM code_label WHERE code_set IN ('battle_result', 'battle_action')
      ORDER BY code_set, code`;
    expect(rows).toEqual([
      ...BATTLE_ACTIONS.map((a) => ({ code_set: 'battle_action', code: a.id, label: a.label })),
      ...Object.entries(BATTLE_OUTCOME_LABELS).map(([code, label]) => ({
        code_set: 'battle_result',
        code: Number(code),
        label,
      })),
    ]);
    expect(rows.map((r) => r.label)).toEqual(['Attack', 'Defend', 'Ability', 'A won', 'B won', 'Tie']);
  });

  it('flag the NPC vera as the one species players cannot have', async () => {
    const rows = await reader.sql<{ id: number; name: string; playable: boolean }[]>`
      SELECT id, name, playable FROM species ORDER BY id`;
    expect(rows.map((r) => r.id)).toEqual(SPECIES.map((s) => s.id));
    expect(rows.filter((r) => !r.playable).map((r) => r.name)).toEqual(['NPC VERA']);
  });
});

describe('battle_side', () => {
  it('equals the chain’s battles from each side’s view', async () => {
    const battles = gameContracts(chain.deployment, { public: client }).battles;
    const count = await battles.read.battleCount();
    const elo = await client.getContractEvents({
      address: chain.deployment.contracts.Battles,
      abi: BattlesAbi,
      eventName: 'EloChanged',
      fromBlock: 0n,
    });
    const sides = await reader.sql<
      {
        battle_id: string;
        side: 'A' | 'B';
        character_id: string;
        opponent_id: string;
        battle_type: number;
        name: string;
        veras: string[];
        result: string | null;
        forfeited: boolean;
        elo_before: string | null;
        elo_after: string | null;
        battle_name: string;
      }[]
    >`SELECT s.battle_id::text, s.side, s.character_id::text, s.opponent_id::text, s.battle_type, s.name,
        s.veras::text[], s.result, s.forfeited, s.elo_before::text, s.elo_after::text,
        CASE s.side WHEN 'A' THEN b.name_a ELSE b.name_b END AS battle_name
      FROM battle_side s JOIN battle b ON b.id = s.battle_id ORDER BY s.battle_id, s.side`;
    expect(sides.length).toBe(Number(count) * 2);
    expect(count).toBeGreaterThanOrEqual(4n);
    for (let id = 1n; id <= count; id++) {
      const onChain = await battles.read.getBattle([id]);
      for (const [side, mine, theirs] of [
        ['A', onChain.a, onChain.b],
        ['B', onChain.b, onChain.a],
      ] as const) {
        const row = sides.find((s) => s.battle_id === String(id) && s.side === side);
        const change = elo.find((e) => e.args.battleId === id && e.args.characterId === mine.characterId);
        const resolved = onChain.result !== 0;
        expect(row, `battle ${id} side ${side}`).toEqual({
          battle_id: String(id),
          side,
          character_id: String(mine.characterId),
          opponent_id: String(theirs.characterId),
          battle_type: onChain.battleType,
          name: row?.battle_name,
          veras: mine.veraIds.map(String),
          result: resolved ? seenBy(onChain.result, side) : null,
          forfeited: resolved && !mine.submitted,
          elo_before: change ? String(change.args.eloBefore) : null,
          elo_after: change ? String(change.args.eloAfter) : null,
          battle_name: row?.battle_name,
        });
        expect(change !== undefined, `elo of battle ${id} side ${side}`).toBe(resolved);
      }
    }
    const scripted = sides.filter((s) => [ids.b1, ids.b2, ids.b3, ids.b4].map(String).includes(s.battle_id));
    expect(scripted.map((s) => [s.side, s.name, s.result, s.forfeited])).toEqual([
      ['A', 'Astrid', 'lost', false],
      ['B', 'Bjarki', 'won', false],
      ['A', 'Astrid', 'tie', false],
      ['B', 'Bjarki', 'tie', false],
      ['A', 'Bjarki', 'won', false],
      ['B', 'Astrid', 'lost', true],
      ['A', 'Sigrid', null, false],
      ['B', 'Bjarki', null, false],
    ]);
  });
});

describe('documented example queries', () => {
  it('each return rows (SQL on the views, GraphQL on Ponder’s endpoint)', async () => {
    for (const example of EXAMPLE_QUERIES) {
      if (example.language === 'sql') {
        const rows = await reader.sql.unsafe(example.query);
        expect(rows.length, example.title).toBeGreaterThan(0);
      } else {
        const res = await fetch(`${indexer.url}/graphql`, {
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          body: JSON.stringify({ query: example.query }),
        });
        const body = (await res.json()) as { errors?: unknown; data: Record<string, { items: unknown[] }> };
        expect(body.errors, `${example.title}: ${JSON.stringify(body.errors)}`).toBeUndefined();
        expect(Object.values(body.data)[0]?.items.length, example.title).toBeGreaterThan(0);
      }
    }
  });

  const run = async <T>(title: string): Promise<T[]> => {
    const example = EXAMPLE_QUERIES.find((e) => e.title === title);
    if (!example) throw new Error(`no example "${title}"`);
    return [...(await reader.sql.unsafe(example.query))] as T[];
  };

  it('leave the NPC vera out of per-species figures, though one was minted', async () => {
    const [npc] = await reader.sql<{ n: number }[]>`SELECT count(*)::int AS n FROM mint WHERE species = 0`;
    expect(npc?.n).toBeGreaterThan(0);
    const rows = await run<{ species: string }>('Mints per species');
    expect(rows.map((r) => r.species).sort()).toEqual(
      SPECIES.filter((s) => s.id !== 0)
        .map((s) => s.name)
        .sort(),
    );
  });

  it('give each character’s win rate per battle type from battle_side alone', async () => {
    const rows = await run<{
      character_id: string;
      name: string;
      battle_type: string;
      battles: string;
      won: string;
      lost: string;
      tied: string;
      win_pct: string;
    }>('Win rate per character');
    const of = (id: bigint) =>
      rows
        .filter((r) => r.character_id === String(id))
        .map((r) => [r.name, r.battle_type, r.battles, r.won, r.lost, r.tied, r.win_pct].map(String))
        .sort();
    // b4 is still being fought: it counts for neither
    expect(of(ids.astrid)).toEqual([
      ['Sigrid', 'Casual', '2', '0', '1', '1', '0.0'],
      ['Sigrid', 'Ranked', '1', '0', '1', '0', '0.0'],
    ]);
    expect(of(ids.bjarki)).toEqual([
      ['Bjarki', 'Casual', '2', '1', '0', '1', '50.0'],
      ['Bjarki', 'Ranked', '1', '1', '0', '0', '100.0'],
    ]);
  });
});
