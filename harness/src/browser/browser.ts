/**
 * Setup step 5: Debian's Chromium driven by playwright-core, and pages that record every console error so a test
 * can fail on them.
 */
import { type Browser, type BrowserContext, chromium, type Page } from 'playwright-core';

export const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

export async function launchBrowser(): Promise<Browser> {
  return chromium.launch({
    executablePath: CHROMIUM,
    args: ['--headless', '--no-sandbox', '--disable-gpu', '--disable-background-networking'],
  });
}

export type WatchedPage = { page: Page; context: BrowserContext; consoleErrors: string[] };

export async function openPage(
  browser: Browser,
  options: { viewport?: { width: number; height: number }; prepare?: (page: Page) => Promise<void> } = {},
): Promise<WatchedPage> {
  const context = await browser.newContext({ viewport: options.viewport ?? { width: 1280, height: 800 } });
  const page = await context.newPage();
  const consoleErrors: string[] = [];
  page.on('console', (message) => {
    if (message.type() === 'error') consoleErrors.push(message.text());
  });
  page.on('pageerror', (error) => consoleErrors.push(`pageerror: ${error.message}`));
  await options.prepare?.(page);
  return { page, context, consoleErrors };
}
