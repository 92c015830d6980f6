import { BATTLE_TYPE_LABELS, CLAN_RANK_LABELS, codeLabel } from '@skald/game';
import type { Vera } from '@skald/wire/rest';
import { useSuspenseQuery } from '@tanstack/react-query';
import { createFileRoute, Link } from '@tanstack/react-router';
import { useState } from 'react';
import { vikingBattlesQueryOptions, vikingQueryOptions } from '../api/queries.ts';
import { ArtImage } from '../art/art-image.tsx';
import { artPath } from '../art/paths.ts';
import { shortAddress, utcDate } from '../lib/format.ts';
import { useApi, usePlayer } from '../lib/hooks.ts';
import { orNotFound } from '../lib/load.ts';
import { BattleList } from './-components/battle-list.tsx';

export const Route = createFileRoute('/viking/$id')({
  loader: ({ context, params }) =>
    orNotFound(params.id, async () => {
      // the battle list comes with the page too (no fetch after hydration pushing the page down)
      const [viking] = await Promise.all([
        context.queryClient.ensureQueryData(vikingQueryOptions(context.api, params.id)),
        context.queryClient
          .ensureQueryData(vikingBattlesQueryOptions(context.api, params.id))
          .catch(() => undefined),
      ]);
      return viking;
    }),
  head: ({ loaderData }) => ({
    meta: [
      { title: `${loaderData?.name ?? 'Viking'} · Skald` },
      {
        name: 'description',
        content: `${loaderData?.name ?? 'A viking'} of Skald: clan, elo per battle type, veras and battles.`,
      },
    ],
  }),
  component: VikingPage,
});

function VikingPage() {
  const { id } = Route.useParams();
  const { api } = Route.useRouteContext();
  const { data: viking } = useSuspenseQuery(vikingQueryOptions(api, id));
  const isMe = usePlayer().characterId === viking.characterId;
  return (
    <article>
      {isMe ? (
        <nav className="row" aria-label="Your viking">
          <Link to="/nfts" className="button">
            Your home
          </Link>
          <Link to="/arena" className="button secondary">
            Arena
          </Link>
          {viking.state === 0 ? <Link to="/start">Finish onboarding</Link> : null}
        </nav>
      ) : null}
      <h1>
        {viking.name} <span className="muted">· viking #{viking.characterId}</span>
      </h1>
      <p className="muted">
        {shortAddress(viking.account)}
        {viking.registeredAt ? ` · joined ${utcDate(viking.registeredAt)}` : ''}
        {viking.clan ? (
          <>
            {' · '}
            <Link to="/clans/$id" params={{ id: viking.clan.id }}>
              [{viking.clan.tag}] {viking.clan.name}
            </Link>{' '}
            ({codeLabel(CLAN_RANK_LABELS, viking.clan.rank) ?? 'Member'})
          </>
        ) : (
          ' · no clan'
        )}
      </p>
      <section aria-labelledby="elo-title">
        <h2 id="elo-title">Elo</h2>
        {viking.elo.length === 0 ? <p className="muted">No rated battles yet.</p> : null}
        <dl className="row">
          {viking.elo.map((e) => (
            <div className="stat" key={e.battleType}>
              <dt>{codeLabel(BATTLE_TYPE_LABELS, e.battleType) ?? `Type ${e.battleType}`}</dt>
              <dd>{e.elo}</dd>
              <dd className="muted stat-note">{e.battles} battles</dd>
            </div>
          ))}
        </dl>
      </section>
      <VeraSection characterId={viking.characterId} first={viking.veras} />
      <section aria-labelledby="battles-title">
        <h2 id="battles-title">Battles</h2>
        <p className="muted">
          {viking.record.battles} battles · {viking.record.wins} won · {viking.record.losses} lost ·{' '}
          {viking.record.ties} tied
        </p>
        <BattleList characterId={viking.characterId} />
      </section>
    </article>
  );
}

const VERA_PAGE = 100;

/** A viking's veras, newest first: the profile's first page, then "Show more" a page at a time, with the count. */
function VeraSection({
  characterId,
  first,
}: {
  characterId: string;
  first: { total: number; items: Vera[] };
}) {
  const api = useApi();
  const [more, setMore] = useState<Vera[]>([]);
  const [loading, setLoading] = useState(false);
  const [error, setError] = useState<string | undefined>(undefined);
  const shown = [...first.items, ...more];
  const left = first.total - shown.length;
  const loadMore = async () => {
    const before = shown.at(-1)?.id;
    if (!before) return;
    setLoading(true);
    setError(undefined);
    try {
      const page = await api.call('vikingVeras', {
        params: { characterId },
        query: { before, limit: VERA_PAGE },
      });
      setMore((old) => [...old, ...page.items]);
    } catch (e) {
      setError(e instanceof Error ? e.message : String(e));
    } finally {
      setLoading(false);
    }
  };
  return (
    <section aria-labelledby="veras-title">
      <h2 id="veras-title">
        Veras <span className="muted">({first.total})</span>
      </h2>
      <div className="grid">
        {shown.map((v) => (
          <Link key={v.id} to="/vera/$id" params={{ id: v.id }} className="card row">
            <ArtImage src={artPath.species(v.species)} alt="" size={48} />
            <span>
              Vera #{v.id} · level {v.level} · total {v.statTotal ?? '—'}
            </span>
          </Link>
        ))}
      </div>
      {first.total === 0 ? <p className="muted">No veras yet.</p> : null}
      {shown.length > 0 && first.total > 0 ? (
        <p className="muted" role="status">
          Showing {shown.length} of {first.total}
          {left > 0 ? (
            <>
              {' · '}
              <button type="button" className="secondary" disabled={loading} onClick={() => void loadMore()}>
                {loading ? 'Loading…' : `Show ${Math.min(left, VERA_PAGE)} more`}
              </button>
            </>
          ) : null}
        </p>
      ) : null}
      {error ? (
        <p className="form-errors" role="alert">
          Could not load more veras: {error}
        </p>
      ) : null}
    </section>
  );
}
