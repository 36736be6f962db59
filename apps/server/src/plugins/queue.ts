import { createHash } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import type pg from 'pg';
import { PgBoss, type SendOptions } from 'pg-boss';
import type { PoolStats } from '../db/database';

const PING_QUEUE = 'system.ping';
/** pg-boss's schema in the app's database. */
export const QUEUE_SCHEMA = 'pgboss';
const SCHEMA = QUEUE_SCHEMA;
const NO_JOB = '00000000-0000-0000-0000-000000000000';
const WAKE_SPACING_MS = 10;
const PING_TIMEOUT_MS = 10_000;
const PING_MAX_AGE_MS = 30_000;

export interface QueueStatus {
  ok: boolean;
  roundTripMs: number | null;
  lastRoundTripAt: Date | null;
  error?: string;
}

export interface Queue {
  boss: PgBoss;
  /**
   * Creates the queue or brings its settings up to date, then loads it into pg-boss's queue cache.
   * Without that last step the first `send` inside a transaction would look the queue up on
   * pg-boss's own connection, which on PGlite (one connection, held by the transaction) waits
   * forever: a process that runs no worker for the queue never loads it otherwise.
   */
  ensureQueue(name: string, options: Parameters<PgBoss['createQueue']>[1]): Promise<void>;
  /** Proof that jobs flow: a fresh round trip of a real job, or the last one if recent. */
  status(): Promise<QueueStatus>;
  /**
   * pg-boss's own statement for queueing one job, not run: its text (with the job's JSON as `$1`)
   * and that JSON, for a caller that folds the job into a larger statement of its own.
   */
  jobInsert(queue: string, data: object, options?: SendOptions): Promise<{ text: string; json: string }>;
  /**
   * Wakes the workers of `queue` in every process at once, for jobs committed without a NOTIFY of
   * their own (queues created with `notify: false`). Calls close together share one NOTIFY.
   */
  wake(queue: string): void;
  /**
   * Deletes a job that is no longer wanted (a fallback whose work was done another way). Calls
   * close together share one statement; one lost to a crash only runs its job needlessly.
   */
  discard(queue: string, jobId: string): void;
  /**
   * Calls `onNotify` with the payload of every NOTIFY on `channel` (from any process), through
   * pg-boss's own listener: on PostgreSQL a dedicated connection with a heartbeat that reconnects
   * by itself, on PGlite its in-process `listen`. `onReconnect` runs once listening (again): what
   * was notified meanwhile is lost, so the caller looks for it then. Closed with the app.
   */
  listen(channel: string, onNotify: (payload: string) => void, onReconnect: () => void): Promise<void>;
  /** PostgreSQL only: the connections of pg-boss's own pool, for /metrics. */
  poolStats?(): PoolStats;
}

declare module 'fastify' {
  interface FastifyInstance {
    queue: Queue;
  }
}

/**
 * Everything this app takes from pg-boss beyond its documented API, in one place
 * (docs/decisions/017); `pg-boss-internals.test.ts` fails when an upgrade changes any of it.
 */
export const pgBossInternals = {
  /**
   * pg-boss's own insert for one job, captured instead of run (through the `db` that `send`
   * accepts), so that it can be folded into a larger statement and stay exactly what pg-boss
   * would write. Its text reads the job's JSON from `$1` (`JOB_PARAM`) and nothing else.
   */
  async captureJobInsert(
    boss: PgBoss,
    queue: string,
    data: object,
    options: SendOptions = {},
  ): Promise<{ text: string; json: string }> {
    let captured: { text: string; json: string } | undefined;
    const capture = {
      async executeSql(text: string, values?: unknown[]) {
        captured = { text, json: String(values?.[0]) };
        return { rows: [{ id: 'captured' }] };
      },
    };
    await boss.send(queue, data, { ...options, db: capture });
    if (!captured) throw new Error(`pg-boss built no insert for ${queue}`);
    return captured;
  },
  /**
   * The channel pg-boss's workers LISTEN on (its plans.notifyChannelSql: 'pgboss_' and the start
   * of sha224(schema)); the payload of a NOTIFY on it is the name of the queue to fetch.
   */
  notifyChannel(schema: string): string {
    return `pgboss_${createHash('sha224').update(schema).digest('hex').slice(0, 24)}`;
  },
  /**
   * Loads the queue into pg-boss's queue cache: looking a job up by id reads the queue's row and
   * keeps it, so a later `send` inside a transaction needs no query on pg-boss's own connection.
   */
  async warmQueueCache(boss: PgBoss, queue: string): Promise<void> {
    await boss.getJobById(queue, NO_JOB);
  },
  /** pg-boss's own pg.Pool, when it made one (PostgreSQL; on PGlite it shares the one connection). */
  pool(boss: PgBoss): pg.Pool | undefined {
    const pool = (boss.getDb() as { pool?: pg.Pool }).pool;
    return pool && typeof pool.totalCount === 'number' ? pool : undefined;
  },
};

