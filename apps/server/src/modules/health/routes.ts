import { HealthResponseSchema } from '@giftrelay/contracts';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { PUBLIC } from '../../lib/openapi';
import { getHealth, publicHealth } from './service';

export const healthRoutes: FastifyPluginAsyncZod<{
  version: string;
  /** A platform operator's request gets the details (decision 057). */
  isOperator?: (request: FastifyRequest) => Promise<boolean>;
}> = async (app, opts) => {
  app.get(
    '/health',
    {
      schema: {
        operationId: 'getHealth',
        summary: 'Is the service up: database, job queue, gift-card provider (details for platform operators)',
        tags: ['system'],
        security: PUBLIC,
        response: {
          200: HealthResponseSchema,
          503: { description: 'Something is down', content: { 'application/json': { schema: HealthResponseSchema } } },
        },
      },
    },
    async (request, reply) => {
      const health = await getHealth(app, opts.version);
      const detailed = opts.isOperator ? await opts.isOperator(request).catch(() => false) : false;
      if (detailed) reply.header('cache-control', 'private, no-store');
      reply.header('vary', 'authorization');
      return reply.status(health.status === 'ok' ? 200 : 503).send(detailed ? health : publicHealth(health));
    },
  );
};
