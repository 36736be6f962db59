import { request as httpRequest } from 'node:http';
import { request as httpsRequest } from 'node:https';
import type { FastifyInstance } from 'fastify';
import { fromKysely } from 'pg-boss';
import { decryptSecret } from '../../lib/crypto';
import { storableText } from '../../lib/storable-text';
import { policyForMode } from './endpoints';
import * as repo from './repository-deliveries';
import { signatureHeader } from './signing';
import { guardedLookup, parseEndpointUrl, type Resolve, type UrlPolicy } from './ssrf';

export const DELIVER_QUEUE = 'webhooks.deliver';

/**
 * Delays before attempts 2 to 8 (the first goes at once): 5 s, 5 min, 30 min, 2 h, 5 h, 10 h, 10 h,
 * each with ±10 % jitter; after the eighth the delivery is marked failed (decision 027).
 */
export const RETRY_DELAYS_SECONDS = [5, 300, 1800, 7200, 18_000, 36_000, 36_000];
export const MAX_ATTEMPTS = RETRY_DELAYS_SECONDS.length + 1;
/** The response body kept in the delivery log. */
export const EXCERPT_BYTES = 4096;
/** The channel the outbox's trigger notifies when deliveries are written (migration 0067). */
export const DISPATCH_CHANNEL = 'webhook_deliveries';
/**
 * How often the dispatcher looks for new deliveries without being woken: the safety net behind
 * the NOTIFY (a notification lost with a dropped connection), or, with WEBHOOK_DISPATCH=poll, the
 * only way (the old dispatcher, kept as the bench's baseline). How many it queues at once.
 */
const SAFETY_POLL_MS = 10_000;
const POLL_MS = 250;
const DISPATCH_BATCH = 200;
/**
 * How often the delivery workers look for jobs without a NOTIFY: retries coming due. A retry
 * due within RETRY_WAKE_WITHIN_MS also wakes the workers when it is due (a timer in the process
 * that scheduled it), so the first retries keep to the schedule; a later one, or one whose
 * process died, is at most this late.
 */
const WORKER_POLL_SECONDS = 5;
/**
 * How long past the POST's own timeout an attempt's claim holds (migration 0094): time to record
 * the outcome, its retries included (a pool waits up to 5 s a try). A run that finds the claim
 * held comes back after the timeout and this margin.
 */
const CLAIM_MARGIN_MS = 20_000;
/** How many times one attempt's job is queued again behind a held claim before it is left. */
const MAX_REQUEUES = 5;
const RETRY_WAKE_WITHIN_MS = 15 * 60_000;

/** The delay before attempt `attempt + 1`, jittered ±10 %, times `scale` (tests and benches only; decision 030). */
export const retryDelaySeconds = (attempt: number, random = Math.random, scale = 1) => {
  const base = RETRY_DELAYS_SECONDS[attempt - 1];
  return base === undefined ? null : base * scale * (0.9 + 0.2 * random());
};

interface DeliverJob {
  deliveryId: string;
  /** The attempt this job makes (1 to MAX_ATTEMPTS). */
  attempt: number;
  /** How many times this attempt's job was queued again because another run held its claim. */
  requeued?: number;
}

export interface AttemptOutcome {
  statusCode: number | null;
  durationMs: number;
  excerpt: string | null;
  error: string | null;
}

/**
 * One POST: 15 s (`timeoutMs`) for the whole exchange, redirects not followed (a 3xx is a failure), only the
 * first 4 KB of the answer read, and the connection made only to addresses the SSRF guard
 * checked in the same resolution (ssrf.ts).
 */
