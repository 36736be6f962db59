import type { FastifyInstance } from 'fastify';
import type { Job, SendOptions } from 'pg-boss';
import type { Config } from '../../config';
import { encryptSecret } from '../../lib/crypto';
import { ProviderError } from '../../providers/gift-cards/types';
import { postEntry } from '../ledger/repository';
import { presentOrder } from './presenter';
import { queueRecipientEmail } from './recipient-email';
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
  const queue = { notify: true, retentionSeconds: 7 * 24 * 3600, deleteAfterSeconds: 7 * 24 * 3600 };
  await app.queue.ensureQueue(FULFIL_QUEUE, queue);
  if (!app.config.runWorkers) return;
  await boss.work<{ orderId: string }>(
    FULFIL_QUEUE,
    {
      pollingIntervalSeconds: 0.5,
      // New jobs wake the worker through NOTIFY; retries coming due are found by this poll.
      notifyPollingIntervalSeconds: 0.5,
      includeMetadata: true,
      localConcurrency: opts.concurrency ?? 8,
    },
    async ([job]) => {
      if (job) await fulfilOrder(app, job);
    },
  );
}

export async function fulfilOrder(app: FastifyInstance, job: Job<{ orderId: string }> & { retryCount?: number }) {
  const { orderId } = job.data;
  const order = await repo.findOrderForWorker(app.db, orderId);
  if (!order || order.status !== 'pending') return;
  const lastAttempt = (job.retryCount ?? 0) >= app.config.fulfilment.maxAttempts - 1;
  const log = app.log.child({ orderId, attempt: (job.retryCount ?? 0) + 1 });

  for (const reward of await repo.listRewards(app.db, orderId)) {
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
      await repo.markRewardIssued(app.db, {
        id: reward.id,
        providerOrderId: issued.providerOrderId,
        codeEncrypted: encryptSecret(key, issued.code),
        pinEncrypted: issued.pin ? encryptSecret(key, issued.pin) : null,
        codeLast4: issued.code.replace(/[^A-Za-z0-9]/g, '').slice(-4),
        redemptionUrl: issued.redemptionUrl ?? null,
        expiresAt: issued.expiresAt ? new Date(issued.expiresAt) : null,
      });
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

  const rewards = await repo.listRewards(app.db, orderId);
  if (rewards.some((r) => r.status !== 'issued')) {
    if (lastAttempt) {
      await failOrder(app, orderId, 'The gift-card provider could not issue every reward in time');
      return;
    }
    throw new RetryLater('some rewards are still pending');
  }
  await completeOrder(app, orderId, rewards);
}

async function completeOrder(app: FastifyInstance, orderId: string, rewards: repo.RewardRow[]) {
  await app.db.transaction().execute(async (tx) => {
    const order = await repo.finishOrder(tx, orderId, { status: 'completed' });
    if (!order) return; // someone else finished it
    const fee = Number(order.charged_fee_minor);
    await postEntry(tx, {
      organisationId: order.organisation_id,
      kind: 'capture',
      currency: order.charge_currency,
      orderId,
      description: 'Order fulfilled',
      postings: [
        { account: 'held', amountMinor: -Number(order.charged_total_minor) },
        { account: 'provider_payable', amountMinor: Number(order.charged_subtotal_minor) },
        ...(fee > 0 ? [{ account: 'fee_revenue' as const, amountMinor: fee }] : []),
      ],
    });
    await repo.insertEvent(tx, {
      order_id: orderId,
      organisation_id: order.organisation_id,
      type: 'order.completed',
      payload: { order: presentOrder(order) },
    });
    await queueRecipientEmail(app, tx, order, { rewards });
  });
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
