import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { balanceHistoryRoutes } from './history-routes';
import { balanceRoutes } from './routes';
import { openOrganisationLedger } from './service';

/**
 * The balance: every new organisation gets its ledger accounts (and sandbox funds) inside its
 * sign-up transaction; `GET /balance` and the sandbox top-up; the history and statements.
 */
export const ledgerPlugin = fp(
  async (app: FastifyInstance) => {
    app.accounts.onOrganisationCreated((trx, org) => openOrganisationLedger(trx, org));
    await app.register(balanceRoutes, { prefix: '/api/v1' });
    // Its history, statements and bank-transfer instructions (decision 047).
    await app.register(balanceHistoryRoutes, { prefix: '/api/v1' });
  },
  { name: 'ledger', dependencies: ['accounts', 'auth'] },
);
