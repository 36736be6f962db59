import { HealthResponseSchema, InstanceInfoSchema } from '@giftrelay/contracts';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { PUBLIC } from '../../lib/openapi';
import { getHealth, instanceInfo, publicHealth } from './service';

export const healthRoutes: FastifyPluginAsyncZod<{
  version: string;
  /** A demo instance (`npm run demo:live`): both answers say so. */
  demo: boolean;
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
      const health = await getHealth(app, opts.version, opts.demo);
      const detailed = opts.isOperator ? await opts.isOperator(request).catch(() => false) : false;
      if (detailed) reply.header('cache-control', 'private, no-store');
      reply.header('vary', 'authorization');
      return reply.status(health.status === 'ok' ? 200 : 503).send(detailed ? health : publicHealth(health));
    },
  );

  app.get(
    '/v1/instance',
    {
      schema: {
        operationId: 'getInstanceInfo',
        summary: 'What kind of instance this is: a demo on fake providers, and whether organisations can go live',
        tags: ['system'],
        security: PUBLIC,
        response: { 200: InstanceInfoSchema },
      },
    },
    async (_request, reply) => {
      // Fixed for the process's life; a minute of caching spares every page load a round trip.
      reply.header('cache-control', 'public, max-age=60');
      return instanceInfo(app, opts.demo);
    },
  );
};
