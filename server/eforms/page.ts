/**
 * The public eForm page's HTML (dist/eforms.html, answered for GET /eforms by server/app.ts) with the encrypted tenant
 * of its link already in it, so the page skips its getencryptedtenant call (docs/architecture.md, "The browser
 * bundle"). When the query's `tenantid` is a syntactically valid uuid the page gets
 * `<meta name="eform-tenant" content="...">`, computed with the same function as GET /api/patient/getencryptedtenant.
 * The database is not asked: the page tells nothing about whether that tenant exists (an unknown tenant's value
 * simply leads getcard to its usual 404). Without a valid tenantid the page is the file as built, and its scripts
 * fall back to getencryptedtenant (src/eformsPrefetch.ts, src/api/eformsPublic.ts).
 */
import { Uuid } from '../../src/contract/common';
import type { Secrets } from '../db/secrets';
import { encryptTenant } from './crypto';

const escapeHtml = (value: string) =>
  value.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c] ?? c);

/** The query's first `tenantid` when it is a uuid (as the prefetch script and getencryptedtenant read it), else null. */
export function linkTenantId(url: string): string | null {
  const at = url.indexOf('?');
  const value = at < 0 ? null : new URLSearchParams(url.slice(at + 1)).get('tenantid');
  return value !== null && Uuid.safeParse(value).success ? value : null;
}

/**
 * `template` (the built eforms.html) for the request `url`: with the encrypted tenant's meta element ahead of the
 * page's scripts when the link has a valid tenantid, unchanged otherwise.
 */
export function eformPageHtml(template: string, secrets: Secrets, url: string): string {
  const tenantId = linkTenantId(url);
  if (!tenantId) return template;
  const meta = `<meta name="eform-tenant" content="${escapeHtml(encryptTenant(secrets, tenantId))}" />`;
  // Before the title, so it is parsed before any script of the head runs; a template without one gets it at the
  // end of its head.
  if (/<title>/i.test(template)) return template.replace(/<title>/i, (title) => `${meta}\n    ${title}`);
  return template.replace(/<\/head>/i, (end) => `  ${meta}\n  ${end}`);
}