export function postWebhook(
  url: URL,
  headers: Record<string, string>,
  body: string,
  policy: UrlPolicy,
  resolve: Resolve,
  timeoutMs = 15_000,
): Promise<AttemptOutcome> {
  const started = performance.now();
  const elapsed = () => Math.round(performance.now() - started);
  return new Promise((done) => {
    const request = url.protocol === 'https:' ? httpsRequest : httpRequest;
    let settled = false;
    const finish = (o: Omit<AttemptOutcome, 'durationMs'>) => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      done({ ...o, durationMs: elapsed() });
    };
    const req = request(
      url,
      {
        method: 'POST',
        agent: false,
        lookup: guardedLookup(policy, resolve),
        headers: { ...headers, 'content-type': 'application/json', 'content-length': Buffer.byteLength(body) },
      },
      (res) => {
        const chunks: Buffer[] = [];
        let size = 0;
        const end = () => {
          // Kept as the receiver sent it, but storable: a NUL in it would fail every recording.
          const excerpt = storableText(Buffer.concat(chunks).subarray(0, EXCERPT_BYTES).toString('utf8'));
          finish({ statusCode: res.statusCode ?? null, excerpt, error: null });
          res.destroy();
        };
        res.on('data', (chunk: Buffer) => {
          if (size < EXCERPT_BYTES) chunks.push(chunk);
          size += chunk.length;
          if (size >= EXCERPT_BYTES) end();
        });
        res.on('end', end);
        res.on('error', end);
      },
    );
    const timer = setTimeout(() => {
      finish({ statusCode: null, excerpt: null, error: `no answer within ${timeoutMs / 1000} s` });
      req.destroy();
    }, timeoutMs);
    req.on('error', (err) => finish({ statusCode: null, excerpt: null, error: storableText(err.message) }));
    req.end(body);
  });
}

/** The event as delivered: `{id, type, created_at, data}`, the same as GET /events/{id}. */
const eventBody = (d: NonNullable<Awaited<ReturnType<typeof repo.loadForAttempt>>>) =>
  JSON.stringify({
    id: d.event_id,
    type: d.event_type,
    created_at: d.event_created_at.toISOString(),
    data: d.event_data,
  });

/**
 * Makes attempt `job.attempt` of a delivery, records it, and on failure queues the next on the
 * schedule; returns when that next attempt is due (null: none).
 */
