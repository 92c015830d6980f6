/** An axe-core scan of a page: the accessibility rules the browser tests hold every route to. */
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import type { Page } from 'playwright-core';

const require = createRequire(import.meta.url);
const AXE_SOURCE = readFileSync(require.resolve('axe-core/axe.min.js'), 'utf8');

export type AxeViolation = { id: string; impact: string | null; help: string; nodes: number };

/** Runs axe-core in the page; returns violations of impact serious or critical. */
export async function seriousViolations(page: Page): Promise<AxeViolation[]> {
  await page.addScriptTag({ content: AXE_SOURCE });
  const results = (await page.evaluate(async () => {
    const axe = (
      window as unknown as {
        axe: {
          run(): Promise<{
            violations: { id: string; impact: string | null; help: string; nodes: unknown[] }[];
          }>;
        };
      }
    ).axe;
    const r = await axe.run();
    return r.violations.map((v) => ({ id: v.id, impact: v.impact, help: v.help, nodes: v.nodes.length }));
  })) as AxeViolation[];
  return results.filter((v) => v.impact === 'serious' || v.impact === 'critical');
}
