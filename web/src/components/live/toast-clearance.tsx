/**
 * Toasts never cover a page's primary action. The spec keeps its corners (mints bottom-left, the rest
 * bottom-right); while a bottom stack would sit over a visible primary action (a form's submit button, a
 * `.primary` button, anything marked `data-primary-action`), that stack moves up just far enough to clear it, and
 * drops back when the action scrolls away or the toasts go. Checked on scroll, resize, toast changes (added,
 * removed, expanded, at rest after a slide) and twice a second while toasts are up (a form can appear without
 * either). Mounted once, in the browser only.
 *
 * Kept cheap while the game is live (a toast every second or two): sonner rewrites its toasts' styles on every
 * change, and those writes are not watched (the slide they start ends in a transitionend, which is); the header's
 * height is read on resize only; with no primary action on the page nothing is measured at all.
 */
import { useEffect } from 'react';
import { liftFor } from './toast-lift.ts';

export const PRIMARY_ACTIONS = 'form button[type="submit"], button.primary, [data-primary-action]';
const RECHECK_MS = 500;
export function ToastClearance() {
  useEffect(() => {
    const lifts = new WeakMap<HTMLElement, number>();
    let frame = 0;
    let timer: ReturnType<typeof setInterval> | undefined;
    let viewportTop: number | undefined;
    const readHeader = () => {
      const header = Number.parseFloat(
        getComputedStyle(document.documentElement).getPropertyValue('--header-h'),
      );
      viewportTop = Number.isFinite(header) ? header : 0;
    };

    const measure = () => {
      frame = 0;
      const lists = [
        ...document.querySelectorAll<HTMLElement>('[data-sonner-toaster][data-y-position="bottom"]'),
      ];
      let anyToast = false;
      if (viewportTop === undefined) readHeader();
      const candidates = [...document.querySelectorAll<HTMLElement>(PRIMARY_ACTIONS)].filter(
        (el) => !el.closest('[data-sonner-toaster]'),
      );
      const actions = candidates
        .map((el) => el.getBoundingClientRect())
        .filter((r) => r.width > 0 && r.height > 0 && r.bottom > 0 && r.top < window.innerHeight);
      for (const list of lists) {
        const current = lifts.get(list) ?? 0;
        const items = list.querySelectorAll<HTMLElement>('[data-sonner-toast]');
        if (items.length > 0) anyToast = true;
        // nothing to clear: no toast, or no primary action in view (then nothing is measured)
        const toasts =
          actions.length === 0
            ? []
            : [...items].map((t) => t.getBoundingClientRect()).filter((r) => r.height > 0);
        let lift = 0;
        if (toasts.length > 0) {
          // where the stack would be without the current lift
          const stack = {
            left: Math.min(...toasts.map((r) => r.left)),
            right: Math.max(...toasts.map((r) => r.right)),
            top: Math.min(...toasts.map((r) => r.top)) + current,
            bottom: Math.max(...toasts.map((r) => r.bottom)) + current,
          };
          lift = liftFor(stack, actions, viewportTop ?? 0);
        }
        if (lift !== current) {
          lifts.set(list, lift);
          list.style.translate = lift > 0 ? `0 -${lift}px` : '';
          list.dataset.lifted = lift > 0 ? 'true' : '';
        }
      }
      if (anyToast && timer === undefined) timer = setInterval(schedule, RECHECK_MS);
      if (!anyToast && timer !== undefined) {
        clearInterval(timer);
        timer = undefined;
      }
    };
    const schedule = () => {
      if (frame === 0) frame = requestAnimationFrame(measure);
    };

    // sonner renders its lists inside one section, from the first toast on
    const observer = new MutationObserver(schedule);
    const section = () => document.querySelector('section[aria-label^="Notifications"]');
    const watched = section();
    // toasts added and removed, the stack expanding, a toast leaving; the moves sonner's style writes start end
    // in a transitionend (below)
    observer.observe(
      watched ?? document.body,
      watched
        ? {
            childList: true,
            subtree: true,
            attributes: true,
            attributeFilter: ['data-expanded', 'data-removed'],
          }
        : { childList: true },
    );
    // a toast's entry and exit slide: measure again where it comes to rest
    const settled = (event: Event) => {
      if ((event.target as Element | null)?.closest?.('[data-sonner-toaster]')) schedule();
    };
    const resized = () => {
      viewportTop = undefined;
      schedule();
    };
    window.addEventListener('scroll', schedule, { passive: true });
    window.addEventListener('resize', resized);
    document.addEventListener('transitionend', settled, true);
    schedule();
    return () => {
      observer.disconnect();
      window.removeEventListener('scroll', schedule);
      window.removeEventListener('resize', resized);
      document.removeEventListener('transitionend', settled, true);
      if (frame) cancelAnimationFrame(frame);
      if (timer !== undefined) clearInterval(timer);
    };
  }, []);
  return null;
}
