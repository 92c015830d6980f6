/** Where a bottom toast stack must sit so it covers none of the page's primary actions (toast-clearance.tsx). */

/** space kept between a lifted stack and the action it clears (the spec's toast gap) */
const GAP = 14;

export type Box = { left: number; right: number; top: number; bottom: number };

const overlaps = (a: Box, b: Box) =>
  a.left < b.right && b.left < a.right && a.top < b.bottom && b.top < a.bottom;

/**
 * How far `stack` (where it sits unlifted) must rise to cover none of `actions`: the smallest lift that puts it in
 * a free gap (just above one of the actions) without reaching above `viewportTop`. When no such gap exists (a
 * column of buttons under a phone's full-width toasts) it stays where it is: the page keeps room below its last
 * control, so any of them can be scrolled clear.
 */
export function liftFor(stack: Box, actions: Box[], viewportTop: number): number {
  const covers = (lift: number) => {
    const lifted = { ...stack, top: stack.top - lift, bottom: stack.bottom - lift };
    return actions.some((a) => overlaps(lifted, a));
  };
  if (!covers(0)) return 0;
  const candidates = actions
    .map((a) => stack.bottom - a.top + GAP)
    .filter((lift) => lift > 0 && stack.top - lift >= viewportTop)
    .sort((a, b) => a - b);
  for (const lift of candidates) if (!covers(lift)) return lift;
  return 0;
}
