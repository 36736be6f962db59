import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { eventRoutes } from './routes';

/** The organisation's public events (decision 027): `GET /api/v1/events` and `/events/{id}`. */
export const eventsPlugin = fp(
  async (app: FastifyInstance) => {
    await app.register(eventRoutes, { prefix: '/api/v1' });
  },
  { name: 'events', dependencies: ['auth'] },
);
