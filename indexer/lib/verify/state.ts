/**
 * The index's current state against contract reads at the block the index stands at: vera owners and fields
 * (`ownerOf`, `getVera`, `abilitiesOf`), each owner's vera count (`balanceOf`), supplies (`totalMinted`,
 * `characterCount`, `battleCount`), names, runix/onyx and item balances, elo and clan membership.
 */
import { BattlesAbi, CharactersAbi, ClansAbi, InventoryAbi, VerasAbi } from '@skald/chain';
import type { Deployment } from '@skald/chain/deployment';
import type postgres from 'postgres';
import type { Abi, PublicClient } from 'viem';
import { type TableCheck, tableCheck } from './result.ts';

type VeraRow = {
  id: string;
  owner: string;
  species: number;
  level: number;
  experience: number;
  unallocated_points: number;
  effective: number[];
  abilities: number[];
  wins: string;
  losses: string;
  ties: string;
  origin: number;
};

export type IndexedState = {
  veras: VeraRow[];
  characters: { id: string; name: string; clan_id: string; runix: string | null; onyx: string | null }[];
  items: { character_id: string; item_id: string; quantity: string }[];
  elos: { character_id: string; battle_type: number; elo: string }[];
  members: { character_id: string; clan_id: string }[];
  battles: number;
};

/** Reads the state tables (inside the caller's snapshot, so they agree with its checkpoint). */
export async function readIndexedState(sql: postgres.Sql | postgres.TransactionSql): Promise<IndexedState> {
  const veras = await sql.unsafe<VeraRow[]>(`
    SELECT id::text, owner, species, level, experience, unallocated_points,
      ARRAY[effective_strength, effective_dexterity, effective_vitality, effective_intellect, effective_wisdom,
        effective_charisma] AS effective,
      abilities, wins::text, losses::text, ties::text, origin
    FROM vera ORDER BY id`);
  const characters = await sql.unsafe<IndexedState['characters']>(`
    SELECT c.id::text, c.name, c.clan_id::text, i.runix::text, i.onyx::text
    FROM character c LEFT JOIN inventory i ON i.character_id = c.id ORDER BY c.id`);
  const items = await sql.unsafe<IndexedState['items']>(
    'SELECT character_id::text, item_id::text, quantity::text FROM inventory_item',
  );
  const elos = await sql.unsafe<IndexedState['elos']>(
    'SELECT character_id::text, battle_type, elo::text FROM elo',
  );
  const members = await sql.unsafe<IndexedState['members']>(
    'SELECT character_id::text, clan_id::text FROM clan_member',
  );
  const [battles] = await sql.unsafe<{ n: string }[]>('SELECT count(*) AS n FROM battle');
  return { veras, characters, items, elos, members, battles: Number(battles?.n ?? 0) };
}

type Read = { ok: true; value: unknown } | { ok: false; error: string };

/**
 * Contract reads at one block, sent in JSON-RPC batches by the client's transport; at most `inFlight` at once
 * so a large index does not hold every promise and response in memory together.
 */
function reader(client: PublicClient, blockNumber: bigint, inFlight = 2_000) {
  const queue: { run: () => Promise<void> }[] = [];
  const read = (address: `0x${string}`, abi: Abi, functionName: string, args: unknown[]) =>
    new Promise<Read>((resolve) => {
      queue.push({
        run: () =>
          client.readContract({ address, abi, functionName, args, blockNumber }).then(
            (value) => resolve({ ok: true, value }),
            (error: unknown) =>
              resolve({
                ok: false,
                error:
                  error instanceof Error
                    ? ((error as { shortMessage?: string }).shortMessage ?? error.message)
                    : String(error),
              }),
          ),
      });
    });
  const drain = async () => {
    while (queue.length > 0) await Promise.all(queue.splice(0, inFlight).map((q) => q.run()));
  };
  return { read, drain };
}

const show = (value: unknown) =>
  JSON.stringify(value, (_key, v) => (typeof v === 'bigint' ? v.toString() : v));

