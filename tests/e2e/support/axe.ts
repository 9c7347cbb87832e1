import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import type { Page } from 'playwright-core';

const axeSource = readFileSync(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8');

/** The axe-core WCAG 2 A/AA rules on the page as it is now: the violations, by rule and element (with its markup). */
export async function axeViolations(page: Page): Promise<string[]> {
  // Evaluated rather than added as a script tag: the app's Content-Security-Policy allows no inline script.
  await page.evaluate(axeSource);
  return page.evaluate(async () => {
    const axe = (window as unknown as { axe: { run: (context: unknown, options: unknown) => Promise<{ violations: { id: string; nodes: { target: string[]; html: string }[] }[] }> } }).axe;
    // React Aria's live announcer (a node it adds for a moment to announce a change) is the library's markup.
    const result = await axe.run({ include: [document], exclude: [['[data-live-announcer]']] }, { runOnly: { type: 'tag', values: ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'] } });
    return result.violations.map((v) => `${v.id}: ${v.nodes.map((n) => `${n.target.join(' ')} ${n.html}`).join(', ')}`);
  });
}
