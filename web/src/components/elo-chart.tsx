/**
 * Elo after each battle as a line chart with axes: elo on the left (ticks at round values), the battle number
 * along the bottom, a dot per battle with its value on hover or keyboard focus.
 */
import { useState } from 'react';
import type { EloPoint } from '../api/queries.ts';
import { ticks } from '../lib/ticks.ts';
import { ValueGrid } from './chart-grid.tsx';

const W = 640;
const H = 200;
const PAD = { left: 48, right: 16, top: 16, bottom: 32 };

export { ticks };

export type ChartPoint = { x: number; y: number; elo: number; battle: number; change: number };

/** Screen positions: the first point is the elo before the first battle (battle 0). */
export function chartPoints(points: EloPoint[]): { points: ChartPoint[]; yTicks: number[] } {
  if (points.length === 0) return { points: [], yTicks: [] };
  const values = [points[0]?.eloBefore ?? 1000, ...points.map((p) => p.eloAfter)];
  const yTicks = ticks(Math.min(...values), Math.max(...values));
  const lo = yTicks[0] ?? 0;
  const hi = yTicks[yTicks.length - 1] ?? 1;
  const innerW = W - PAD.left - PAD.right;
  const innerH = H - PAD.top - PAD.bottom;
  return {
    yTicks,
    points: values.map((elo, i) => ({
      x: PAD.left + (i / Math.max(values.length - 1, 1)) * innerW,
      y: PAD.top + innerH - ((elo - lo) / Math.max(hi - lo, 1)) * innerH,
      elo,
      battle: i,
      change: i === 0 ? 0 : elo - (values[i - 1] ?? elo),
    })),
  };
}

export function eloPath(points: EloPoint[]): string {
  return chartPoints(points)
    .points.map((p, i) => `${i === 0 ? 'M' : 'L'}${p.x.toFixed(1)} ${p.y.toFixed(1)}`)
    .join(' ');
}

export function EloChart({ points, label }: { points: EloPoint[]; label: string }) {
  const [active, setActive] = useState<number | undefined>(undefined);
  const chart = chartPoints(points);
  if (chart.points.length === 0) return <p className="muted">No rated battles yet.</p>;
  const lo = chart.yTicks[0] ?? 0;
  const hi = chart.yTicks[chart.yTicks.length - 1] ?? 1;
  const innerH = H - PAD.top - PAD.bottom;
  const yOf = (v: number) => PAD.top + innerH - ((v - lo) / Math.max(hi - lo, 1)) * innerH;
  const last = chart.points.length - 1;
  const xTicks = [...new Set([0, Math.round(last / 2), last])];
  const shown = active === undefined ? undefined : chart.points[active];
  return (
    <figure className="elo-chart">
      <svg viewBox={`0 0 ${W} ${H}`} role="img" aria-label={label} className="chart">
        <ValueGrid ticks={chart.yTicks} yOf={yOf} left={PAD.left} right={W - PAD.right} />
        {xTicks.map((i) => (
          <text
            key={`x${i}`}
            className="tick"
            x={chart.points[i]?.x ?? PAD.left}
            y={H - PAD.bottom + 18}
            textAnchor="middle"
          >
            {i === 0 ? 'start' : `battle ${i}`}
          </text>
        ))}
        <text
          className="axis-label"
          x={12}
          y={PAD.top + innerH / 2}
          transform={`rotate(-90 12 ${PAD.top + innerH / 2})`}
        >
          elo
        </text>
        <path d={eloPath(points)} />
        {chart.points.map((p, i) => (
          // biome-ignore lint/a11y/useSemanticElements: an SVG point cannot be a <button>; it is focusable and labelled
          <circle
            key={`p${p.battle}`}
            cx={p.x}
            cy={p.y}
            r={active === i ? 6 : 4}
            tabIndex={0}
            role="button"
            aria-label={`${p.battle === 0 ? 'Start' : `Battle ${p.battle}`}: elo ${p.elo}`}
            onMouseEnter={() => setActive(i)}
            onMouseLeave={() => setActive(undefined)}
            onFocus={() => setActive(i)}
            onBlur={() => setActive(undefined)}
          >
            <title>{`${p.battle === 0 ? 'Start' : `Battle ${p.battle}`}: ${p.elo}`}</title>
          </circle>
        ))}
        {shown ? (
          <g className="chart-tooltip">
            <rect
              x={Math.min(Math.max(shown.x - 60, PAD.left), W - PAD.right - 120)}
              y={Math.max(shown.y - 40, 0)}
              width={120}
              height={28}
              rx={6}
            />
            <text
              x={Math.min(Math.max(shown.x, PAD.left + 60), W - PAD.right - 60)}
              y={Math.max(shown.y - 21, 19)}
              textAnchor="middle"
            >
              {shown.battle === 0
                ? `start ${shown.elo}`
                : `${shown.elo} (${shown.change >= 0 ? '+' : '−'}${Math.abs(shown.change)})`}
            </text>
          </g>
        ) : null}
      </svg>
      <figcaption className="muted">{label}</figcaption>
    </figure>
  );
}
