/** A chart's value axis: a grid line across the plot and its label at the left edge, one per tick. */
export function ValueGrid(props: {
  ticks: number[];
  /** the y coordinate of a value */
  yOf: (value: number) => number;
  left: number;
  right: number;
}) {
  return props.ticks.map((v) => (
    <g key={`y${v}`} className="tick">
      <line x1={props.left} x2={props.right} y1={props.yOf(v)} y2={props.yOf(v)} />
      <text x={props.left - 6} y={props.yOf(v) + 4} textAnchor="end">
        {v}
      </text>
    </g>
  ));
}
