import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import type { Database } from '../db/schema';
import { type SyncResult, syncCatalog } from '../modules/catalog';

export const CATALOG_SYNC_QUEUE = 'catalog.sync';

type Trigger = Database['catalog_sync_runs']['trigger'];

export interface CatalogSync {
  /** Synchronises now and resolves with what changed; waits for a sync already running here. */
  run(trigger?: Trigger): Promise<SyncResult>;
}

declare module 'fastify' {
  interface FastifyInstance {
    catalogSync: CatalogSync;
  }
}

/**
 * Keeps `products` in step with the provider: a pg-boss job at start and on `cron`. On a fresh
 * database the first sync runs before the server answers, so the first visitor sees a catalogue.
 */
export const catalogSyncJob = fp(
  async (app: FastifyInstance, opts: { cron: string | null }) => {
    const boss = app.queue.boss;
    let closing = false;
    app.addHook('onClose', async () => {
      closing = true;
    });

    // One sync at a time in this process, so a direct run never interleaves with the job's.
    let tail: Promise<unknown> = Promise.resolve();
    const run = (trigger: Trigger = 'manual'): Promise<SyncResult> => {
      const next = tail.then(() => syncCatalog(app.db, app.giftCards, trigger, app.log));
      tail = next.catch(() => {});
      return next;
    };
    app.decorate('catalogSync', { run });

    // 'stately': at most one sync queued and one running across every process.
    await app.queue.ensureQueue(CATALOG_SYNC_QUEUE, {
      policy: 'stately',
      retryLimit: 5,
      retryDelay: 30,
      retryBackoff: true,
      expireInSeconds: 900,
      retentionSeconds: 7 * 24 * 3600,
      deleteAfterSeconds: 7 * 24 * 3600,
    });
    await boss.work<{ trigger?: Trigger }>(CATALOG_SYNC_QUEUE, async ([job]) => {
      const trigger = job?.data?.trigger ?? 'schedule';
      try {
        const result = await run(trigger);
        app.log.info({ trigger, ...result }, 'catalogue synchronised');
      } catch (err) {
        if (!closing) app.log.error({ err, trigger }, 'catalogue sync failed; the job will retry');
        throw err;
      }
    });
    if (opts.cron) await boss.schedule(CATALOG_SYNC_QUEUE, opts.cron, { trigger: 'schedule' });
    else await boss.unschedule(CATALOG_SYNC_QUEUE);

    const hasProducts = await app.db.selectFrom('products').select('id').limit(1).executeTakeFirst();
    if (hasProducts) {
      await boss.send(CATALOG_SYNC_QUEUE, { trigger: 'start' });
      return;
    }
    try {
      const result = await run('start');
      app.log.info({ trigger: 'start', ...result }, 'catalogue synchronised');
    } catch (err) {
      // The server can still start; the job keeps trying.
      app.log.warn({ err }, 'first catalogue sync failed; retrying in the background');
      await boss.send(CATALOG_SYNC_QUEUE, { trigger: 'start' });
    }
  },
  { name: 'catalog-sync', dependencies: ['db', 'queue', 'gift-cards'] },
);
