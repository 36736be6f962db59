import { HealthSchema } from '@giftrelay/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { PUBLIC } from '../../lib/openapi';
import { getHealth } from './service';

export const healthRoutes: FastifyPluginAsyncZod<{ version: string }> = async (app, opts) => {
  app.get(
    '/health',
    {
      schema: {
        operationId: 'getHealth',
        summary: 'Is the service up: database reachable, job queue round trip, version',
        tags: ['system'],
        security: PUBLIC,
        response: {
          200: HealthSchema,
          503: { description: 'Something is down', content: { 'application/json': { schema: HealthSchema } } },
        },
      },
    },
    async (_request, reply) => {
      const health = await getHealth(app, opts.version);
      return reply.status(health.status === 'ok' ? 200 : 503).send(health);
    },
  );
};
