import type { FastifyInstance } from 'fastify';
import type { Job, SendOptions } from 'pg-boss';
import type { Config } from '../../config';
import { encryptSecret } from '../../lib/crypto';
import { ProviderError } from '../../providers/gift-cards/types';
import { postEntry } from '../ledger/repository';
import { completeOrderStatement } from './complete-order-statement';
import { presentOrder } from './presenter';
import { renderRecipientEmail } from './recipient-email';
import * as repo from './repository';

export const FULFIL_QUEUE = 'orders.fulfil';
/** A reward is leased to one job at a time; a dead worker's lease lapses after this. */
const LEASE_SECONDS = 120;

/** Retries with doubling delays (1, 2, 4… s by default, at most 30 s apart) before the order fails. */
export const fulfilJobOptions = (config: Config): SendOptions => ({
  retryLimit: config.fulfilment.maxAttempts - 1,
  retryDelay: config.fulfilment.retryDelaySeconds,
  retryBackoff: true,
  retryDelayMax: 30,
  heartbeatSeconds: 10,
});

class RetryLater extends Error {}

/**
 * The fulfilment worker. For each pending reward of the order it takes a lease, asks the
 * provider for a code using the reward's id as the provider's reference (so a repeated call
 * returns the same code), and stores the code encrypted. When every reward has its code the order
 * is completed: hold captured, event written, recipient email queued, all in one transaction. When
 * the provider refuses for good, or retries run out, the order fails and the hold is released.
 * Each step is conditional on the state it expects, so a job run twice (a crash, a second worker)
 * changes nothing the second time.
 */
export async function startFulfilmentWorker(app: FastifyInstance, opts: { concurrency?: number } = {}) {
  const boss = app.queue.boss;
  // No NOTIFY in the order's transaction (see place-order-statement.ts): orders wake the workers
  // after their commit with app.queue.wake.
  const queue = { notify: false, retentionSeconds: 7 * 24 * 3600, deleteAfterSeconds: 7 * 24 * 3600 };
  await app.queue.ensureQueue(FULFIL_QUEUE, queue);
  if (!app.config.runWorkers) return;
  // A few fetch loops, each taking up to BATCH jobs at once and working them side by side: one
  // fetch per batch instead of one per job, and a wake-up (which wakes every loop) costs a few
  // fetches rather than one per slot. Each job is settled on its own (perJobResults), so one
  // that must retry does not hold back the others.
  const loops = opts.concurrency ?? 4;
  await boss.work<{ orderId: string }>(
    FULFIL_QUEUE,
    {
      // New orders wake the loops (app.queue.wake); retries coming due are found by this poll.
      pollingIntervalSeconds: 0.5,
      includeMetadata: true,
      localConcurrency: loops,
      batchSize: BATCH,
      perJobResults: true,
    },
    async (jobs) =>
      Promise.all(
        jobs.map(async (job) => {
          try {
            await fulfilOrder(app, job);
            return { id: job.id, status: 'completed' as const };
          } catch (err) {
            return { id: job.id, status: 'failed' as const, output: { message: (err as Error).message } };
          }
        }),
      ),
  );
}

/** Jobs one fetch loop takes and works at once. */
const BATCH = 8;

