/** The answers' serializer: what leaves is what the route's schema declares, and a wrong shape is a 500 of ours. */
import Fastify from 'fastify';
import { validatorCompiler, type ZodTypeProvider } from 'fastify-type-provider-zod';
import { afterAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { responseSerializer } from '../../server/http/serializer';

const app = Fastify();
app.setValidatorCompiler(validatorCompiler);
app.setSerializerCompiler(responseSerializer);
const Answer = z.object({ name: z.string(), tags: z.array(z.string()) });
const typed = app.withTypeProvider<ZodTypeProvider>();
let answer: unknown;
typed.get('/thing', { schema: { response: { 200: Answer } } }, () => answer as z.infer<typeof Answer>);
afterAll(() => app.close());

describe('response serializer', () => {
  it('sends only the declared fields', async () => {
    answer = { name: 'Jane', tags: ['a'], passwordHash: 'secret', tenantId: 'x' };
    const res = await app.inject({ url: '/thing' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ name: 'Jane', tags: ['a'] });
    expect(res.body).not.toContain('secret');
  });

  it('refuses an answer of the wrong shape with a 500 that carries none of it', async () => {
    answer = { name: 42, tags: 'secret' };
    const res = await app.inject({ url: '/thing' });
    expect(res.statusCode).toBe(500);
    expect(res.body).not.toContain('secret');
  });

  it('refuses a route whose response schema is not zod', async () => {
    const other = Fastify();
    other.setSerializerCompiler(responseSerializer);
    other.get('/json', { schema: { response: { 200: { type: 'object' } } } }, () => ({}));
    await expect(other.ready()).rejects.toThrow(/must be a zod type/);
    await other.close().catch(() => {});
  });
});
