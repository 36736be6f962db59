import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { riskOperatorRoutes } from './operator-routes';
import { riskRoutes } from './routes';

/** Fraud and risk controls (issue 37, decision 083): rules, the review queue, platform rules. */
export const riskPlugin = fp(
  async (app: FastifyInstance) => {
    await app.register(riskRoutes, { prefix: '/api/v1' });
    await app.register(riskOperatorRoutes, { prefix: '/api/v1' });
  },
  { name: 'risk', dependencies: ['auth', 'orders'] },
);