export async function fulfilOrder(app: FastifyInstance, job: Job<{ orderId: string }> & { retryCount?: number }) {
  const { orderId } = job.data;
  const [order, rewards] = await Promise.all([
    repo.findOrderForWorker(app.db, orderId),
    repo.listRewards(app.db, orderId),
  ]);
  if (!order || order.status !== 'pending') return;
  const lastAttempt = (job.retryCount ?? 0) >= app.config.fulfilment.maxAttempts - 1;
  const log = app.log.child({ orderId, attempt: (job.retryCount ?? 0) + 1 });

  for (const [i, reward] of rewards.entries()) {
    if (reward.status !== 'pending') continue;
    const leased = await repo.leaseReward(app.db, reward.id, job.id, LEASE_SECONDS);
    if (!leased) {
      if (lastAttempt) break;
      throw new RetryLater(`reward ${reward.id} is held by another worker`);
    }
    try {
      const issued = await app.giftCards.placeOrder({
        reference: reward.id,
        productCode: order.product_code,
        amountMinor: Number(order.amount_minor),
        currency: order.currency,
      });
      const key = app.secrets.rewardCodeKey;
      const marked = await repo.markRewardIssued(app.db, {
        id: reward.id,
        providerOrderId: issued.providerOrderId,
        codeEncrypted: encryptSecret(key, issued.code),
        pinEncrypted: issued.pin ? encryptSecret(key, issued.pin) : null,
        codeLast4: issued.code.replace(/[^A-Za-z0-9]/g, '').slice(-4),
        redemptionUrl: issued.redemptionUrl ?? null,
        expiresAt: issued.expiresAt ? new Date(issued.expiresAt) : null,
      });
      if (marked) rewards[i] = { ...reward, status: 'issued' };
    } catch (err) {
      await repo.releaseRewardLease(app.db, reward.id);
      const permanent = err instanceof ProviderError && !err.retryable;
      if (permanent || lastAttempt) {
        const reason =
          err instanceof ProviderError
            ? describeProviderFailure(err)
            : 'The gift-card provider could not issue the reward';
        log.warn({ kind: err instanceof ProviderError ? err.kind : 'unknown' }, 'order failed');
        await failOrder(app, orderId, reason);
        return;
      }
      log.info({ kind: err instanceof ProviderError ? err.kind : 'unknown' }, 'provider call failed; will retry');
      throw err;
    }
  }

  // Issued means read as issued above or issued by this run's own conditional update; a reward
  // another run issued meanwhile still counts as pending, and the retry will read it.
  if (rewards.some((r) => r.status !== 'issued')) {
    if (lastAttempt) {
      await failOrder(app, orderId, 'The gift-card provider could not issue every reward in time');
      return;
    }
    throw new RetryLater('some rewards are still pending');
  }
  await completeOrder(app, order, rewards);
}

/**
 * Completion in one statement (complete-order-statement.ts); then the recipient email goes out at
 * once, its queued job only a fallback (app.mail.prepareAfterCommit), not one queue hop later.
 */
async function completeOrder(app: FastifyInstance, order: repo.OrderRow, rewards: repo.RewardRow[]) {
  const completedAt = new Date();
  const email = await renderRecipientEmail(app, order, rewards, order.recipient_email);
  const { job, deliver } = await app.mail.prepareAfterCommit(email);
  const { text, name, values } = completeOrderStatement({
    orderId: order.id,
    completedAt,
    eventPayload: JSON.stringify({ order: presentOrder({ ...order, status: 'completed', completed_at: completedAt }) }),
    recipient: order.recipient_email,
    job,
  });
  const [row] = (await app.database.query<{ completed: boolean; fallback_job_id: string | null }>(text, values, name))
    .rows;
  if (row?.completed) await deliver(row.fallback_job_id ?? undefined);
}

async function failOrder(app: FastifyInstance, orderId: string, reason: string) {
  await app.db.transaction().execute(async (tx) => {
    await repo.failPendingRewards(tx, orderId);
    const order = await repo.finishOrder(tx, orderId, { status: 'failed', reason });
    if (!order) return;
    await postEntry(tx, {
      organisationId: order.organisation_id,
      kind: 'release',
      currency: order.charge_currency,
      orderId,
      description: 'Order failed: hold released',
      postings: [
        { account: 'held', amountMinor: -Number(order.charged_total_minor) },
        { account: 'available', amountMinor: Number(order.charged_total_minor) },
      ],
    });
    await repo.insertEvent(tx, {
      order_id: orderId,
      organisation_id: order.organisation_id,
      type: 'order.failed',
      payload: { order: presentOrder(order), reason },
    });
  });
}

function describeProviderFailure(err: ProviderError): string {
  switch (err.kind) {
    case 'out_of_stock':
      return 'This gift card is out of stock at the provider';
    case 'declined':
      return 'The gift-card provider declined the order';
    case 'timeout':
      return 'The gift-card provider did not answer in time';
    default:
      return 'The gift-card provider reported an error';
  }
}