export async function attemptDelivery(app: FastifyInstance, job: DeliverJob): Promise<Date | null> {
  const { retryScale, timeoutMs } = app.config.webhookDelivery;
  const d = await repo.loadForAttempt(app.db, job.deliveryId);
  if (d?.status !== 'pending' || d.attempts !== job.attempt - 1) return null;
  // One POST per attempt: a second run of this job (its first worker's heartbeat lapsed while it
  // waited on the receiver) finds the first run's claim and comes back once it must have lapsed;
  // by then the attempt is recorded, or its worker died and this run makes it.
  const holdMs = timeoutMs + CLAIM_MARGIN_MS;
  const claimedAt = Date.now();
  if (!(await repo.claimAttempt(app.db, d.id, job.attempt, holdMs))) {
    const again = await repo.loadForAttempt(app.db, job.deliveryId);
    if (again?.status !== 'pending' || again.attempts !== job.attempt - 1) return null;
    const requeued = (job.requeued ?? 0) + 1;
    // Runs that post and then cannot record (the database refusing every try) would otherwise
    // pass the claim from one to the next forever.
    if (requeued > MAX_REQUEUES) {
      app.log.warn({ deliveryId: d.id, attempt: job.attempt }, 'webhook attempt left: its claim was never released');
      return null;
    }
    // Back when the other run's claim ends (its clock is the database's, as is the claim's).
    const ends = again.claim_expires_at?.getTime() ?? Date.now();
    const due = new Date(Math.max(ends, Date.now()) + 1000);
    await app.queue.boss.send(DELIVER_QUEUE, { ...job, requeued } satisfies DeliverJob, { startAfter: due });
    return due;
  }
  const attemptedAt = new Date();
  let outcome: AttemptOutcome;
  if (!d.enabled) {
    outcome = { statusCode: null, durationMs: 0, excerpt: null, error: 'the endpoint is disabled' };
  } else {
    const policy = policyForMode(app, d.sandbox);
    const key = app.secrets.rewardCodeKey;
    const secrets = [decryptSecret(key, d.secret_encrypted)];
    if (d.previous_secret_encrypted && d.previous_secret_expires_at && d.previous_secret_expires_at > attemptedAt)
      secrets.push(decryptSecret(key, d.previous_secret_encrypted));
    const body = eventBody(d);
    const timestamp = Math.floor(attemptedAt.getTime() / 1000);
    const headers = {
      'user-agent': 'GiftRelay-Webhooks/1',
      'webhook-id': d.event_id,
      'webhook-timestamp': String(timestamp),
      'webhook-signature': signatureHeader(secrets, d.event_id, timestamp, body),
    };
    try {
      const url = parseEndpointUrl(d.url, policy);
      outcome = await postWebhook(url, headers, body, policy, app.webhooks.resolve, timeoutMs);
    } catch (err) {
      outcome = { statusCode: null, durationMs: 0, excerpt: null, error: `the URL ${(err as Error).message}` };
    }
  }
  const ok = outcome.statusCode !== null && outcome.statusCode >= 200 && outcome.statusCode < 300;
  const delay = ok || !d.enabled ? null : retryDelaySeconds(job.attempt, Math.random, retryScale);
  const nextRetryAt = delay === null ? null : new Date(attemptedAt.getTime() + delay * 1000);
  // A disabled endpoint is not asked: no attempt to time.
  if (d.enabled)
    app.metrics.webhookAttemptSeconds.observe({ outcome: ok ? 'succeeded' : 'failed' }, outcome.durationMs / 1000);
  let givenUp = false;
  // The POST has happened: recording it is worth a few tries (a pool waiting on a busy database
  // times out after 5 s), since a run that gives up here leaves the attempt to be posted again.
  const next = await recordWithRetries(claimedAt + holdMs - 1000, () =>
    app.db.transaction().execute(async (tx) => {
      givenUp = false;
      const recorded = await repo.recordAttempt(tx, {
        deliveryId: d.id,
        attempt: job.attempt,
        status: ok ? 'succeeded' : nextRetryAt ? 'pending' : 'failed',
        attemptedAt,
        ...outcome,
        nextRetryAt,
      });
      givenUp = recorded && !ok && !nextRetryAt;
      if (!recorded || !nextRetryAt) return null;
      // Due at the very time recorded as the next retry (to the millisecond: a scaled schedule's
      // first retries are shorter than a second).
      await app.queue.boss.send(DELIVER_QUEUE, { deliveryId: d.id, attempt: job.attempt + 1 } satisfies DeliverJob, {
        startAfter: nextRetryAt,
        db: fromKysely(tx),
      });
      return nextRetryAt;
    }),
  );
  if (givenUp) app.metrics.webhookDeliveriesFailed.inc();
  return next;
}

/** Delays between the tries of recording an attempt that has been posted. */
const RECORD_RETRY_MS = [250, 1000, 3000];

/**
 * Tries `record` again after a failure, but never past `until` (the claim's end): once the claim
 * lapses another run may post the attempt, and this run's late record would then be its second.
 */
async function recordWithRetries<T>(until: number, record: () => Promise<T>): Promise<T> {
  for (let i = 0; ; i++) {
    try {
      return await record();
    } catch (err) {
      const wait = RECORD_RETRY_MS[i];
      if (wait === undefined || Date.now() + wait >= until) throw err;
      await new Promise((r) => setTimeout(r, wait));
    }
  }
}

/**
 * Turns the deliveries the events' trigger wrote (the outbox) into pg-boss jobs, a batch per
 * transaction; runs in every worker process (SKIP LOCKED shares the batches out).
 */
export async function dispatchDeliveries(app: FastifyInstance): Promise<number> {
  const queued = await app.db.transaction().execute(async (tx) => {
    const taken = await repo.takeUnqueued(tx, DISPATCH_BATCH);
    if (taken.length === 0) return 0;
    await app.queue.boss.insert(
      DELIVER_QUEUE,
      taken.map(({ id }) => ({ data: { deliveryId: id, attempt: 1 } satisfies DeliverJob })),
      { db: fromKysely(tx) },
    );
    return taken.length;
  });
  // The jobs were committed without a NOTIFY of their own (decision 012: a notifying commit waits
  // its turn for its flush); this wakes the delivery loops of every process after it.
  if (queued) app.queue.wake(DELIVER_QUEUE);
  return queued;
}

