/** The horizontal value grid of a chart: one line and label per tick, shared by the Elo and activity charts. */
export function ValueGrid({
  ticks,
  yOf,
  left,
  right,
}: {
  ticks: readonly number[];
  yOf: (v: number) => number;
  left: number;
  right: number;
}) {
  return (
    <>
      {ticks.map((v) => (
        <g key={`y${v}`} className="tick">
          <line x1={left} x2={right} y1={yOf(v)} y2={yOf(v)} />
          <text x={left - 6} y={yOf(v) + 4} textAnchor="end">
            {v}
          </text>
        </g>
      ))}
    </>
  );
}
