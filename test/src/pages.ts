/**
 * The page actions every browser test repeats (wait for hydration, connect, sign in, follow a transaction's
 * toast). The stack and the watched pages come from `@skald/harness/browser`.
 */
import type { Page } from 'playwright-core';

/** Hydrated: the client entry has run (it installs the live-stream hook last). */
export async function hydrated(p: Page, consoleErrors?: string[]) {
  try {
    await p.waitForFunction(() => document.documentElement.dataset.hydrated === 'true', undefined, {
      timeout: 20_000,
    });
  } catch (error) {
    // say why: a page that never hydrates has almost always logged the reason
    throw new Error(`${p.url()} did not hydrate; console errors: ${JSON.stringify(consoleErrors ?? [])}`, {
      cause: error,
    });
  }
}

export async function connect(p: Page) {
  await hydrated(p);
  await p.getByRole('banner').getByRole('button', { name: 'Connect' }).click();
}

/** Connects on /login, signs the SIWE message and lands on `next`. */
export async function signIn(p: Page, origin: string, next: string) {
  await p.goto(`${origin}/login?next=${encodeURIComponent(next)}`);
  await connect(p);
  await p.getByRole('main').getByRole('button', { name: 'Sign in' }).click();
  await p.waitForURL(`**${next}`);
  await hydrated(p);
}

/** The toast of a transaction labelled `label` reaching success (the transactor's "{label}: done"). */
export async function txSucceeded(p: Page, label: string) {
  await p
    .locator('[data-sonner-toast][data-type="success"]', { hasText: `${label}: done` })
    .waitFor({ timeout: 20_000 });
}

/**
 * Records every state each toast passes through (loading, success, error) with its text, so a test can check
 * the sequence even when a state lasts only a few milliseconds. Call before the first navigation.
 */
export async function recordToasts(p: Page) {
  await p.addInitScript(() => {
    const log: string[] = [];
    (window as unknown as { __toasts: string[] }).__toasts = log;
    const seen = new WeakMap<Element, string>();
    const scan = () => {
      for (const el of Array.from(document.querySelectorAll('[data-sonner-toast]'))) {
        const state = `${el.getAttribute('data-type')}:${el.textContent ?? ''}`;
        if (seen.get(el) !== state) {
          seen.set(el, state);
          log.push(state);
        }
      }
    };
    new MutationObserver(scan).observe(document, {
      subtree: true,
      childList: true,
      attributes: true,
      characterData: true,
    });
  });
}

export async function clearToastLog(p: Page) {
  await p.evaluate(() => {
    (window as unknown as { __toasts: string[] }).__toasts.length = 0;
  });
}

/** The states the toast for `label` went through, in order, de-duplicated (e.g. ['loading', 'success']). */
export async function toastStates(p: Page, label: string): Promise<string[]> {
  const log = await p.evaluate(() => (window as unknown as { __toasts: string[] }).__toasts);
  const states = log
    .filter((entry) => entry.slice(entry.indexOf(':') + 1).startsWith(label))
    .map((entry) => entry.slice(0, entry.indexOf(':')));
  return states.filter((s, i) => s !== states[i - 1]);
}
