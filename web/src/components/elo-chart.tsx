/** A small SVG line chart of elo after each battle. */
import type { EloPoint } from '../api/types.ts';

export function eloPath(points: EloPoint[], width: number, height: number): string {
  if (points.length === 0) return '';
  const values = [points[0]?.eloBefore ?? 1000, ...points.map((p) => p.eloAfter)];
  const min = Math.min(...values);
  const max = Math.max(...values);
  const span = Math.max(max - min, 1);
  return values
    .map((v, i) => {
      const x = (i / Math.max(values.length - 1, 1)) * width;
      const y = height - ((v - min) / span) * (height - 8) - 4;
      return `${i === 0 ? 'M' : 'L'}${x.toFixed(1)} ${y.toFixed(1)}`;
    })
    .join(' ');
}

export function EloChart({ points, label }: { points: EloPoint[]; label: string }) {
  const d = eloPath(points, 600, 120);
  return (
    <svg className="chart" viewBox="0 0 600 120" role="img" aria-label={label} preserveAspectRatio="none">
      {d ? <path d={d} /> : null}
    </svg>
  );
}
