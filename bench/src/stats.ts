/** Small helpers the benchmarks share: percentiles and printing. */
export function percentile(values: number[], p: number): number {
  if (values.length === 0) return Number.NaN;
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)] as number;
}

export const fmt = (n: number, digits = 1) => n.toLocaleString('en-US', { maximumFractionDigits: digits });

export function report(title: string, rows: Record<string, string | number>) {
  console.log(`\n== ${title} ==`);
  for (const [k, v] of Object.entries(rows))
    console.log(`${k.padEnd(34)} ${typeof v === 'number' ? fmt(v) : v}`);
}

export const now = () => performance.timeOrigin + performance.now();