/**
 * Runs `dispatchDeliveries` until the outbox is empty whenever `wake` is called (a NOTIFY), and
 * every `everyMs` without one. Wake-ups during a run make one more run, never two at once.
 */
function dispatcher(app: FastifyInstance, everyMs: number) {
  let stopped = false;
  let running = false;
  let again = false;
  let timer: NodeJS.Timeout | undefined;
  const run = async () => {
    if (stopped) return;
    if (running) {
      again = true;
      return;
    }
    running = true;
    clearTimeout(timer);
    try {
      do {
        again = false;
        while (!stopped && (await dispatchDeliveries(app)) === DISPATCH_BATCH) {}
      } while (again && !stopped);
    } catch (err) {
      if (!stopped) app.log.warn({ err: { message: (err as Error).message } }, 'webhook dispatch failed; will retry');
    }
    running = false;
    if (!stopped) timer = setTimeout(run, everyMs);
  };
  return {
    wake: () => void run(),
    start: () => {
      timer = setTimeout(run, everyMs);
    },
    stop: () => {
      stopped = true;
      clearTimeout(timer);
    },
  };
}

export async function startDeliveryWorker(app: FastifyInstance) {
  // Retries of a job that threw (the database, not the receiver: receivers' failures follow the
  // schedule above), or whose worker died: without a heartbeat for 10 s the job goes back to the
  // queue (decision 030). Jobs are kept a day for the record. No NOTIFY in the commits that queue
  // jobs: the dispatcher and the retries' timers wake the loops after them (app.queue.wake).
  await app.queue.ensureQueue(DELIVER_QUEUE, {
    notify: false,
    retryLimit: 5,
    retryDelay: 5,
    retryBackoff: true,
    heartbeatSeconds: 10,
    expireInSeconds: 120,
    deleteAfterSeconds: 24 * 3600,
  });
  if (!app.config.runWorkers) return;
  // A retry due soon wakes the workers when it is due, through pg-boss's NOTIFY (app.queue.wake):
  // whichever fetch loop, in whichever process, is free takes it. The poll finds the rest.
  const retryTimers = new Set<NodeJS.Timeout>();
  const wakeAt = (due: Date | null) => {
    const wait = due ? due.getTime() - Date.now() : Number.POSITIVE_INFINITY;
    if (wait > RETRY_WAKE_WITHIN_MS) return;
    const timer = setTimeout(() => {
      retryTimers.delete(timer);
      app.queue.wake(DELIVER_QUEUE);
    }, Math.max(0, wait) + 5);
    timer.unref();
    retryTimers.add(timer);
  };
  await app.queue.boss.work<DeliverJob>(
    DELIVER_QUEUE,
    {
      pollingIntervalSeconds: WORKER_POLL_SECONDS,
      notifyPollingIntervalSeconds: WORKER_POLL_SECONDS,
      batchSize: 8,
      localConcurrency: 2,
      // Each job succeeds or fails alone: one throwing must not send the whole batch back to the
      // queue while its other jobs are still posting (a retry would post them a second time).
      perJobResults: true,
    },
    async (jobs) =>
      Promise.all(
        jobs.map(async (job) => {
          try {
            wakeAt(await attemptDelivery(app, job.data));
            return { id: job.id, status: 'completed' as const };
          } catch (err) {
            return { id: job.id, status: 'failed' as const, output: { message: (err as Error).message } };
          }
        }),
      ),
  );
  const notify = app.config.webhookDelivery.dispatch === 'notify';
  const dispatch = dispatcher(app, notify ? SAFETY_POLL_MS : POLL_MS);
  app.addHook('preClose', async () => {
    dispatch.stop();
    for (const timer of retryTimers) clearTimeout(timer);
  });
  // Every process's dispatcher hears every new delivery; SKIP LOCKED gives each to one of them.
  // After (re)connecting it looks at once for what was written while it was not listening.
  if (notify) await app.queue.listen(DISPATCH_CHANNEL, dispatch.wake, dispatch.wake);
  dispatch.start();
}
