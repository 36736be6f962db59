import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { onBatchOrderSettled } from '../orders';
import { startAcceptWorker } from './accept';
import { finishBatchIfDone } from './completion';
import { batchRoutes } from './routes';

const FINISH_CHECK_MS = 250;

/** Bulk batches (decision 043): the routes, the acceptance worker, and completion as orders settle. */
export const batchesPlugin = fp(
  async (app: FastifyInstance) => {
    await app.register(batchRoutes, { prefix: '/api/v1' });
    await startAcceptWorker(app);
    // A 10,000-row batch settles 10,000 orders: one look per batch every FINISH_CHECK_MS, after the
    // latest order that settled, rather than one transaction per order.
    const due = new Map<string, NodeJS.Timeout>();
    onBatchOrderSettled(app, async (order) => {
      const batchId = order.batch_id as string;
      if (due.has(batchId)) return;
      due.set(
        batchId,
        setTimeout(() => {
          due.delete(batchId);
          finishBatchIfDone(app, batchId).catch((err) =>
            app.log.warn({ err, batchId }, 'batch completion check failed; the sweep tries again'),
          );
        }, FINISH_CHECK_MS),
      );
    });
    app.addHook('onClose', async () => {
      for (const timer of due.values()) clearTimeout(timer);
    });
  },
  { name: 'batches', dependencies: ['orders', 'queue', 'ledger'] },
);
