import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { claimRoutes } from '../claims/routes';
import { balanceRoutes } from '../ledger/routes';
import { openOrganisationLedger } from '../ledger/service';
import { startFulfilmentWorker } from './fulfilment';
import { orderRoutes } from './routes';

/**
 * Sending rewards: balance, orders, claims and the fulfilment worker. Every new organisation gets
 * its ledger accounts (and sandbox funds) inside its sign-up transaction.
 */
export const ordersPlugin = fp(
  async (app: FastifyInstance) => {
    app.accounts.onOrganisationCreated((trx, org) => openOrganisationLedger(trx, org));
    await app.register(balanceRoutes, { prefix: '/api/v1' });
    await app.register(orderRoutes, { prefix: '/api/v1' });
    await app.register(claimRoutes, { prefix: '/api/v1' });
    await startFulfilmentWorker(app);
  },
  { name: 'orders', dependencies: ['accounts', 'auth', 'mail', 'queue', 'secrets', 'gift-cards'] },
);
