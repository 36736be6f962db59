import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { onBatchOrderSettled } from '../orders';
import { startAcceptWorker } from './accept';
import { finishBatchIfDone } from './completion';
import { batchRoutes } from './routes';

/** Bulk batches (decision 043): the routes, the acceptance worker, and completion as orders settle. */
export const batchesPlugin = fp(
  async (app: FastifyInstance) => {
    await app.register(batchRoutes, { prefix: '/api/v1' });
    await startAcceptWorker(app);
    onBatchOrderSettled(app, (order) => finishBatchIfDone(app, order.batch_id as string));
  },
  { name: 'batches', dependencies: ['orders', 'queue', 'ledger'] },
);
