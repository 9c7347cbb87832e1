import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import type { Page } from 'playwright-core';

// Evaluated through the DevTools protocol, past the app's CSP (a script tag would be refused, as it should be).
const axeSource = readFileSync(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8');

/**
 * The axe-core WCAG 2 A/AA rules on the page as it is now (or within `root`, a selector: a page's own content when
 * the shell around it is the shell tests' concern): the violations, by rule and element (with its markup). `wcag22`
 * adds the WCAG 2.2 rules (target size), which the route walk holds every page to.
 */
export async function axeViolations(page: Page, root?: string, { wcag22 = false }: { wcag22?: boolean } = {}): Promise<string[]> {
  // Once per document (an in-app navigation keeps it).
  if (!(await page.evaluate(() => 'axe' in window))) await page.evaluate(axeSource);
  const tags = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', ...(wcag22 ? ['wcag22a', 'wcag22aa'] : [])];
  return page.evaluate(async ([selector, values]) => {
    type Result = { violations: { id: string; nodes: { target: string[]; html: string }[] }[] };
    const axe = (window as unknown as { axe: { run: (context: unknown, options: unknown) => Promise<Result> } }).axe;
    const within = (selector && document.querySelector(selector as string)) || document;
    // Nothing left out: React Aria's live announcer is read like the rest (ui/Button.tsx keeps what it adds named).
    const result = await axe.run(within, { runOnly: { type: 'tag', values }, resultTypes: ['violations'] });
    return result.violations.map((v) => `${v.id}: ${v.nodes.map((n) => `${n.target.join(' ')} ${n.html.slice(0, 200)}`).join(', ')}`);
  }, [root, tags] as const);
}
