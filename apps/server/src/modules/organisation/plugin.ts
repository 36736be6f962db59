import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { organisationRoutes } from './routes';

/** The organisation's settings and logo under /api/v1/organisation (decision 033). */
export const organisationPlugin = fp(
  async (app: FastifyInstance) => {
    await app.register(organisationRoutes, { prefix: '/api/v1' });
  },
  { name: 'organisation', dependencies: ['auth'] },
);
