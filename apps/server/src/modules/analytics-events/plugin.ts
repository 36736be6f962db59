import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { analyticsEventRoutes } from './routes';

/** Landing pages' analytics events and Site analytics (issue 14, decision 049). */
export const analyticsEventsPlugin = fp(
  async (app: FastifyInstance) => {
    await app.register(analyticsEventRoutes, { prefix: '/api/v1' });
  },
  { name: 'analytics-events', dependencies: ['auth', 'rate-limits'] },
);
