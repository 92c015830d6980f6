/** Home: the game's pulse (recent activity, live mints) and the top players. */
import { useQuery } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import type { CSSProperties } from 'react';
import { activityQueryOptions, HOME_MINTS, HOME_PULSE, leaderboardQueryOptions } from '../../api/queries.ts';
import { ArtImage } from '../../art/art-image.tsx';
import { artPath } from '../../art/paths.ts';
import { RelativeTime } from '../../components/relative-time.tsx';
import { useApi } from '../../lib/hooks.ts';
import { describeActivity } from '../../live/describe.ts';
import { mintDetail, mintHeadline, mintPayload } from '../../live/mint.ts';
import type { ActivityEvent } from '../../live/protocol.ts';
import { StartCallout } from './start-callout.tsx';

export function HomePage() {
  const api = useApi();
  const top = useQuery(leaderboardQueryOptions(api, 1));
  const pulse = useQuery(activityQueryOptions(api, HOME_PULSE));
  const mints = useQuery(activityQueryOptions(api, HOME_MINTS));
  const liveMints = useQuery<ActivityEvent[]>({
    queryKey: ['recent-mints-live'],
    queryFn: () => [],
    staleTime: Number.POSITIVE_INFINITY,
  });
  const allMints = dedupe([...(liveMints.data ?? []), ...(mints.data?.items ?? [])]).slice(0, 8);
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
            {(pulse.data?.items ?? []).slice(0, 10).map((event, i) => (
              // biome-ignore lint/suspicious/noArrayIndexKey: rows stay in place while their content changes
              <li key={i}>
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
                <li key={i}>
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

function dedupe(events: ActivityEvent[]): ActivityEvent[] {
  const seen = new Set<string>();
  const out: ActivityEvent[] = [];
  for (const event of events) {
    if (seen.has(event.cursor)) continue;
    seen.add(event.cursor);
    out.push(event);
  }
  return out;
}
