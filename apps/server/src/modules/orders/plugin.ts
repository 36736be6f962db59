import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { approvalRoutes } from './approval-routes';
import { startFulfilmentWorker } from './fulfilment';
import { reviewRoutes } from './review-routes';
import { orderRoutes } from './routes';

/** Sending rewards: the order and approval routes and the fulfilment worker. */
export const ordersPlugin = fp(
  async (app: FastifyInstance) => {
    app.decorate('orderSettledListeners', []);
    await app.register(orderRoutes, { prefix: '/api/v1' });
    await app.register(approvalRoutes, { prefix: '/api/v1' });
    await app.register(reviewRoutes, { prefix: '/api/v1' });
    await startFulfilmentWorker(app);
  },
  { name: 'orders', dependencies: ['accounts', 'auth', 'ledger', 'mail', 'queue', 'secrets', 'gift-cards'] },
);