/** Compares `state` with the contracts at `blockNumber`; one check per table. */
export async function checkState(
  client: PublicClient,
  deployment: Deployment,
  blockNumber: bigint,
  state: IndexedState,
): Promise<TableCheck[]> {
  const c = deployment.contracts;
  const { read, drain } = reader(client, blockNumber);
  const vera = tableCheck('vera');
  const character = tableCheck('character');
  const inventory = tableCheck('inventory');
  const inventoryItem = tableCheck('inventory_item');
  const elo = tableCheck('elo');
  const clanMember = tableCheck('clan_member');
  const battle = tableCheck('battle');
  const pending: Promise<void>[] = [];
  /** queues a read and what to do with its answer */
  const expect = (
    check: TableCheck,
    what: string,
    call: [`0x${string}`, Abi, string, unknown[]],
    compare: (value: unknown) => string | null,
  ) => {
    check.checked += 1;
    pending.push(
      read(...call).then((answer) => {
        if (!answer.ok) return check.mismatch(`${what}: the contract call failed (${answer.error})`);
        const difference = compare(answer.value);
        if (difference) check.mismatch(`${what}: ${difference}`);
      }),
    );
  };
  const equal = (indexed: unknown, onChain: unknown) =>
    show(indexed) === show(onChain) ? null : `index ${show(indexed)}, chain ${show(onChain)}`;

  // veras: supply, owners, each owner's count, fields
  const veras = [c.Veras, VerasAbi as Abi] as const;
  expect(vera, 'count vs totalMinted', [...veras, 'totalMinted', []], (v) =>
    equal(BigInt(state.veras.length), v),
  );
  const perOwner = new Map<string, bigint>();
  /** owners the chain names: an owner the index lost entirely still has its count compared */
  const chainOwners = new Set<string>();
  for (const v of state.veras) {
    const id = BigInt(v.id);
    perOwner.set(v.owner, (perOwner.get(v.owner) ?? 0n) + 1n);
    expect(vera, `owner of vera ${id}`, [...veras, 'ownerOf', [id]], (owner) => {
      chainOwners.add(String(owner).toLowerCase());
      return equal(v.owner, String(owner).toLowerCase());
    });
    expect(vera, `vera ${id}`, [...veras, 'getVera', [id]], (value) => {
      const d = value as {
        species: number;
        level: number;
        experience: number;
        unallocatedPoints: number;
        effective: readonly number[];
        wins: number;
        losses: number;
        ties: number;
        origin: number;
      };
      return equal(
        [
          v.species,
          v.level,
          v.experience,
          v.unallocated_points,
          v.effective,
          v.wins,
          v.losses,
          v.ties,
          v.origin,
        ],
        [
          d.species,
          d.level,
          d.experience,
          d.unallocatedPoints,
          [...d.effective],
          String(d.wins),
          String(d.losses),
          String(d.ties),
          d.origin,
        ],
      );
    });
    expect(vera, `abilities of vera ${id}`, [...veras, 'abilitiesOf', [id]], (abilities) =>
      equal(v.abilities, [...(abilities as readonly number[])]),
    );
  }

  // characters: supply, names, clan, balances
  const characters = [c.Characters, CharactersAbi as Abi] as const;
  const inventoryContract = [c.Inventory, InventoryAbi as Abi] as const;
  const clans = [c.Clans, ClansAbi as Abi] as const;
  expect(character, 'count vs characterCount', [...characters, 'characterCount', []], (n) =>
    equal(BigInt(state.characters.length), n),
  );
  const clanOf = new Map<string, string>();
  for (const m of state.members) {
    if (clanOf.has(m.character_id))
      clanMember.mismatch(`character ${m.character_id} is a member of two clans`);
    clanOf.set(m.character_id, m.clan_id);
  }
  for (const ch of state.characters) {
    const id = BigInt(ch.id);
    expect(character, `name of ${id}`, [...characters, 'nameOf', [id]], (name) => equal(ch.name, name));
    expect(inventory, `runix of ${id}`, [...inventoryContract, 'runixOf', [id]], (n) =>
      equal(BigInt(ch.runix ?? 0), n),
    );
    expect(inventory, `onyx of ${id}`, [...inventoryContract, 'onyxOf', [id]], (n) =>
      equal(BigInt(ch.onyx ?? 0), n),
    );
    const onChainClan = read(...clans, 'clanOf', [id]);
    clanMember.checked += 1;
    character.checked += 1;
    pending.push(
      onChainClan.then((answer) => {
        if (!answer.ok)
          return clanMember.mismatch(`clanOf ${id}: the contract call failed (${answer.error})`);
        const clan = String(answer.value);
        const member = equal(clanOf.get(ch.id) ?? '0', clan);
        if (member) clanMember.mismatch(`clan of ${id}: ${member}`);
        const column = equal(ch.clan_id, clan);
        if (column) character.mismatch(`clan_id of ${id}: ${column}`);
      }),
    );
  }
  const characterIds = new Set(state.characters.map((ch) => ch.id));
  for (const m of state.members)
    if (!characterIds.has(m.character_id)) clanMember.mismatch(`member ${m.character_id} is no character`);

  for (const i of state.items) {
    const args = [BigInt(i.character_id), Number(i.item_id)];
    expect(
      inventoryItem,
      `item ${i.item_id} of ${i.character_id}`,
      [...inventoryContract, 'itemOf', args],
      (n) => equal(BigInt(i.quantity), n),
    );
  }
  const battles = [c.Battles, BattlesAbi as Abi] as const;
  for (const e of state.elos) {
    const args = [BigInt(e.character_id), e.battle_type];
    expect(elo, `elo of ${e.character_id}/${e.battle_type}`, [...battles, 'eloOf', args], (n) =>
      equal(e.elo, String(n)),
    );
  }
  expect(battle, 'count vs battleCount', [...battles, 'battleCount', []], (n) =>
    equal(BigInt(state.battles), n),
  );

  await drain();
  await Promise.all(pending);
  // each owner's count, index or chain side, against balanceOf (once the owners are known)
  for (const owner of new Set([...perOwner.keys(), ...chainOwners]))
    expect(vera, `veras of ${owner} vs balanceOf`, [...veras, 'balanceOf', [owner]], (n) =>
      equal(perOwner.get(owner) ?? 0n, n),
    );
  await drain();
  await Promise.all(pending);
  return [vera, character, inventory, inventoryItem, elo, clanMember, battle];
}
