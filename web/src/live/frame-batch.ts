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
