import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { compactOrderStats } from '../order-stats';
import { reportRoutes } from './routes';

/** How often a worker process folds the rollup deltas (docs/decisions/011-reporting.md). */
export const COMPACT_EVERY_MS = 2000;

/**
 * The dashboard and analytics. Figures come from rollups the database keeps by itself (migration
 * 0040); processes that run workers fold the rollups' deltas every couple of seconds, so reads
 * stay small at any number of orders. Readers never wait for it: they add the deltas themselves.
 */
export const reportsPlugin = fp(
  async (app: FastifyInstance) => {
    await app.register(reportRoutes, { prefix: '/api/v1' });
    if (!app.config.runWorkers) return;
    let running: Promise<unknown> | undefined;
    const timer = setInterval(() => {
      if (running) return;
      running = compactOrderStats(app.db)
        .catch((err) => app.log.warn({ err }, 'order figures compaction failed; will retry'))
        .finally(() => {
          running = undefined;
        });
    }, COMPACT_EVERY_MS);
    timer.unref();
    app.addHook('preClose', async () => {
      clearInterval(timer);
      await running;
    });
  },
  { name: 'reports', dependencies: ['orders'] },
);
