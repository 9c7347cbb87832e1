/**
 * The first paint from the server (docs/architecture.md): a page load of a patient page in a signed-in browser gets
 * a document that already shows the page with its data, drawn by the app's own views (src/firstPaint/render.tsx,
 * built into dist-server). Lighthouse's mobile profile allows one round trip before the data must show; the app's
 * own start (document, then its code, then the session check and the page's call) takes three.
 *
 * The document request carries no Authorization header, so the access token also travels in `pp_page`: HttpOnly,
 * SameSite=Strict, path /, as long as the token lives. It opens nothing but this: the API reads only the header.
 * Every call the page needs is made through the API itself (inject: the same checks, row-level security and audit as
 * the browser's own call). Any miss (no cookie, an expired or revoked token, a call that is not 200, no server
 * module) sends the plain app, which starts as it always did.
 */
import { createHash } from 'node:crypto';
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { decodeJwt, type JWTPayload } from 'jose';
import type { User } from '../../src/contract/auth';
import type { FirstPaintRequest, FirstPaint } from '../../src/firstPaint/render';
import { ACCESS_TOKEN_SECONDS } from '../auth/tokens';

export const PAGE_COOKIE = 'pp_page';
/** Page loads being drawn at once; more are sent the plain app, which costs the server nothing to draw. */
const maxConcurrentDrawings = 16;

interface FirstPaintModule {
  firstCallsOf(path: string, roles: readonly string[]): string[] | null;
  renderFirstPaint(request: FirstPaintRequest): Promise<FirstPaint | null>;
}

export function setPageCookie(reply: FastifyReply, accessToken: string, secure: boolean) {
  reply.setCookie(PAGE_COOKIE, accessToken, { httpOnly: true, sameSite: 'strict', secure, path: '/', maxAge: ACCESS_TOKEN_SECONDS });
}

export function clearPageCookie(reply: FastifyReply) {
  reply.clearCookie(PAGE_COOKIE, { path: '/' });
}

/** The client build's CSS a first paint needs: the shell's and the patient pages' (and what they import). */
function firstPaintCss(distDir: string): string {
  const manifestFile = join(distDir, '.vite', 'manifest.json');
  if (!existsSync(manifestFile)) return '';
  const manifest = JSON.parse(readFileSync(manifestFile, 'utf8')) as Record<string, { file: string; css?: string[]; imports?: string[] }>;
  const sources = Object.keys(manifest).filter(
    (source) => source === 'src/app/SignedInShell.tsx' || /^src\/views\/(patient|dashboard)\/[A-Za-z]+Page\.tsx$/.test(source),
  );
  const files = new Set<string>();
  const seen = new Set<string>();
  const walk = (key: string) => {
    if (seen.has(key) || !manifest[key]) return;
    seen.add(key);
    for (const imported of manifest[key].imports ?? []) walk(imported);
    for (const css of manifest[key].css ?? []) files.add(css);
  };
  for (const source of sources) walk(source);
  return [...files].map((file) => readFileSync(join(distDir, file), 'utf8')).join('\n');
}

