/** Home: the game's pulse (recent activity, live mints) and the top players. */
import { useQuery } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import { activityQueryOptions, leaderboardQueryOptions } from '../../api/queries.ts';
import { ArtImage } from '../../art/art-image.tsx';
import { artPath } from '../../art/paths.ts';
import { relativeTime } from '../../lib/format.ts';
import { useApi } from '../../lib/hooks.ts';
import { describeActivity } from '../../live/describe.ts';
import { mintDetail, mintHeadline, mintPayload } from '../../live/mint.ts';
import type { ActivityEvent } from '../../live/protocol.ts';
import { StartCallout } from './start-callout.tsx';

export function HomePage() {
  const api = useApi();
  const top = useQuery(leaderboardQueryOptions(api, 1));
  const pulse = useQuery(activityQueryOptions(api));
  const mints = useQuery(activityQueryOptions(api, { type: 'mint' }));
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
          <ul className="feed">
            {(pulse.data?.items ?? []).slice(0, 10).map((event) => (
              <li key={event.cursor}>
                <span className="muted">{relativeTime(event.timestamp)}</span>
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
          <ol className="feed">
            {(top.data?.items ?? []).slice(0, 10).map((row) => (
              <li key={row.characterId}>
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
          <ul className="feed">
            {allMints.map((event) => {
              const mint = mintPayload(event);
              if (!mint) return null;
              return (
                <li key={event.cursor}>
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
