import { itemName } from '@skald/game';
import { useQuery } from '@tanstack/react-query';
import { createFileRoute, Link } from '@tanstack/react-router';
import { inventoryQueryOptions, vikingQueryOptions } from '../api/queries.ts';
import { ActionForm } from '../components/forms/action-form.tsx';
import { bigintOf, numberOf } from '../components/forms/values.ts';
import { WaitingList } from '../components/waiting.tsx';
import { call, uintMax } from '../lib/contracts.ts';
import { number, utcDate } from '../lib/format.ts';
import { useApi, useAppConfig, usePlayer } from '../lib/hooks.ts';
import { useNowSeconds } from '../lib/use-now.ts';
import { useTransactor } from '../tx/use-transactor.ts';
import { Explore } from './-components/explore.tsx';
import { LootBoxes, TrackerForm, VeraCard } from './-components/home-sections.tsx';
import { NeedsViking } from './-components/needs-viking.tsx';

export const Route = createFileRoute('/nfts')({
  head: () => ({ meta: [{ title: 'Collection · Skald' }] }),
  component: NftsPage,
});

function NftsPage() {
  const player = usePlayer();
  if (!player.characterId)
    return <NeedsViking title="Your home" what="see your veras, items and bank locks" />;
  return <Collection characterId={player.characterId} />;
}

function Collection({ characterId }: { characterId: string }) {
  const api = useApi();
  const config = useAppConfig();
  const transact = useTransactor();
  const inventory = useQuery(inventoryQueryOptions(api, characterId));
  const profile = useQuery(vikingQueryOptions(api, characterId));
  const inv = inventory.data;
  const invalidate = [
    ['inventory', characterId],
    ['viking', characterId],
  ];
  const nowS = useNowSeconds();
  return (
    <section>
      <h1>Your collection</h1>
      {profile.data ? (
        <p>
          <Link to="/viking/$id" params={{ id: characterId }}>
            {profile.data.name}
          </Link>
          {profile.data.clan ? ` · [${profile.data.clan.tag}] ${profile.data.clan.name}` : ' · no clan'}
          {' · '}
          <Link to="/arena">Arena</Link>
        </p>
      ) : null}
      {profile.data?.state === 0 ? (
        <p className="card" role="status">
          Your viking is still onboarding. <Link to="/start">Finish onboarding</Link> to explore and trade.
        </p>
      ) : null}
      {inv ? (
        <p data-testid="balances">
          <strong>{number(inv.runix)}</strong> runix · <strong>{number(inv.onyx)}</strong> onyx
        </p>
      ) : null}
      <WaitingList characterId={characterId} />
      {profile.data?.state === 1 ? <Explore characterId={characterId} /> : null}
      <h2>Veras</h2>
      <div className="grid">
        {(inventory.data?.veras.items ?? []).map((v) => (
          <VeraCard key={v.id} vera={v} invalidate={invalidate} />
        ))}
      </div>
      {inventory.isSuccess && inventory.data.veras.total === 0 ? (
        <p className="muted">
          No veras yet.{' '}
          {profile.data?.state === 1 ? 'Explore an area above.' : <Link to="/start">Finish onboarding.</Link>}
        </p>
      ) : null}
      <h2>Items</h2>
      <ul className="feed">
        {(inv?.items ?? []).map((i) => (
          <li key={i.itemId}>
            {itemName(i.itemId)} × {number(i.quantity)}
          </li>
        ))}
        {inv && inv.items.length === 0 ? <li className="muted">No items.</li> : null}
      </ul>
      <h2>Lootboxes</h2>
      {inv ? <LootBoxes inventory={inv} invalidate={invalidate} /> : null}
      <h2>Amulets</h2>
      <ul className="feed">
        {(inv?.amulets ?? []).map((a) => (
          <li key={`a${a.amuletId}`}>
            Amulet #{a.amuletId} · rarity {a.rarity}
            {a.isSoulbound ? ' · soulbound' : ''}
            {a.veraId ? ` · on vera #${a.veraId}` : ''}
          </li>
        ))}
        {inv && inv.amulets.length === 0 ? <li className="muted">No amulets.</li> : null}
      </ul>
      <h2>Bank</h2>
      <table>
        <thead>
          <tr>
            <th>Slot</th>
            <th>Locked</th>
            <th>Unlocks</th>
            <th>Reward</th>
            <th>Status</th>
            <th />
          </tr>
        </thead>
        <tbody>
          {(inv?.bank.locks ?? []).map(toLock).map((lock) => (
            <tr key={lock.lockIndex}>
              <td>{lock.lockIndex + 1}</td>
              <td>{number(lock.runix)} runix</td>
              <td>{lock.unlockDate ? utcDate(lock.unlockDate) : '—'}</td>
              <td>
                {number(lock.runixReward)} runix + {number(lock.onyxReward)} onyx
              </td>
              <td>{lockStatus(lock, nowS)}</td>
              <td>
                <button
                  type="button"
                  className="secondary"
                  disabled={lock.status !== 'locked' || lock.unlockDate > nowS}
                  onClick={() =>
                    void transact('Unlocking runix', call(config, 'Bank', 'unlockRunix', [lock.lockIndex]), {
                      invalidate,
                    })
                  }
                >
                  Unlock
                </button>
              </td>
            </tr>
          ))}
        </tbody>
      </table>
      <div className="card" style={{ marginTop: 16 }}>
        <ActionForm
          title="Lock runix"
          fields={[
            {
              name: 'lockIndex',
              label: 'Slot',
              kind: 'select',
              options: [0, 1, 2].map((i) => ({ value: String(i), label: `Slot ${i + 1}` })),
            },
            {
              name: 'runix',
              label: 'Runix to lock',
              kind: 'uint',
              min: 1n,
              max: uintMax('Bank', 'lockRunix', 'runix', 64),
            },
          ]}
          submitLabel="Lock runix"
          toastLabel="Locking runix"
          build={(v) => call(config, 'Bank', 'lockRunix', [numberOf(v, 'lockIndex'), bigintOf(v, 'runix')])}
          invalidate={invalidate}
        />
      </div>
      <div className="card" style={{ marginTop: 16 }}>
        <TrackerForm />
      </div>
    </section>
  );
}

function lockStatus(lock: Lock, nowS: number): string {
  if (lock.status !== 'locked') return 'Unlocked';
  return lock.unlockDate > nowS ? 'Locked' : 'Ready to unlock';
}

type Lock = {
  lockIndex: number;
  runix: string;
  unlockDate: number;
  runixReward: string;
  onyxReward: string;
  status: string;
};

/** The gateway passes bank locks through as indexed rows; read the fields the table shows, defensively. */
export function toLock(row: Record<string, unknown>): Lock {
  const text = (v: unknown) => (typeof v === 'string' || typeof v === 'number' ? String(v) : '0');
  return {
    lockIndex: Number(row.lockIndex ?? 0),
    runix: text(row.runix),
    unlockDate: Number(row.unlockDate ?? 0),
    runixReward: text(row.runixReward),
    onyxReward: text(row.onyxReward),
    status: typeof row.status === 'string' ? row.status : 'locked',
  };
}
