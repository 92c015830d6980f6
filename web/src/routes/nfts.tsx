import { useQuery } from '@tanstack/react-query';
import { createFileRoute, Link } from '@tanstack/react-router';
import { inventoryQueryOptions, vikingQueryOptions } from '../api/queries.ts';
import { WaitingList } from '../components/waiting.tsx';
import { useApi, usePlayer } from '../lib/hooks.ts';
import { useNowSeconds } from '../lib/use-now.ts';
import { Explore } from './-components/explore.tsx';
import { LootBoxes, TrackerForm, VeraCard } from './-components/home-sections.tsx';
import { NeedsViking } from './-components/needs-viking.tsx';
import { Bank } from './-components/nfts/bank.tsx';
import { Amulets, Items } from './-components/nfts/holdings.tsx';
import { ProfileLine } from './-components/nfts/profile-line.tsx';

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
      <ProfileLine characterId={characterId} profile={profile.data} inv={inv} />
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
      <Items inv={inv} />
      <h2>Lootboxes</h2>
      {inv ? <LootBoxes inventory={inv} invalidate={invalidate} /> : null}
      <Amulets inv={inv} />
      <Bank inv={inv} invalidate={invalidate} nowS={nowS} />
      <div className="card" style={{ marginTop: 16 }}>
        <TrackerForm />
      </div>
    </section>
  );
}
