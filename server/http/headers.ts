/**
 * The response headers every answer carries (the content security policy, no sniffing or framing, no referrer,
 * HSTS over https, no caching of the API), as one plugin; the policy is also given to the drawn first paint and to
 * the refusals written on the socket before Fastify (clientErrors.ts).
 */
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';

export const contentSecurityPolicy = [
  "default-src 'self'",
  "img-src 'self' data:",
  // React Aria inserts small <style> elements and React sets style attributes.
  "style-src 'self' 'unsafe-inline'",
  "object-src 'none'",
  "base-uri 'none'",
  "frame-ancestors 'none'",
  "form-action 'self'",
].join('; ');

export function securityHeaders(request: FastifyRequest, reply: FastifyReply) {
  // A drawn first paint sets its own (ours plus its guard script's hash); everything else gets ours.
  if (!reply.hasHeader('content-security-policy')) reply.header('Content-Security-Policy', contentSecurityPolicy);
  reply.header('X-Content-Type-Options', 'nosniff');
  reply.header('Referrer-Policy', 'no-referrer');
  reply.header('X-Frame-Options', 'DENY');
  reply.header('Cross-Origin-Opener-Policy', 'same-origin');
  if (request.protocol === 'https') reply.header('Strict-Transport-Security', 'max-age=31536000; includeSubDomains');
  if (request.url.startsWith('/api/')) reply.header('Cache-Control', 'no-store');
}

export const headersPlugin = fp(
  async (app: FastifyInstance) => {
    app.addHook('onSend', async (request, reply, payload) => {
      securityHeaders(request, reply);
      return payload;
    });
  },
  { name: 'security-headers' },
);
