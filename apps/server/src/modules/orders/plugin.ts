import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { approvalRoutes } from './approval-routes';
import { startFulfilmentWorker } from './fulfilment';
import { reviewRoutes } from './review-routes';
import { orderRoutes } from './routes';
import { expiryTestHooks } from './test-hooks';

/** Sending rewards: the order and approval routes and the fulfilment worker. */
export const ordersPlugin = fp(
  async (app: FastifyInstance) => {
    app.decorate('orderSettledListeners', []);
    await app.register(orderRoutes, { prefix: '/api/v1' });
    await app.register(approvalRoutes, { prefix: '/api/v1' });
    await app.register(reviewRoutes, { prefix: '/api/v1' });
    // Only for the browser journeys (decision 081): never registered outside APP_ENV=test.
    if (app.config.appEnv === 'test') await app.register(expiryTestHooks);
    await startFulfilmentWorker(app);
  },
  { name: 'orders', dependencies: ['accounts', 'auth', 'ledger', 'mail', 'queue', 'secrets', 'gift-cards'] },
);
