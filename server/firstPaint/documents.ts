/**
 * The documents the server answers for browser paths (the not-found handler of server/app.ts): the public eForm
 * link's own page, a patient page drawn with its data (firstPaint.ts), else the app's index.html. An unknown /api/
 * or /assets/ path, or any method but GET, is a 404.
 */
import { existsSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { brotliCompressSync, constants as zlibConstants, gzipSync } from 'node:zlib';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { errorBody, isDatabaseUnavailableError } from '../http/errors';
import type { Secrets } from '../db/secrets';
import { eformPageHtml } from '../eforms/page';
import { createFirstPaint } from './firstPaint';

export function documentHandler(
  app: FastifyInstance,
  { distDir, serverDir, contentSecurityPolicy, secrets }: { distDir: string; serverDir: string; contentSecurityPolicy: string; secrets: Secrets },
) {
  /** The built eforms.html, read once. */
  let eformTemplate: Promise<string> | undefined;
  const firstPaintDocument = createFirstPaint(app, { distDir, serverDir, contentSecurityPolicy });
  return async (request: FastifyRequest, reply: FastifyReply) => {
    // A missing asset is a 404, never the app's HTML (a browser would refuse it as a script anyway).
    if (request.url.startsWith('/api/') || request.url.startsWith('/assets/') || request.method !== 'GET' || !existsSync(distDir)) {
      return reply.code(404).send(errorBody('request.notFound'));
    }
    // The public eForm link (/eforms?tenantid=...&uri=...) has its own small page (vite.config.ts, eformPage); the
    // browser app owns every other path (client-side routes).
    const path = request.url.split('?', 1)[0];
    if (path === '/eforms' || path === '/eforms/') {
      // With the encrypted tenant of its link in it (server/eforms/page.ts): made for this request, never kept.
      eformTemplate ??= readFile(join(distDir, 'eforms.html'), 'utf8').catch((error: unknown) => {
        eformTemplate = undefined;
        throw error;
      });
      return eformTemplate.then((template) =>
        reply.type('text/html; charset=utf-8').header('Cache-Control', 'no-store').send(eformPageHtml(template, secrets, request.url)),
      );
    }
    const drawn = await firstPaintDocument(request).catch((error: unknown) => {
      if (isDatabaseUnavailableError(error)) app.deps.outage.failed(error);
      else request.log.error({ err: error }, 'first paint failed');
      return null;
    });
    // A document with one person's records in it: never kept by a cache, and only for the cookie it was made for.
    if (drawn) {
      reply
        .type('text/html; charset=utf-8')
        .header('Content-Security-Policy', drawn.contentSecurityPolicy)
        .header('Cache-Control', 'no-store')
        .header('Vary', 'Cookie, Accept-Encoding');
      // Compressed as the built files are: the drawn page then fits in the connection's first round trip.
      const accepted = String(request.headers['accept-encoding'] ?? '');
      if (/\bbr\b/.test(accepted)) {
        return reply.header('Content-Encoding', 'br').send(brotliCompressSync(drawn.html, { params: { [zlibConstants.BROTLI_PARAM_QUALITY]: 5 } }));
      }
      if (/\bgzip\b/.test(accepted)) return reply.header('Content-Encoding', 'gzip').send(gzipSync(drawn.html));
      return reply.send(drawn.html);
    }
    return reply.type('text/html').sendFile('index.html', distDir);
  };
}
