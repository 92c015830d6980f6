/**
 * Mint toasts that never get in the way. One mint shows its own toast (spec: owner, stat total, View); a burst
 * (more than BURST_AFTER mints within BURST_WINDOW_MS) collapses into a single summary toast that names the
 * latest mint (View) and counts the mints of its window: each window starts again from one, so a busy world
 * never counts into the hundreds. A player can mute mint toasts; the choice is remembered in localStorage. The
 * connected player's own mints never come here (my-moment-toasts.tsx shows each of them). The live
 * subscription calls `admit` for each mint and shows what it answers.
 */

export const BURST_WINDOW_MS = 10_000;
/** this many mints within the window still get a toast each; the next one starts a burst */
export const BURST_AFTER = 2;
export const MUTE_KEY = 'skald.mintToasts';
export const BURST_TOAST_ID = 'mint-burst';

export type MintDecision =
  | { kind: 'muted' }
  | { kind: 'single' }
  /** show (or update) the burst toast: `count` mints in this window; `dismiss` are single toasts it replaces */
  | { kind: 'burst'; count: number; dismiss: string[] };

export type MintGate = {
  admit(toastId: string, now: number): MintDecision;
  /** a retracted mint: its single toast is gone; a burst keeps its count (the feed corrects it) */
  forget(toastId: string): void;
};

export function createMintGate(isMuted: () => boolean): MintGate {
  let recent: { id: string; at: number }[] = [];
  /** a burst: the mints counted in its current window, since `windowStart`; over after a quiet window */
  let burst: { count: number; windowStart: number; lastAt: number } | undefined;
  return {
    admit(toastId, now) {
      if (isMuted()) return { kind: 'muted' };
      recent = recent.filter((m) => now - m.at < BURST_WINDOW_MS);
      if (burst && now - burst.lastAt >= BURST_WINDOW_MS) burst = undefined;
      if (burst) {
        if (now - burst.windowStart >= BURST_WINDOW_MS) {
          burst.windowStart = now;
          burst.count = 0;
        }
        burst.count += 1;
        burst.lastAt = now;
        return { kind: 'burst', count: burst.count, dismiss: [] };
      }
      if (recent.length < BURST_AFTER) {
        recent.push({ id: toastId, at: now });
        return { kind: 'single' };
      }
      // the burst takes over the single toasts still showing, and counts them in its first window
      const dismiss = recent.map((m) => m.id);
      burst = { count: recent.length + 1, windowStart: recent[0]?.at ?? now, lastAt: now };
      recent = [];
      return { kind: 'burst', count: burst.count, dismiss };
    },
    forget(toastId) {
      recent = recent.filter((m) => m.id !== toastId);
    },
  };
}

export function burstHeadline(count: number): string {
  return `${count} new vera${count === 1 ? '' : 's'} in the last ${BURST_WINDOW_MS / 1000} s`;
}

type MuteStorage = Pick<Storage, 'getItem' | 'setItem' | 'removeItem'>;

function storage(): MuteStorage | undefined {
  try {
    return typeof localStorage === 'undefined' ? undefined : localStorage;
  } catch {
    return undefined; // storage disabled: mute lasts for the page only
  }
}

let mutedForPage: boolean | undefined;
const listeners = new Set<() => void>();

export function mintToastsMuted(): boolean {
  if (mutedForPage !== undefined) return mutedForPage;
  return storage()?.getItem(MUTE_KEY) === 'muted';
}

export function setMintToastsMuted(muted: boolean): void {
  mutedForPage = muted;
  const s = storage();
  if (muted) s?.setItem(MUTE_KEY, 'muted');
  else s?.removeItem(MUTE_KEY);
  for (const listener of listeners) listener();
}

/** For useSyncExternalStore: the mute switch re-renders when any control changes it. */
export function subscribeMintMute(listener: () => void): () => void {
  listeners.add(listener);
  const onStorage = (event: StorageEvent) => {
    if (event.key !== MUTE_KEY) return;
    mutedForPage = undefined;
    listener();
  };
  window.addEventListener('storage', onStorage);
  return () => {
    listeners.delete(listener);
    window.removeEventListener('storage', onStorage);
  };
}
