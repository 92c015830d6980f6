import { CLAN_STATUS_LABELS, codeLabel } from '@skald/game';
import type { ClanDetail } from '@skald/wire/rest';
import { Link } from '@tanstack/react-router';
import { number } from '../../../lib/format.ts';

/** The clan's name, status, points, jarl, description and wisp. */
export function ClanHeader({ clan }: { clan: ClanDetail['clan'] }) {
  const needed = Number(clan.wisp.experienceNeeded) || 1;
  return (
    <>
      <h1>
        [{clan.tag}] {clan.name}
      </h1>
      <p className="muted">
        {codeLabel(CLAN_STATUS_LABELS, clan.status) ?? clan.statusName} · {number(clan.points)} points · jarl{' '}
        <Link to="/viking/$id" params={{ id: clan.jarl.characterId }}>
          {clan.jarl.name}
        </Link>
      </p>
      <p>{clan.description}</p>
      <div className="card" style={{ maxWidth: 420 }}>
        <strong>Wisp level {clan.wisp.level}</strong>
        <progress
          max={needed}
          value={Number(clan.wisp.experience)}
          aria-label="Wisp experience"
          style={{ width: '100%' }}
        />
        <span className="muted">
          {clan.wisp.experience} / {clan.wisp.experienceNeeded} experience
        </span>
      </div>
    </>
  );
}
