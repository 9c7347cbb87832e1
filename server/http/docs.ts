/** The API's description: OpenAPI from the contract's zod schemas at /api/openapi.json, and its reader at /api/docs. */
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { jsonSchemaTransform } from 'fastify-type-provider-zod';

export const docsPlugin = fp(
  async (app: FastifyInstance) => {
    await app.register(import('@fastify/swagger'), {
      openapi: {
        info: {
          title: 'Patient Portal API',
          version: '1.0.0',
          description: 'Multi-tenant patient portal and point of sale. Shapes come from src/contract (zod).',
        },
        components: {
          securitySchemes: { bearer: { type: 'http', scheme: 'bearer', bearerFormat: 'JWT' } },
        },
      },
      transform: jsonSchemaTransform,
    });
    // Its page and assets are served from here, so the app's own policy (headers.ts) covers them.
    await app.register(import('@fastify/swagger-ui'), { routePrefix: '/api/docs' });
    app.get('/api/openapi.json', { config: { access: 'public' }, schema: { hide: true } }, () => app.swagger());
  },
  { name: 'api-docs' },
);
