import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import type { Page } from 'playwright-core';

const axeSource = readFileSync(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8');

/**
 * The axe-core WCAG 2 A/AA rules on the page as it is now: the violations, by rule and element. `within` narrows
 * the check to a part of the page (e.g. `main`, leaving the shell to the shell's tests). React Aria's live
 * announcer (a node it removes after a few seconds, naming what was just announced) is the library's markup.
 */
export async function axeViolations(page: Page, within = 'html'): Promise<string[]> {
  // Evaluated through the DevTools protocol: the app's CSP allows no inline script tag.
  await page.evaluate(axeSource);
  return page.evaluate(async (within) => {
    const axe = (window as unknown as { axe: { run: (context: unknown, options: unknown) => Promise<{ violations: { id: string; nodes: { target: string[] }[] }[] }> } }).axe;
    const result = await axe.run({ include: [[within]], exclude: [['[role="log"][aria-live] > [role="img"]']] }, { runOnly: { type: 'tag', values: ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'] } });
    return result.violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`);
  }, within);
}
