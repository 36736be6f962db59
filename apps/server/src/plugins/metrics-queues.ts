import type { FastifyInstance } from 'fastify';
import { QUEUE_SCHEMA } from './queue';

export interface QueueSnapshot {
  name: string;
  queued: number;
  active: number;
  deferred: number;
  oldestWaitingSeconds: number;
}

/** Scrapes closer together than this (two Prometheus servers, a dashboard) share one read. */
const CACHE_MS = 5000;

// The counts are those pg-boss's monitor keeps on each queue's row (every 10 s here, plugins/queue.ts):
// no count over the jobs. The oldest waiting job is one index range per queue (pg-boss's fetch index
// on name, for jobs not yet active): jobs ready now, not those deferred to a later time (a
// scheduled order, a retry's backoff), which are waiting as they should.
const SNAPSHOT = `SELECT q.name, q.queued_count, q.active_count, q.deferred_count,
  COALESCE((SELECT extract(epoch FROM now() - min(j.start_after))
    FROM ${QUEUE_SCHEMA}.job j
    WHERE j.name = q.name AND j.state < 'active' AND j.start_after <= now()), 0)::float8 AS oldest
  FROM ${QUEUE_SCHEMA}.queue q ORDER BY q.name`;

const cache = new WeakMap<FastifyInstance, { at: number; snapshot: Promise<QueueSnapshot[]> }>();

/**
 * The job queues as they are now, or as they were at most CACHE_MS ago. None when the database
 * cannot say (it is down, or busy past the pool's timeout): the scrape still answers everything
 * else, which is when it is wanted most.
 */
export function queueSnapshot(app: FastifyInstance): Promise<QueueSnapshot[]> {
  const cached = cache.get(app);
  if (cached && performance.now() - cached.at < CACHE_MS) return cached.snapshot;
  const snapshot = app.database
    .query<{ name: string; queued_count: number; active_count: number; deferred_count: number; oldest: number }>(
      SNAPSHOT,
      [],
    )
    .then(({ rows }) =>
      rows.map((r) => ({
        name: r.name,
        queued: Number(r.queued_count),
        active: Number(r.active_count),
        deferred: Number(r.deferred_count),
        oldestWaitingSeconds: Math.max(0, Number(r.oldest)),
      })),
    )
    .catch((err) => {
      // Not kept: the next scrape asks again.
      cache.delete(app);
      app.log.warn({ err: { message: (err as Error).message } }, 'job queue figures could not be read for /metrics');
      return [];
    });
  cache.set(app, { at: performance.now(), snapshot });
  return snapshot;
}
