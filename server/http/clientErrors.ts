/**
 * Refusals made before any route is found, in the product's error shape and with its headers: Node's (a request it
 * cannot hand to Fastify, written on the socket) and Fastify's own (a broken URL, an overlong parameter). Both are
 * options of the Fastify instance, not hooks, so they live here rather than in a plugin.
 */
import { STATUS_CODES } from 'node:http';
import type { Duplex } from 'node:stream';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { ErrorCode } from '../../src/contract/errorCodes';
import { errorBody } from './errors';
import { contentSecurityPolicy, securityHeaders } from './headers';

/** Node's refusals of a request it cannot hand to Fastify (headers too large, too slow, unparsable); the connection is closed after it. */
export function clientError(error: Error & { code?: string }, socket: Duplex) {
  if (error.code === 'ECONNRESET' || socket.destroyed) return;
  const [status, code]: [number, ErrorCode] =
    error.code === 'ERR_HTTP_REQUEST_TIMEOUT'
      ? [408, 'request.timeout']
      : error.code === 'HPE_HEADER_OVERFLOW'
        ? [431, 'request.headersTooLarge']
        : [400, 'request.invalid'];
  const body = JSON.stringify(errorBody(code));
  if (socket.writable) {
    socket.write(
      [
        `HTTP/1.1 ${status} ${STATUS_CODES[status]}`,
        'Content-Type: application/json; charset=utf-8',
        `Content-Length: ${Buffer.byteLength(body)}`,
        `Content-Security-Policy: ${contentSecurityPolicy}`,
        'X-Content-Type-Options: nosniff',
        'Cache-Control: no-store',
        'Connection: close',
        '',
        body,
      ].join('\r\n'),
    );
  }
  socket.destroy(error);
}

/** Fastify's refusals before routing; sent before any route (and its onSend hook) is found, so the headers are set here. */
export function frameworkError(error: { statusCode?: number }, request: FastifyRequest, reply: FastifyReply) {
  const status = error.statusCode && error.statusCode < 500 ? error.statusCode : 400;
  securityHeaders(request, reply);
  void reply.code(status).send(errorBody(status === 414 ? 'request.addressTooLong' : 'request.addressInvalid'));
}
