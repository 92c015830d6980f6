/** The Vera page body: art, identity, abilities, the six public stats, owner, origin and histories. */
import {
  codeLabel,
  findAbility,
  findMainRune,
  findPersonality,
  findSpecies,
  getSubRune,
  STAT_KEYS,
  VERA_ORIGIN_LABELS,
} from '@skald/game';
import type { Vera, VeraRecord } from '@skald/wire/rest';
import { Link } from '@tanstack/react-router';
import { ArtImage } from '../../art/art-image.tsx';
import { artPath } from '../../art/paths.ts';
import { shortAddress, utcDate } from '../../lib/format.ts';
import { MINT_METHOD_LABELS } from '../../live/mint.ts';

/** The record's first entry is the vera (spec section 7), whatever its key. */
export function veraOf(record: VeraRecord): Vera {
  return (Object.values(record)[0] as Vera | undefined) ?? record.vera;
}

export function VeraView({ record }: { record: VeraRecord }) {
  const vera = veraOf(record);
  const species = findSpecies(vera.species);
  const rune = findMainRune(vera.mainRune);
  const personality = findPersonality(vera.personality);
  const subStat = getSubRune(vera.subRune).stat;
  const mint = record.mint;
  const origin = mint ? (codeLabel(VERA_ORIGIN_LABELS, mint.origin) ?? mint.originName) : undefined;
  return (
    <article className="vera-page">
      <div className="row" style={{ alignItems: 'flex-start', gap: 24 }}>
        <ArtImage
          src={artPath.species(vera.species)}
          alt={species?.name ?? 'Vera'}
          size={240}
          sizes="(max-width: 720px) calc(100vw - 24px), 240px"
          priority
          className="art"
        />
        <div style={{ flex: 1, minWidth: 260 }}>
          <h1>
            Vera #{vera.id} <span className="muted">· {species?.name ?? 'Unknown'}</span>
          </h1>
          <p className="muted">{species?.description}</p>
          <div className="row">
            <span className="pill">Level {vera.level}</span>
            {rune ? (
              <span className="row" style={{ gap: 4 }}>
                <ArtImage src={artPath.rune(rune.id)} alt="" size={28} />
                <span>{rune.name} rune</span>
              </span>
            ) : null}
            <span className="row" style={{ gap: 4 }}>
              <ArtImage src={artPath.subRune(vera.species, vera.mainRune, vera.subRune)} alt="" size={28} />
              <span>Sub-rune of {subStat}</span>
            </span>
            {personality ? <span className="pill">{personality.name}</span> : null}
          </div>
          <p>
            Owner: <span data-testid="vera-owner">{vera.owner.name || shortAddress(vera.owner.address)}</span>
            {origin ? <span className="muted"> · {origin}</span> : null}
            {mint && MINT_METHOD_LABELS[mint.method] && mint.method !== 'other' ? (
              <span className="muted" data-testid="vera-mint-method">
                {' '}
                · {MINT_METHOD_LABELS[mint.method]}
              </span>
            ) : null}
            {mint ? (
              <span className="muted">
                {' '}
                · minted {utcDate(mint.timestamp)} by{' '}
                <Link to="/viking/$id" params={{ id: mint.characterId }}>
                  {mint.characterName ?? `viking #${mint.characterId}`}
                </Link>
              </span>
            ) : null}
          </p>
          <p className="muted">
            Record: {vera.record.wins} won · {vera.record.losses} lost · {vera.record.ties} tied ·{' '}
            {vera.experience} experience
          </p>
        </div>
      </div>

      <section aria-labelledby="stats-title">
        <h2 id="stats-title">
          Stats <span className="muted">(total {vera.statTotal ?? '—'})</span>
        </h2>
        <dl className="stat-grid">
          {STAT_KEYS.map((key) => (
            <div className="stat" key={key} data-stat={key}>
              <dt>{key}</dt>
              <dd>{vera.publicStats?.[key] ?? '—'}</dd>
            </div>
          ))}
        </dl>
      </section>

      <section aria-labelledby="abilities-title">
        <h2 id="abilities-title">Abilities</h2>
        {vera.abilities.length === 0 ? <p className="muted">No abilities learned yet.</p> : null}
        <ul className="feed">
          {vera.abilities.map((id) => {
            const ability = findAbility(id);
            return (
              <li key={id}>
                <ArtImage src={artPath.ability(id)} alt="" size={40} />
                <div>
                  <strong>{ability?.name ?? `Ability ${id}`}</strong>
                  <div className="muted">{ability?.description}</div>
                </div>
              </li>
            );
          })}
        </ul>
      </section>

      <section aria-labelledby="history-title">
        <h2 id="history-title">History</h2>
        <ul className="feed">
          {(record.transfers ?? []).map((t) => (
            <li key={`${t.txHash}-${t.to}`}>
              <span className="muted">{utcDate(t.timestamp)}</span>
              <span>
                {BigInt(t.from) === 0n ? 'Minted to' : `${shortAddress(t.from)} →`} {shortAddress(t.to)}
              </span>
            </li>
          ))}
          {(record.battles ?? []).map((b) => (
            <li key={b.battleId}>
              <span className="muted">{utcDate(b.startedAt)}</span>
              <span>
                Battle #{b.battleId}: {b.outcome ?? b.status}
              </span>
            </li>
          ))}
          {(record.transfers ?? []).length + (record.battles ?? []).length === 0 ? (
            <li className="muted">Nothing yet.</li>
          ) : null}
        </ul>
      </section>
    </article>
  );
}
