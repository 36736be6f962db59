import { request as httpRequest } from 'node:http';
import { request as httpsRequest } from 'node:https';
import type { FastifyInstance } from 'fastify';
import { fromKysely } from 'pg-boss';
import { decryptSecret } from '../../lib/crypto';
import { policyFor } from './endpoints';
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
const TIMEOUT_MS = 15_000;
/** The response body kept in the delivery log. */
export const EXCERPT_BYTES = 4096;
/** How often the dispatcher looks for new deliveries, and how many it queues at once. */
const DISPATCH_EVERY_MS = 250;
const DISPATCH_BATCH = 200;

export const retryDelaySeconds = (attempt: number, random = Math.random) => {
  const base = RETRY_DELAYS_SECONDS[attempt - 1];
  return base === undefined ? null : base * (0.9 + 0.2 * random());
};

interface DeliverJob {
  deliveryId: string;
  /** The attempt this job makes (1 to MAX_ATTEMPTS). */
  attempt: number;
}

export interface AttemptOutcome {
  statusCode: number | null;
  durationMs: number;
  excerpt: string | null;
  error: string | null;
}

/**
 * One POST: 15 s for the whole exchange, redirects not followed (a 3xx is a failure), only the
 * first 4 KB of the answer read, and the connection made only to addresses the SSRF guard
 * checked in the same resolution (ssrf.ts).
 */
export function postWebhook(
  url: URL,
  headers: Record<string, string>,
  body: string,
  policy: UrlPolicy,
  resolve: Resolve,
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
          const excerpt = Buffer.concat(chunks).subarray(0, EXCERPT_BYTES).toString('utf8');
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
      finish({ statusCode: null, excerpt: null, error: `no answer within ${TIMEOUT_MS / 1000} s` });
      req.destroy();
    }, TIMEOUT_MS);
    req.on('error', (err) => finish({ statusCode: null, excerpt: null, error: err.message }));
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

/** Makes attempt `job.attempt` of a delivery, records it, and on failure queues the next on the schedule. */
export async function attemptDelivery(app: FastifyInstance, job: DeliverJob): Promise<void> {
  const d = await repo.loadForAttempt(app.db, job.deliveryId);
  if (d?.status !== 'pending' || d.attempts !== job.attempt - 1) return;
  const attemptedAt = new Date();
  let outcome: AttemptOutcome;
  if (!d.enabled) {
    outcome = { statusCode: null, durationMs: 0, excerpt: null, error: 'the endpoint is disabled' };
  } else {
    const policy = await policyFor(app, d.organisation_id);
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
      outcome = await postWebhook(parseEndpointUrl(d.url, policy), headers, body, policy, app.webhooks.resolve);
    } catch (err) {
      outcome = { statusCode: null, durationMs: 0, excerpt: null, error: `the URL ${(err as Error).message}` };
    }
  }
  const ok = outcome.statusCode !== null && outcome.statusCode >= 200 && outcome.statusCode < 300;
  const delay = ok || !d.enabled ? null : retryDelaySeconds(job.attempt);
  const nextRetryAt = delay === null ? null : new Date(attemptedAt.getTime() + delay * 1000);
  await app.db.transaction().execute(async (tx) => {
    const recorded = await repo.recordAttempt(tx, {
      deliveryId: d.id,
      attempt: job.attempt,
      status: ok ? 'succeeded' : nextRetryAt ? 'pending' : 'failed',
      attemptedAt,
      ...outcome,
      nextRetryAt,
    });
    if (recorded && nextRetryAt && delay !== null) {
      await app.queue.boss.send(DELIVER_QUEUE, { deliveryId: d.id, attempt: job.attempt + 1 } satisfies DeliverJob, {
        startAfter: Math.ceil(delay),
        db: fromKysely(tx),
      });
    }
  });
}

/**
 * Turns the deliveries the events' trigger wrote (the outbox) into pg-boss jobs, a batch per
 * transaction; runs in every worker process (SKIP LOCKED shares the batches out).
 */
export async function dispatchDeliveries(app: FastifyInstance): Promise<number> {
  return app.db.transaction().execute(async (tx) => {
    const taken = await repo.takeUnqueued(tx, DISPATCH_BATCH);
    if (taken.length === 0) return 0;
    await app.queue.boss.insert(
      DELIVER_QUEUE,
      taken.map(({ id }) => ({ data: { deliveryId: id, attempt: 1 } satisfies DeliverJob })),
      { db: fromKysely(tx) },
    );
    return taken.length;
  });
}

export async function startDeliveryWorker(app: FastifyInstance) {
  // Retries of a job that threw (the database, not the receiver: receivers' failures follow the
  // schedule above). Jobs are kept a day for the record.
  await app.queue.ensureQueue(DELIVER_QUEUE, {
    notify: true,
    retryLimit: 5,
    retryDelay: 5,
    retryBackoff: true,
    expireInSeconds: 120,
    deleteAfterSeconds: 24 * 3600,
  });
  if (!app.config.runWorkers) return;
  await app.queue.boss.work<DeliverJob>(
    DELIVER_QUEUE,
    { pollingIntervalSeconds: 0.5, notifyPollingIntervalSeconds: 0.5, batchSize: 8, localConcurrency: 2 },
    async (jobs) => {
      await Promise.all(jobs.map((job) => attemptDelivery(app, job.data)));
    },
  );
  let stopped = false;
  let timer: NodeJS.Timeout | undefined;
  const loop = async () => {
    try {
      while (!stopped && (await dispatchDeliveries(app)) === DISPATCH_BATCH) {}
    } catch (err) {
      if (!stopped) app.log.warn({ err: { message: (err as Error).message } }, 'webhook dispatch failed; will retry');
    }
    if (!stopped) timer = setTimeout(loop, DISPATCH_EVERY_MS);
  };
  timer = setTimeout(loop, DISPATCH_EVERY_MS);
  app.addHook('preClose', async () => {
    stopped = true;
    clearTimeout(timer);
  });
}
