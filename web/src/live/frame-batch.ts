/**
 * Work that live frames cause, run together once per animation frame: several frames (and several views) that
 * arrive between two paints cost one render instead of one each. A tab that does not paint (hidden) gets no
 * animation frames, so the batch also runs after MAX_WAIT_MS at the latest. Outside a browser it runs at once.
 */

const MAX_WAIT_MS = 250;

const queue: (() => void)[] = [];
let frame = 0;
let timer: ReturnType<typeof setTimeout> | undefined;
let flushing = false;

function schedule(): void {
  frame = requestAnimationFrame(flush);
  timer = setTimeout(flush, MAX_WAIT_MS);
}

function flush(): void {
  if (frame) cancelAnimationFrame(frame);
  if (timer !== undefined) clearTimeout(timer);
  frame = 0;
  timer = undefined;
  flushing = true;
  try {
    // jobs queued by these jobs (a view's listeners after its rows changed) run in the same batch
    while (queue.length > 0) (queue.shift() as () => void)();
  } finally {
    flushing = false;
    // a job threw: the rest still run, in the next batch
    if (queue.length > 0) schedule();
  }
}

/** Runs `job` before the next paint, with every other job queued until then, in the order they came. */
export function beforeNextPaint(job: () => void): void {
  if (typeof requestAnimationFrame !== 'function') {
    job();
    return;
  }
  queue.push(job);
  if (!flushing && queue.length === 1) schedule();
}

/**
 * The stream's rows are applied at most once per LIVE_SPACING_MS: with the bots playing, frames come several
 * times a second and each batch is a render, a layout and a paint of the rows. The first batch after a quiet
 * spell still goes out before the next paint; the ones after it wait for the spacing, so a busy world costs
 * a phone at most two row updates a second, each a quarter-second late at most on average.
 */
export const LIVE_SPACING_MS = 500;

const spaced: (() => void)[] = [];
let spacedWaiting = false;
let lastSpaced = Number.NEGATIVE_INFINITY;

/** Runs `job` before a paint at least LIVE_SPACING_MS after the last such batch, with the others queued until then. */
export function beforeNextLivePaint(job: () => void): void {
  if (typeof requestAnimationFrame !== 'function') {
    job();
    return;
  }
  spaced.push(job);
  if (spacedWaiting) return;
  spacedWaiting = true;
  const release = () => {
    spacedWaiting = false;
    lastSpaced = performance.now();
    for (const next of spaced.splice(0)) beforeNextPaint(next);
  };
  const wait = lastSpaced + LIVE_SPACING_MS - performance.now();
  if (wait <= 0) release();
  else setTimeout(release, wait);
}
