import swagger from '@fastify/swagger';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { jsonSchemaTransform } from 'fastify-type-provider-zod';
import type { Config } from '../config';

/** The OpenAPI document, generated from the same zod schemas that validate each route. */
export const openapiPlugin = fp(
  async (app: FastifyInstance, opts: { config: Config }) => {
    await app.register(swagger, {
      openapi: {
        info: { title: 'GiftRelay API', version: opts.config.version },
        servers: [{ url: opts.config.publicUrl }],
        components: {
          securitySchemes: { bearerAuth: { type: 'http', scheme: 'bearer', bearerFormat: 'JWT' } },
        },
      },
      transform: jsonSchemaTransform,
    });
    app.get('/api/openapi.json', { schema: { hide: true } }, async () => app.swagger());
  },
  { name: 'openapi' },
);
