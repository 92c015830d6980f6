/** A connected wallet without a viking, or a viking still onboarding, is pointed to /start. */
import { useQuery } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import { isNotFound } from '../../api/client.ts';
import { vikingDataQueryOptions, vikingQueryOptions } from '../../api/queries.ts';
import { useApi, usePlayer } from '../../lib/hooks.ts';

export function StartCallout() {
  const api = useApi();
  const player = usePlayer();
  const connected = player.status === 'connected' && player.address !== undefined;
  const record = useQuery({ ...vikingDataQueryOptions(api, player.address ?? '0x'), enabled: connected });
  const profile = useQuery({
    ...vikingQueryOptions(api, player.characterId ?? '0'),
    enabled: player.characterId !== undefined,
  });
  const noViking = connected && (isNotFound(record.error) || (record.isSuccess && !record.data.characterId));
  const onboarding = profile.data?.state === 0;
  if (!noViking && !onboarding) return null;
  return (
    <div className="card" role="status" style={{ marginBottom: 16 }}>
      {noViking ? 'This wallet has no viking yet.' : 'Your viking has not finished onboarding.'}{' '}
      <Link to="/start" className="button">
        {noViking ? 'Create your viking' : 'Finish onboarding'}
      </Link>
    </div>
  );
}
