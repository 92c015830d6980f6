/** Home: the game's pulse (recent activity, live mints) and the top players. */
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import type { CSSProperties } from 'react';
import { activityQueryOptions, HOME_MINTS, HOME_PULSE, leaderboardQueryOptions } from '../../api/queries.ts';
import { ArtImage } from '../../art/art-image.tsx';
import { artPath } from '../../art/paths.ts';
import { RelativeTime } from '../../components/relative-time.tsx';
import { useApi } from '../../lib/hooks.ts';
import { describeActivity } from '../../live/describe.ts';
import { mintDetail, mintHeadline, mintPayload } from '../../live/mint.ts';
import { refreshLive } from '../../live/refresh.ts';
import { useLiveView } from '../../live/use-live-view.ts';
import { StartCallout } from './start-callout.tsx';

const ALL = { topics: ['all' as const] };
const MINTS = { topics: ['mint' as const] };
const BATTLES = { topics: ['battle' as const], confirmedOnly: true };

export function HomePage() {
  const api = useApi();
  const queryClient = useQueryClient();
  const top = useQuery(leaderboardQueryOptions(api, 1));
  const pulse = useQuery(activityQueryOptions(api, HOME_PULSE));
  const mints = useQuery(activityQueryOptions(api, HOME_MINTS));
  // each panel follows the stream from the cursor its rows were read at (the server's HTML carries them)
  const pulseRows = useLiveView({
    request: ALL,
    from: pulse.data?.asOf,
    history: pulse.data?.items,
    keep: HOME_PULSE.limit,
  }).events;
  const allMints = useLiveView({
    request: MINTS,
    from: mints.data?.asOf,
    history: mints.data?.items,
    keep: HOME_MINTS.limit,
  }).events;
  // the board has no rows of the stream: a battle after its read refetches it
  useLiveView({
    request: BATTLES,
    from: top.data?.asOf,
    keep: 0,
    enabled: top.data !== undefined,
    onLive: () => {
      if (top.data?.asOf == null) void queryClient.invalidateQueries({ queryKey: ['leaderboard'] });
    },
    onConfirmed: () => refreshLive(queryClient, ['leaderboard']),
    onRetracted: () => refreshLive(queryClient, ['leaderboard']),
  });
  return (
    <div>
      <StartCallout />
      <section className="hero">
        <h1>Skald</h1>
        <p className="muted">Every claw, rune and battle of the game, sung as it happens.</p>
        <div className="row">
          <Link to="/live" className="button">
            Watch it live
          </Link>
          <Link to="/top" className="magnetic">
            Leaderboard
          </Link>
        </div>
      </section>
      <div className="grid home-grid" style={{ marginTop: 24 }}>
        <section className="card" aria-labelledby="pulse-title">
          <h2 id="pulse-title">Pulse</h2>
          {/* rows keyed by position and one line high: a live event rewrites them in place, nothing moves */}
          <ul className="feed feed-fixed" style={{ '--rows': 10 } as CSSProperties}>
            {pulseRows.slice(0, 10).map((event, i) => (
              <li
                // biome-ignore lint/suspicious/noArrayIndexKey: rows stay in place while their content changes
                key={i}
                data-cursor={event.cursor}
                data-provisional={event.provisional ? 'true' : undefined}
              >
                <RelativeTime at={event.timestamp} />
                <span>{describeActivity(event)}</span>
              </li>
            ))}
            {pulse.isError ? (
              <li className="muted">The pulse is quiet: the gateway did not answer.</li>
            ) : null}
          </ul>
        </section>
        <section className="card" aria-labelledby="top-title">
          <h2 id="top-title">Top players</h2>
          <ol className="feed feed-fixed" style={{ '--rows': 10 } as CSSProperties}>
            {(top.data?.items ?? []).slice(0, 10).map((row, i) => (
              // biome-ignore lint/suspicious/noArrayIndexKey: rows stay in place while ranks change
              <li key={i}>
                <span className="pill">#{row.rank}</span>
                <Link to="/viking/$id" params={{ id: row.characterId }}>
                  {row.name}
                </Link>
                <span className="muted">{row.elo}</span>
              </li>
            ))}
          </ol>
        </section>
        <section className="card" aria-labelledby="mints-title">
          <h2 id="mints-title">Recent mints</h2>
          <ul className="feed feed-fixed" style={{ '--rows': 8 } as CSSProperties}>
            {allMints.map((event, i) => {
              const mint = mintPayload(event);
              if (!mint) return null;
              return (
                // biome-ignore lint/suspicious/noArrayIndexKey: rows stay in place while new mints arrive
                <li key={i} data-cursor={event.cursor}>
                  <ArtImage src={artPath.species(mint.species)} alt="" size={32} />
                  <Link to="/vera/$id" params={{ id: mint.veraId }}>
                    {mintHeadline(mint)}
                  </Link>
                  <span className="muted">{mintDetail(mint)}</span>
                </li>
              );
            })}
          </ul>
        </section>
      </div>
    </div>
  );
}
