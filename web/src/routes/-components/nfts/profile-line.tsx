import type { InventoryData, Viking } from '@skald/wire/rest';
import { Link } from '@tanstack/react-router';
import { number } from '../../../lib/format.ts';

/** Who the player is (viking, clan, the way to the arena), whether onboarding is left, and their balances. */
export function ProfileLine({
  characterId,
  profile,
  inv,
}: {
  characterId: string;
  profile: Viking | undefined;
  inv: InventoryData | undefined;
}) {
  return (
    <>
      {profile ? (
        <p>
          <Link to="/viking/$id" params={{ id: characterId }}>
            {profile.name}
          </Link>
          {profile.clan ? ` · [${profile.clan.tag}] ${profile.clan.name}` : ' · no clan'}
          {' · '}
          <Link to="/arena">Arena</Link>
        </p>
      ) : null}
      {profile?.state === 0 ? (
        <p className="card" role="status">
          Your viking is still onboarding. <Link to="/start">Finish onboarding</Link> to explore and trade.
        </p>
      ) : null}
      {inv ? (
        <p data-testid="balances">
          <strong>{number(inv.runix)}</strong> runix · <strong>{number(inv.onyx)}</strong> onyx
        </p>
      ) : null}
    </>
  );
}