const escapeAttribute = (value: string) => value.replace(/&/g, '&amp;').replace(/"/g, '&quot;').replace(/</g, '&lt;');
/** JSON inside <script type="application/json">: nothing in it may close the element. */
const scriptJson = (value: unknown) => JSON.stringify(value).replace(/</g, '\\u003c');

/** src/firstPaint/guard.js, inlined in every drawn document; its hash lets it run under the strict CSP. */
const guard = readFileSync(new URL('../../src/firstPaint/guard.js', import.meta.url), 'utf8');
const guardHash = `'sha256-${createHash('sha256').update(guard).digest('base64')}'`;

export interface FirstPaintDocument {
  html: string;
  /** The app's policy with the guard's hash allowed as a script. */
  contentSecurityPolicy: string;
}

export function createFirstPaint(app: FastifyInstance, { distDir, serverDir, contentSecurityPolicy }: { distDir: string; serverDir: string; contentSecurityPolicy: string }) {
  const policy = `${contentSecurityPolicy}; script-src 'self' ${guardHash}`;
  const moduleFile = join(serverDir, 'render.js');
  let loaded: Promise<FirstPaintModule | null> | undefined;
  const load = () =>
    (loaded ??= existsSync(moduleFile) ? (import(pathToFileURL(moduleFile).href) as Promise<FirstPaintModule>) : Promise.resolve(null));
  let template: { html: string; css: string } | undefined;
  let drawing = 0;
  const readTemplate = () => {
    if (!template) {
      const html = readFileSync(join(distDir, 'index.html'), 'utf8');
      // The entry's own style first, as its <link> had it, then the pages'.
      const entryCss = [...html.matchAll(/<link rel="stylesheet"[^>]* href="\/([^"]+)"/g)].map((match) => readFileSync(join(distDir, match[1]!), 'utf8'));
      template = { html, css: [...entryCss, firstPaintCss(distDir)].join('\n') };
    }
    return template;
  };

  // As the browser's own call: from its address (the audit records it) and with its user agent.
  const call = async (url: string, accessToken: string, request: FastifyRequest) => {
    const answer = await app.inject({
      method: 'GET',
      url,
      remoteAddress: request.ip,
      headers: { authorization: `Bearer ${accessToken}`, ...(request.headers['user-agent'] ? { 'user-agent': request.headers['user-agent'] } : {}) },
    });
    return { status: answer.statusCode, body: answer.statusCode === 200 ? (answer.json() as unknown) : null };
  };

  /** The document for a page load, drawn with its data; null: send the plain app. */
  return async function firstPaintDocument(request: FastifyRequest): Promise<FirstPaintDocument | null> {
    const accessToken = request.cookies[PAGE_COOKIE];
    if (!accessToken || request.method !== 'GET') return null;
    const module = await load();
    if (!module) return null;
    // Read unverified only to choose the calls; every call verifies the token itself.
    const claims = claimsOf(accessToken);
    if (!claims) return null;
    const roles = Array.isArray(claims.roles) ? (claims.roles as string[]) : [];
    const path = request.url.split('?', 1)[0]!;
    const calls = module.firstCallsOf(path, roles);
    if (!calls) return null;
    // Each drawing holds its calls' answers and a render in memory: past this many the browser draws the page itself.
    if (drawing >= maxConcurrentDrawings) return null;
    drawing++;
    try {
      return await draw(module, request, accessToken, claims, path, calls);
    } finally {
      drawing--;
    }
  };

  async function draw(
    module: FirstPaintModule,
    request: FastifyRequest,
    accessToken: string,
    claims: JWTPayload,
    path: string,
    calls: string[],
  ): Promise<FirstPaintDocument | null> {
    const [me, ...answered] = await Promise.all([call('/api/patient/me', accessToken, request), ...calls.map((url) => call(url, accessToken, request))]);
    if (me!.status !== 200 || answered.some((answer) => answer.status !== 200)) return null;
    const user = (me!.body as { user: User }).user;
    // The calls were chosen from the token's roles: they must be the user's.
    if (user.role.join() !== String(claims.roles)) return null;
    const answers: FirstPaintRequest['answers'] = Object.fromEntries(calls.map((url, index) => [url, answered[index]!.body]));
    const userAgent = request.headers['user-agent'] ?? '';
    const wide = request.headers['sec-ch-ua-mobile'] !== '?1' && !/Mobile|Android|iPhone|iPad/i.test(userAgent);
    const drawn = await module.renderFirstPaint({
      path,
      accessToken,
      tenantId: String(claims.tid ?? ''),
      expiresAt: claims.exp ?? 0,
      user,
      language: 'en',
      wide,
      answers,
    });
    if (!drawn) return null;
    const { html, css } = readTemplate();
    const { root } = drawn;
    const rootAttributes = [
      `lang="${root.lang}"`,
      `dir="${root.dir}"`,
      `class="${escapeAttribute(root.className)}"`,
      `data-mode="${root.mode}"`,
      `data-animations="${root.animations}"`,
      root.customScrollbars ? 'data-custom-scrollbars=""' : '',
      `data-first-paint="${escapeAttribute(String(claims.sid ?? ''))}"`,
    ].filter(Boolean).join(' ');
    const document = html
      .replace(/<html[^>]*>/, () => `<html ${rootAttributes}>`)
      // The guard runs before the body is drawn: another tab's session (or none), or another language, hides it.
      .replace('<head>', () => `<head>\n<script>${guard}</script>`)
      // Nothing in <head> waits for the network: the app's own style is inlined below, and its script is only asked
      // for by the guard once the drawn page is on screen (Lighthouse's mobile profile counts every request that
      // ends before that paint as one the paint waited for).
      .replace(/<script type="module" crossorigin src="([^"]+)"><\/script>/, (_tag, src: string) => `<meta name="app-script" content="${src}">`)
      .replace(/\s*<link rel="(?:modulepreload|stylesheet)"[^>]*>/g, '')
      .replace('</head>', () => `<style>${css}\n[data-first-paint="off"] #first-paint{display:none}[data-first-paint-pressed] #first-paint,#first-paint [data-pressed-early]{cursor:progress}</style>\n</head>`)
      .replace(
        '<div id="root"></div>',
        () =>
          `<div id="first-paint">${drawn.html}<script type="application/json" id="first-paint-data">${scriptJson(drawn.queries)}</script></div><div id="root" hidden></div>`,
      );
    return { html: document, contentSecurityPolicy: policy };
  }
}

function claimsOf(token: string) {
  try {
    return decodeJwt(token);
  } catch {
    return null;
  }
}