/** How pg-boss's captured insert reads the job's JSON. */
export const JOB_PARAM = '$1::text::json';

/**
 * A captured job insert (see `pgBossInternals.captureJobInsert`) as a CTE body of a larger statement: the job's
 * JSON, parameter `jobParam` of that statement (`$1`, as in pg-boss's own text), is read FROM
 * `gate`, so the job is written only when that CTE returned a row. Refuses an insert whose shape a
 * pg-boss upgrade has changed.
 */
export function jobInsertGatedBy(jobText: string, gate: string, jobParam: string): string {
  checkJobInsert(jobText, 'jobInsertGatedBy');
  if (jobParam !== '$1') throw new Error(`the job's JSON must be the statement's $1 (pg-boss's own), not ${jobParam}`);
  return jobText.replace(JOB_PARAM, `(SELECT ${jobParam}::text FROM ${gate})::json`);
}

function checkJobInsert(jobText: string, caller: string) {
  if (jobText.split(JOB_PARAM).length !== 2 || /\$[2-9]/.test(jobText))
    throw new Error(`pg-boss's job insert no longer has exactly one ${JOB_PARAM}: check ${caller}'s callers`);
}

/**
 * Captured job inserts of one queue (see `pgBossInternals.captureJobInsert`, each with its own `id`
 * in its options) as one CTE body: `jobsJson` is SQL for the JSON array of the jobs to write (the
 * captured JSONs' elements, e.g. those of the rows a CTE returned), or NULL for none. Refuses an
 * insert whose shape a pg-boss upgrade has changed.
 */
export function jobsInsertFrom(jobText: string, jobsJson: string): string {
  checkJobInsert(jobText, 'jobsInsertFrom');
  return jobText.replace(JOB_PARAM, `(${jobsJson})::json`);
}

/**
 * pg-boss on the app's own database (PGlite through its adapter, or PostgreSQL). Feature modules
 * create their queues and workers on `app.queue.boss` in their own plugins.
 */

