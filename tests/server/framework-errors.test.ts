/**
 * Every answer has the product's shape and headers, the framework's own included (docs/architecture.md, "Error
 * codes"): Node's refusals before Fastify sees a request (headers too large, an unparsable request) over a raw
 * socket, and the API docs page under the app's own Content-Security-Policy.
 */
import { connect } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startHarness, type Harness } from './harness';

let h: Harness;
let port: number;

beforeAll(async () => {
  h = await startHarness();
  await h.app.listen({ port: 0, host: '127.0.0.1' });
  port = (h.app.server.address() as { port: number }).port;
});
afterAll(() => h.close());

/** Writes `request` on a fresh connection and reads until the server closes it. */
function raw(request: string): Promise<{ status: number; headers: string; body: string }> {
  return new Promise((resolve, reject) => {
    let data = '';
    const socket = connect(port, '127.0.0.1', () => socket.write(request));
    socket.setEncoding('utf8');
    socket.on('data', (d: string) => (data += d));
    socket.on('error', reject);
    socket.on('close', () => {
      const [head = '', body = ''] = data.split('\r\n\r\n');
      resolve({ status: Number(head.split(' ')[1]), headers: head, body });
    });
  });
}

describe("Node's refusals over a raw socket", () => {
  it('headers too large: 431 request.headersTooLarge', async () => {
    const res = await raw(`GET /api/health HTTP/1.1\r\nHost: x\r\nX-Big: ${'a'.repeat(20_000)}\r\n\r\n`);
    expect(res.status).toBe(431);
    expect(res.headers).toMatch(/content-type: application\/json/i);
    expect(res.headers).toMatch(/x-content-type-options: nosniff/i);
    expect(JSON.parse(res.body)).toEqual({ error: 'The request headers are too large.', code: 'request.headersTooLarge' });
  });

  it('an unparsable request: 400 request.invalid', async () => {
    const res = await raw('NOT A REQUEST\r\n\r\n');
    expect(res.status).toBe(400);
    expect(JSON.parse(res.body)).toEqual({ error: 'The request is not valid.', code: 'request.invalid' });
  });
});

describe('the API docs page', () => {
  it("is served under the app's own Content-Security-Policy, page and assets", async () => {
    const app = (await h.app.inject({ method: 'GET', url: '/api/health' })).headers['content-security-policy'];
    for (const url of ['/api/docs/', '/api/docs/static/swagger-ui.css', '/api/docs/static/swagger-initializer.js']) {
      const res = await h.app.inject({ method: 'GET', url });
      expect(res.statusCode, url).toBe(200);
      expect(res.headers['content-security-policy'], url).toBe(app);
    }
    expect(app).not.toMatch(/https:/);
  });
});
