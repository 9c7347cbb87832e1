import type { FastifyRequest } from 'fastify';

/**
 * The address links in messages start with: PUBLIC_URL, else the scheme, host and port this request reached the
 * server on (so a server on another port, or behind a proxy with TRUST_PROXY, links to itself). Production requires
 * PUBLIC_URL, so there a forged Host header never shapes a link.
 */
export function publicUrlOf(request: FastifyRequest): string {
  const { publicUrl } = request.server.deps.config;
  return (publicUrl ?? `${request.protocol}://${request.host}`).replace(/\/+$/, '');
}
