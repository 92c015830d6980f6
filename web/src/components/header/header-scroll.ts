/**
 * The header's scroll rules (spec sections 2 and 9) as a pure step function, so they are unit-testable without a
 * browser: background opacity follows depth; the bar hides on the way down and returns on the way up, decides
 * only after 10 px of travel, never hides under the pointer, and always shows near the top.
 */
export const OPACITY_DEPTH_PX = 200;
export const MAX_OPACITY = 0.95;
export const SCROLL_THRESHOLD_PX = 10;
/** "near the top": within one header height the bar is always shown */
export const NEAR_TOP_PX = 80;

export type HeaderScrollState = { hidden: boolean; anchorY: number };

export function headerOpacity(scrollY: number): number {
  return Math.min(Math.max(scrollY, 0) / OPACITY_DEPTH_PX, MAX_OPACITY);
}

export function nextHeaderScroll(
  state: HeaderScrollState,
  scrollY: number,
  pointerOver: boolean,
): HeaderScrollState {
  if (scrollY <= NEAR_TOP_PX) return { hidden: false, anchorY: scrollY };
  const moved = scrollY - state.anchorY;
  if (Math.abs(moved) < SCROLL_THRESHOLD_PX) return state;
  if (moved > 0) return { hidden: !pointerOver, anchorY: scrollY };
  return { hidden: false, anchorY: scrollY };
}
