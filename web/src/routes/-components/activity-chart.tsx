/**
 * /live's activity chart: events per 10 s over the last 5 minutes as bars, with a count axis (round ticks) on
 * the left, a time axis ("5 min ago" … "now") along the bottom, and a tooltip per bar on hover or keyboard
 * (arrow keys move between bars). The gateway counts the part of the window older than the loaded rows
 * (`/api/activity/seconds`); buckets the page still cannot count (while that loads, or past what it could read)
 * are drawn hatched. Memoized: it renders again only when its counts or clock move (see live-feed.tsx).
 */
import { memo, useState } from 'react';
import { ValueGrid } from '../../components/chart-grid.tsx';
import { ticks } from '../../lib/ticks.ts';

const W = 640;
const H = 150;
const PAD = { left: 40, right: 12, top: 12, bottom: 28 };
export const BUCKET_S = 10;
export const BUCKETS = 30;

export type ChartProps = {
  /** events per bucket, oldest first (see activityRate) */
  counts: number[];
  /** unix seconds the last bucket ends at */
  nowS: number;
  /** unix seconds from which the page has every event; earlier buckets are unknown (null: all known) */
  knownFrom: number | null;
  label: string;
};

const clock = (unixS: number) => new Date(unixS * 1000).toISOString().slice(11, 19);

export const ActivityChart = memo(function ActivityChart({ counts, nowS, knownFrom, label }: ChartProps) {
  const [active, setActive] = useState<number | undefined>(undefined);
  const innerW = W - PAD.left - PAD.right;
  const innerH = H - PAD.top - PAD.bottom;
  const yTicks = ticks(0, Math.max(4, ...counts), 4);
  const top = yTicks[yTicks.length - 1] ?? 1;
  const yOf = (v: number) => PAD.top + innerH - (v / top) * innerH;
  const slot = innerW / counts.length;
  const start = nowS - BUCKET_S * counts.length;
  const bucketStart = (i: number) => start + i * BUCKET_S;
  const known = (i: number) => knownFrom === null || bucketStart(i) >= knownFrom;
  const total = counts.reduce((a, b) => a + b, 0);
  const minutes = (counts.length * BUCKET_S) / 60;
  // what the total covers: the whole window, or only the part since the loaded history begins
  const partial = knownFrom !== null && knownFrom > start;
  const covers = partial ? `since ${clock(knownFrom as number)} UTC` : `in the last ${minutes} minutes`;
  const xTicks = Array.from({ length: minutes + 1 }, (_, m) => m);
  const shown = active;
  const tip =
    shown === undefined
      ? undefined
      : known(shown)
        ? `${counts[shown] ?? 0} event${counts[shown] === 1 ? '' : 's'} · ${clock(bucketStart(shown))}–${clock(bucketStart(shown) + BUCKET_S)} UTC`
        : `not loaded · ${clock(bucketStart(shown))} UTC`;
  const tipX =
    shown === undefined ? 0 : Math.min(Math.max(PAD.left + (shown + 0.5) * slot - 110, 0), W - 220);
  return (
    <figure className="activity-chart" style={{ margin: '12px 0' }}>
      <svg
        viewBox={`0 0 ${W} ${H}`}
        className="chart"
        role="img"
        aria-label={`${label}: ${total} events ${covers}`}
        // biome-ignore lint/a11y/noNoninteractiveTabindex: the chart takes arrow keys to move its tooltip between bars
        tabIndex={0}
        onKeyDown={(e) => {
          if (e.key !== 'ArrowLeft' && e.key !== 'ArrowRight') return;
          e.preventDefault();
          const step = e.key === 'ArrowLeft' ? -1 : 1;
          setActive((a) => Math.min(counts.length - 1, Math.max(0, (a ?? counts.length) + step)));
        }}
        onBlur={() => setActive(undefined)}
        onMouseMove={(e) => {
          // the bucket under the pointer, bars of zero height included (in the chart's own coordinates)
          const matrix = e.currentTarget.getScreenCTM();
          if (!matrix) return;
          const x = new DOMPoint(e.clientX, e.clientY).matrixTransform(matrix.inverse()).x - PAD.left;
          setActive(x < 0 || x > innerW ? undefined : Math.min(counts.length - 1, Math.floor(x / slot)));
        }}
        onMouseLeave={() => setActive(undefined)}
      >
        <defs>
          <pattern id="unknown-bucket" width="6" height="6" patternUnits="userSpaceOnUse">
            <path d="M0 6 L6 0" className="hatch" />
          </pattern>
        </defs>
        <ValueGrid ticks={yTicks} yOf={yOf} left={PAD.left} right={W - PAD.right} />
        {xTicks.map((m) => (
          <text
            key={`x${m}`}
            className="tick"
            x={PAD.left + (m / minutes) * innerW}
            y={H - PAD.bottom + 18}
            textAnchor={m === 0 ? 'start' : m === minutes ? 'end' : 'middle'}
          >
            {m === minutes ? 'now' : `${minutes - m} min ago`}
          </text>
        ))}
        <text
          className="axis-label"
          x={10}
          y={PAD.top + innerH / 2}
          transform={`rotate(-90 10 ${PAD.top + innerH / 2})`}
          textAnchor="middle"
        >
          events / 10 s
        </text>
        {counts.map((count, i) => {
          const x = PAD.left + i * slot;
          const isKnown = known(i);
          const h = isKnown ? (count / top) * innerH : innerH;
          return (
            <rect
              // biome-ignore lint/suspicious/noArrayIndexKey: a bucket is its position on the time axis
              key={i}
              data-bucket={i}
              className={isKnown ? (active === i ? 'bar active' : 'bar') : 'bar unknown'}
              x={x + 1}
              y={PAD.top + innerH - h}
              width={Math.max(slot - 2, 1)}
              height={Math.max(h, isKnown && count > 0 ? 1 : 0)}
            />
          );
        })}
        <line className="axis" x1={PAD.left} x2={W - PAD.right} y1={PAD.top + innerH} y2={PAD.top + innerH} />
        {tip ? (
          <g className="chart-tooltip">
            <rect x={tipX} y={0} width={220} height={24} rx={6} />
            <text x={tipX + 110} y={16} textAnchor="middle">
              {tip}
            </text>
          </g>
        ) : null}
      </svg>
      <figcaption className="muted">
        {total} event{total === 1 ? '' : 's'} {covers}, per 10 s
        {partial ? ' (hatched: before the loaded history)' : ''}
      </figcaption>
    </figure>
  );
});
