import { HealthSchema } from '@giftrelay/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { getHealth } from './service';

export const healthRoutes: FastifyPluginAsyncZod<{ version: string }> = async (app, opts) => {
  app.get(
    '/health',
    {
      schema: {
        summary: 'Is the service up: database reachable, job queue round trip, version',
        tags: ['system'],
        response: { 200: HealthSchema, 503: HealthSchema },
      },
    },
    async (_request, reply) => {
      const health = await getHealth(app, opts.version);
      return reply.status(health.status === 'ok' ? 200 : 503).send(health);
    },
  );
};
