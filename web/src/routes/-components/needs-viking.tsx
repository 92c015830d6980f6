/** What a page that needs a viking shows without one: connect first, or create the viking. */
import { useQuery } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import { vikingDataQueryOptions } from '../../api/queries.ts';
import { ConnectButton } from '../../components/header/connect-button.tsx';
import { useApi, usePlayer } from '../../lib/hooks.ts';

export function NeedsViking({ title, what }: { title: string; what: string }) {
  const player = usePlayer();
  const api = useApi();
  const connected = player.status === 'connected' && player.address;
  const record = useQuery({
    ...vikingDataQueryOptions(api, player.address ?? '0x'),
    enabled: Boolean(connected),
  });
  return (
    <section>
      <h1>{title}</h1>
      {connected && record.isPending ? <p className="muted">Reading your viking…</p> : null}
      {connected && record.isPending ? null : connected ? (
        <div className="card">
          <p>You need a viking to {what}. Creating one takes a minute.</p>
          <Link to="/start" className="button">
            Create your viking
          </Link>
        </div>
      ) : (
        <div className="card">
          <p className="muted">Connect your wallet to {what}.</p>
          <ConnectButton />
        </div>
      )}
    </section>
  );
}
