import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { liveModeRoutes } from './routes';

/** Sandbox and live organisations (issue 17, decision 045). */
export const liveModePlugin = fp(
  async (app: FastifyInstance) => {
    await app.register(liveModeRoutes, { prefix: '/api/v1' });
  },
  { name: 'live-mode', dependencies: ['auth', 'gift-cards'] },
);