export const queuePlugin = fp(
  async (app: FastifyInstance) => {
    // Supervision every 10 s (default 60): a job whose worker died (no heartbeat) goes back to the
    // queue within seconds, which is what keeps a crashed fulfilment from waiting a minute. Tests
    // that kill processes look every second (QUEUE_SUPERVISE_SECONDS, APP_ENV=test only).
    const boss = new PgBoss({
      ...app.database.bossOptions,
      schema: SCHEMA,
      superviseIntervalSeconds: app.config.queueSuperviseSeconds,
      monitorIntervalSeconds: 10,
      // Workers on queues created with `notify: true` wake the moment a job is committed instead
      // of at their next poll: that is most of a reward's delivery time.
      useListenNotify: true,
    });
    let stopping = false;
    boss.on('error', (err) => {
      // pg-boss's LISTEN connection can outlive stop() for a moment; what it reports while the
      // app shuts down (its connection being closed) is expected.
      if (stopping) app.log.debug({ err }, 'job queue error during shutdown');
      else app.log.error({ err }, 'job queue error');
    });
    await boss.start();
    const bossPool = pgBossInternals.pool(boss);
    const bossPoolMax = Number(app.database.bossOptions.max ?? 10);
    const listeners: { close(): Promise<void> }[] = [];
    app.addHook('onClose', async () => {
      stopping = true;
      await Promise.all(listeners.map((l) => l.close()));
      await discarding;
      await boss.stop({ graceful: true, timeout: 5000, close: true });
    });

    // Any process's worker may run any process's test job, so the round trip is confirmed from the
    // job's state in the database, not from a callback in this process.
    await boss.createQueue(PING_QUEUE, { notify: true, retentionSeconds: 3600, deleteAfterSeconds: 600 });
    await boss.work(PING_QUEUE, { pollingIntervalSeconds: 0.5, notifyPollingIntervalSeconds: 0.5 }, async () => {});

    let last: QueueStatus = {
      ok: false,
      roundTripMs: null,
      lastRoundTripAt: null,
      error: 'no job has made the round trip yet',
    };
    let inFlight: Promise<QueueStatus> | undefined;

    const ping = async (): Promise<QueueStatus> => {
      const started = performance.now();
      try {
        const id = await boss.send(PING_QUEUE, {}, { retryLimit: 0 });
        if (!id) throw new Error('the queue refused a test job');
        for (;;) {
          const job = await boss.getJobById(PING_QUEUE, id);
          if (job?.state === 'completed') break;
          if (job && job.state !== 'created' && job.state !== 'active')
            throw new Error(`the test job ended ${job.state}`);
          if (performance.now() - started > PING_TIMEOUT_MS) throw new Error('a test job did not complete in time');
          await new Promise((r) => setTimeout(r, 25));
        }
        last = { ok: true, roundTripMs: Math.round(performance.now() - started), lastRoundTripAt: new Date() };
      } catch (err) {
        last = { ...last, ok: false, error: (err as Error).message };
      }
      return last;
    };

    const refresh = () => {
      inFlight ??= ping().finally(() => {
        inFlight = undefined;
      });
      return inFlight;
    };
    // The first round trip runs while the server starts listening.
    void refresh();

    const channel = pgBossInternals.notifyChannel(SCHEMA);
    const toWake = new Set<string>();
    let waking = false;
    // The first wake-up after a quiet spell goes at once; under load they go at most every
    // WAKE_SPACING_MS, each waking the workers for every job committed since the last.
    const flushWakes = async () => {
      waking = true;
      while (toWake.size) {
        const started = performance.now();
        const names = [...toWake];
        toWake.clear();
        // A lost wake-up costs at most one polling interval.
        await app.database.notify(channel, names).catch((err) => app.log.debug({ err }, 'queue wake-up failed'));
        const rest = WAKE_SPACING_MS - (performance.now() - started);
        if (toWake.size && rest > 0) await new Promise((r) => setTimeout(r, rest));
      }
      waking = false;
    };

    const toDiscard = new Map<string, string[]>();
    let discarding: Promise<void> | undefined;
    const flushDiscards = async () => {
      while (toDiscard.size) {
        const [queue, ids] = toDiscard.entries().next().value as [string, string[]];
        toDiscard.delete(queue);
        await boss.deleteJob(queue, ids).catch((err) => app.log.warn({ err, queue }, 'jobs not discarded'));
      }
    };
    app.decorate('queue', {
      boss,
      discard(queue, jobId) {
        if (stopping) return;
        toDiscard.set(queue, [...(toDiscard.get(queue) ?? []), jobId]);
        discarding ??= flushDiscards().finally(() => {
          discarding = undefined;
        });
      },
      async listen(channel, onNotify, onReconnect) {
        const db = boss.getDb();
        if (!db.listen) throw new Error('this database cannot LISTEN');
        listeners.push(
          await db.listen(
            channel,
            (payload) => {
              if (!stopping) onNotify(payload);
            },
            () => {
              if (!stopping) onReconnect();
            },
          ),
        );
      },
      ...(bossPool
        ? {
            poolStats: () => ({
              total: bossPool.totalCount,
              idle: bossPool.idleCount,
              waiting: bossPool.waitingCount,
              max: bossPoolMax,
            }),
          }
        : {}),
      jobInsert: (queue, data, options) => pgBossInternals.captureJobInsert(boss, queue, data, options),
      wake(queue) {
        if (stopping) return;
        toWake.add(queue);
        if (!waking) void flushWakes();
      },
      async ensureQueue(name, options = {}) {
        await boss.createQueue(name, options);
        // A queue's policy and partitioning are fixed at creation; the rest follows the code.
        const { policy: _policy, partition: _partition, ...changeable } = options;
        if (Object.keys(changeable).length) await boss.updateQueue(name, changeable);
        await pgBossInternals.warmQueueCache(boss, name);
      },
      async status() {
        const age = last.lastRoundTripAt ? Date.now() - last.lastRoundTripAt.getTime() : Number.POSITIVE_INFINITY;
        if (last.ok && age < PING_MAX_AGE_MS) return last;
        return refresh();
      },
    });
  },
  { name: 'queue', dependencies: ['db'] },
);
