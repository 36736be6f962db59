import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { budgetRoutes } from './routes';

/** Monthly budgets under /api/v1 (decision 084); the spend guard itself runs in the order paths. */
export const spendLimitsPlugin = fp(
  async (app: FastifyInstance) => {
    await app.register(budgetRoutes, { prefix: '/api/v1' });
  },
  { name: 'spend-limits', dependencies: ['auth', 'rate-limits'] },
);
