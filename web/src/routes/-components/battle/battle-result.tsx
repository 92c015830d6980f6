import { BattleOutcome } from '@skald/game';
import type { BattleDetail } from '@skald/wire/rest';

function resultText(battle: BattleDetail): string {
  if (battle.status !== 'resolved') return 'In progress';
  if (battle.result === BattleOutcome.tie) return 'A tie';
  const winner = battle.sides[battle.result === BattleOutcome.aWon ? 0 : 1];
  return `${winner?.name ?? 'Unknown'} won${battle.endReason === 'timeout' ? ' by timeout' : ''}`;
}

/** Who let the turn run out, in words: "Astrid did not submit in time." */
function forfeitText(battle: BattleDetail): string | null {
  if (battle.endReason !== 'timeout' || battle.forfeited === null) return null;
  const names = battle.sides
    .filter((s) => battle.forfeited === 'both' || battle.forfeited === s.side)
    .map((s) => s.name || `viking #${s.characterId}`);
  return `${names.join(' and ')} did not submit in time.`;
}

/** Who won (or that it runs on), and who forfeited by letting the turn run out. */
export function BattleResult({ battle }: { battle: BattleDetail }) {
  return (
    <p role="status" data-testid="battle-result" className="battle-result">
      <strong>{resultText(battle)}</strong>
      {forfeitText(battle) ? <span className="muted"> · {forfeitText(battle)}</span> : null}
    </p>
  );
}
