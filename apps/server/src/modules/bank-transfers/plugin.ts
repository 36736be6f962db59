import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { bankTransferRoutes } from './routes';

/** Bank transfers received for live organisations (issue 17, decision 045). */
export const bankTransfersPlugin = fp(
  async (app: FastifyInstance) => {
    await app.register(bankTransferRoutes, { prefix: '/api/v1' });
  },
  { name: 'bank-transfers', dependencies: ['auth'] },
);
