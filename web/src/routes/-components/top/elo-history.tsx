import { BATTLE_TYPE_LABELS, codeLabel } from '@skald/game';
import type { EloPoint } from '../../../api/queries.ts';
import { EloChart } from '../../../components/elo-chart.tsx';

/** The elo chart of the viking in focus, on this board's battle type. */
export function EloHistory({
  focus,
  focusName,
  points,
  type,
}: {
  focus: string;
  focusName: string | undefined;
  points: EloPoint[] | undefined;
  type: number;
}) {
  return (
    <div className="card" style={{ marginBottom: 16 }}>
      <h2>Elo history · {focusName ?? `viking #${focus}`}</h2>
      <EloChart
        points={points ?? []}
        label={`Elo after each ${codeLabel(BATTLE_TYPE_LABELS, type) ?? ''} battle`}
      />
    </div>
  );
}
