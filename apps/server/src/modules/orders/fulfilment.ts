import { randomUUID } from 'node:crypto';
import type { EventData } from '@giftrelay/contracts';
import type { FastifyInstance } from 'fastify';
import type { Job, SendOptions } from 'pg-boss';
import type { Config } from '../../config';
import { encryptSecret } from '../../lib/crypto';
import { groupCaller } from '../../lib/group-writer';
import { Slots } from '../../lib/slots';
import { inSpan, SpanKind, type TraceCarrier, traceCarrier } from '../../lib/tracing';
import { modeLabel } from '../../plugins/metrics';
import { providerFor } from '../../providers/gift-cards';
import { ProviderError, type ProviderOrder } from '../../providers/gift-cards/types';
import { brandingOf, type SenderBranding } from '../organisation';
import { inviteToChoose, providerReference, returnPickToRecipient } from './choice';
import { type CompleteOrderInput, completeOrderStatement, type IssuedReward } from './complete-order-statement';
import * as work from './fulfilment-repository';
import { presentOrder } from './presenter';
import {
  EMAIL_FALLBACK_QUEUE,
  type EmailFallback,
  sendRecipientEmail,
  sendRecipientEmailAgain,
} from './recipient-email';
import * as repo from './repository';
import { SMS_QUEUE, SMS_QUEUE_OPTIONS, type SmsJob, sendRewardSms } from './reward-sms';
import { EMAIL_FALLBACK_SECONDS, failReward, holdForReview, settleOrder } from './settle-order';
import { batchOrderSettled } from './settled';

export const FULFIL_QUEUE = 'orders.fulfil';
/** A reward is leased to one job at a time; a dead worker's lease lapses after this. */
const LEASE_SECONDS = 120;

/** Retries with doubling delays (1, 2, 4… s by default, at most 30 s apart) before the order fails. */
export const fulfilJobOptions = (config: Config, sendAt?: Date | null): SendOptions => ({
  retryLimit: config.fulfilment.maxAttempts - 1,
  retryDelay: config.fulfilment.retryDelaySeconds,
  retryBackoff: true,
  retryDelayMax: 30,
  heartbeatSeconds: 10,
  // A scheduled order's job waits in the queue until its time (decision 042).
  ...(sendAt ? { startAfter: sendAt } : {}),
});

/**
 * The job's data: the order, and for a scheduled one the time it was scheduled for, so that a job
 * left behind by a reschedule knows it is stale and does nothing. With tracing on, the trace that
 * queued it (`traceparent`), which the worker's span continues (decision 072).
 */
export const fulfilJobData = (order: Pick<repo.OrderRow, 'id' | 'send_at'>) => ({
  orderId: order.id,
  ...(order.send_at ? { sendAt: order.send_at.toISOString() } : {}),
  ...traceCarrier(),
});

type FulfilJob = Job<{ orderId: string; sendAt?: string } & TraceCarrier> & { retryCount?: number; startAfter?: Date };

/** How an order ended in fulfilment; null when this run did not end it. */
type Settled = 'completed' | 'partial' | 'failed' | null;

class RetryLater extends Error {}

/**
 * The connections fulfilment may use at once: half the pool, so that while a batch's thousands of
 * orders are fulfilled the API's requests always find a free connection (decision 043).
 */
const dbSlots = new WeakMap<FastifyInstance, Slots>();
function slotsOf(app: FastifyInstance): Slots {
  let slots = dbSlots.get(app);
  if (!slots) {
    const pool = app.config.database.driver === 'postgres' ? app.config.database.poolMax : 2;
    slots = new Slots(Math.max(1, Math.floor(pool / 2)));
    dbSlots.set(app, slots);
  }
  return slots;
}

/**
 * The fulfilment worker. For each pending reward of the order it takes a lease, asks the
 * provider for a code using the reward's id as the provider's reference (so a repeated call
 * returns the same code), and stores the code encrypted. When every reward has its code the order
 * is completed: hold captured, event written, recipient email queued, all in one transaction. When
 * the provider refuses for good, or retries run out, the order settles with the cards it has
 * (giveUp, decision 058): partly delivered and charged for those, or failed and released.
 * Each step is conditional on the state it expects, so a job run twice (a crash, a second worker)
 * changes nothing the second time.
 */
export async function startFulfilmentWorker(app: FastifyInstance, opts: { concurrency?: number } = {}) {
  const boss = app.queue.boss;
  // No NOTIFY in the order's transaction (see place-order-statement.ts): orders wake the workers
  // after their commit with app.queue.wake.
  const queue = { notify: false, retentionSeconds: 7 * 24 * 3600, deleteAfterSeconds: 7 * 24 * 3600 };
  await app.queue.ensureQueue(FULFIL_QUEUE, queue);
  // Never due at once, so no NOTIFY; retried like the mail queue's jobs.
  await app.queue.ensureQueue(EMAIL_FALLBACK_QUEUE, {
    notify: false,
    retryLimit: 8,
    retryDelay: 5,
    retryBackoff: true,
    retryDelayMax: 1800,
    deleteAfterSeconds: 3600,
  });
  await app.queue.ensureQueue(SMS_QUEUE, SMS_QUEUE_OPTIONS);
  if (!app.config.runWorkers) return;
  await boss.work<EmailFallback>(EMAIL_FALLBACK_QUEUE, { pollingIntervalSeconds: 2 }, async ([job]) => {
    if (job) await sendRecipientEmailAgain(app, job.data);
  });
  await boss.work<SmsJob>(SMS_QUEUE, { pollingIntervalSeconds: 2 }, async ([job]) => {
    if (job) await sendRewardSms(app, job.data);
  });
  // A few fetch loops, each taking up to its share of FULFILMENT_CONCURRENCY jobs at once and working them side by side: one
  // fetch per batch instead of one per job, and a wake-up (which wakes every loop) costs a few
  // fetches rather than one per slot. Each job is settled on its own (perJobResults), so one
  // that must retry does not hold back the others.
  const loops = opts.concurrency ?? LOOPS;
  const batchSize = Math.max(1, Math.ceil(app.config.fulfilment.concurrency / loops));
  await boss.work<{ orderId: string } & TraceCarrier>(
    FULFIL_QUEUE,
    {
      // New orders wake the loops (app.queue.wake); retries coming due are found by this poll.
      pollingIntervalSeconds: 0.5,
      includeMetadata: true,
      localConcurrency: loops,
      batchSize,
      // A full fetch means more is waiting (a batch's thousands of orders): fetch again at once
      // rather than after the polling interval.
      burstWhenBatchFull: true,
      perJobResults: true,
    },
    async (jobs) =>
      Promise.all(
        jobs.map(async (job) => {
          try {
            const attributes = { 'giftrelay.order_id': job.data.orderId, 'messaging.system': 'pg-boss' };
            await inSpan(FULFIL_QUEUE, { kind: SpanKind.CONSUMER, attributes, from: job.data }, () =>
              fulfilOrder(app, job),
            );
            return { id: job.id, status: 'completed' as const };
          } catch (err) {
            return { id: job.id, status: 'failed' as const, output: { message: (err as Error).message } };
          }
        }),
      ),
  );
}

/** Jobs' loads per statement at most: a few fetches' worth. */
const GROUP_MAX_LOADS = 200;
const loaders = new WeakMap<
  FastifyInstance,
  ReturnType<typeof groupCaller<{ orderId: string; owner: string }, work.LoadedForFulfilment | undefined>>
>();

/**
 * The run's first load: the loads of the jobs that start in the same turn (a fetch's worth)
 * go out as one statement (lib/group-writer, decision 094), each job with its own lease.
 */
function loadGrouped(app: FastifyInstance, orderId: string, owner: string) {
  let loader = loaders.get(app);
  if (!loader) {
    loader = groupCaller(
      (asked: { orderId: string; owner: string }[]) => work.loadManyForFulfilment(app.db, asked, LEASE_SECONDS),
      { maxItems: GROUP_MAX_LOADS },
    );
    loaders.set(app, loader);
  }
  return loader.call([{ orderId, owner }]).then(([loaded]) => loaded);
}

/** Fetch loops per process; each takes FULFILMENT_CONCURRENCY / LOOPS jobs at once. */
const LOOPS = 4;

/** Fulfils the order and, when this run ended it, times it from when its job could first start. */
export async function fulfilOrder(app: FastifyInstance, job: FulfilJob): Promise<void> {
  const settled = await fulfil(app, job);
  if (settled && job.startAfter)
    app.metrics.fulfilmentSeconds.observe(
      { mode: settled.mode, outcome: settled.outcome },
      Math.max(0, Date.now() - job.startAfter.getTime()) / 1000,
    );
}

async function fulfil(
  app: FastifyInstance,
  job: FulfilJob,
): Promise<{ mode: string; outcome: NonNullable<Settled> } | null> {
  const { orderId } = job.data;
  // A scheduled order starts now: only by the job made for its time, never one a reschedule left
  // behind, nor after a cancellation (both conditional on the same row).
  const slots = slotsOf(app);
  if (job.data.sendAt && !(await slots.run(() => work.startScheduledOrder(app.db, orderId, job.data.sendAt as string))))
    return null;
  const loaded = await slots.run(() => loadGrouped(app, orderId, job.id));
  if (loaded?.order.status !== 'pending') return null;
  const { order, rewards } = loaded;
  const branding = brandingOf(loaded.branding);
  // A choice reward waits for its recipient's pick (decision 080): its claim link goes out, and
  // the provider is asked nothing until the pick makes the reward pending.
  if (order.choice_product_codes && rewards.some((r) => r.status === 'awaiting_choice')) {
    await inviteToChoose(app, order);
    return null;
  }
  const ended = (outcome: Settled) => (outcome ? { mode: modeLabel(order.sandbox), outcome } : null);
  const lastAttempt = (job.retryCount ?? 0) >= app.config.fulfilment.maxAttempts - 1;
  const log = app.log.child({ orderId, attempt: (job.retryCount ?? 0) + 1 });

  const pending = rewards.filter((r) => r.status === 'pending');
  if (pending.some((r) => !r.leased)) {
    if (lastAttempt)
      return ended(
        await giveUp(app, order, rewards, [], null, 'The gift-card provider could not issue every reward in time'),
      );
    throw new RetryLater('a reward is held by another worker');
  }
  // The codes are stored with the completion. A run that dies before it asks again next time, with
  // the same references, and the provider answers with the same cards.
  const issued: IssuedReward[] = [];
  for (const reward of pending) {
    try {
      const provider = providerFor(app, order);
      const card = await providerCall(app, provider.name, 'placeOrder', () =>
        provider.placeOrder({
          reference: providerReference(reward),
          productCode: order.product_code,
          amountMinor: Number(order.amount_minor),
          currency: order.currency,
        }),
      );
      issued.push(issuedReward(app, reward.id, card));
    } catch (err) {
      const permanent = err instanceof ProviderError && !err.retryable;
      // A pick refused for good goes back to its recipient, who picks again (decision 080).
      if (permanent && order.choice_product_codes) {
        await returnPickToRecipient(
          app,
          order,
          reward.id,
          err.kind === 'out_of_stock' ? 'out_of_stock' : 'try_again_later',
        );
        return null;
      }
      if (permanent || lastAttempt) {
        const reason =
          err instanceof ProviderError
            ? describeProviderFailure(err)
            : 'The gift-card provider could not issue the reward';
        log.warn({ kind: err instanceof ProviderError ? err.kind : 'unknown' }, 'giving up on the rewards not issued');
        // A refusal says no card was made; a timeout or fault may have made one.
        return ended(await giveUp(app, order, rewards, issued, { id: reward.id, mayExist: !permanent }, reason));
      }
      // What was issued so far is kept, so that a retry does not ask for it again.
      for (const r of issued) await work.markRewardIssued(app.db, r);
      await work.releaseRewardLease(app.db, reward.id);
      log.info({ kind: err instanceof ProviderError ? err.kind : 'unknown' }, 'provider call failed; will retry');
      throw err;
    }
  }
  if (!(await slots.run(() => completeOrder(app, order, rewards, issued, branding)))) {
    // Not completed: finished by another run, or a reward it did not see as issued yet. Only the
    // second leaves the order pending, and the retry completes it.
    const now = await repo.findOrderForWorker(app.db, orderId);
    if (now?.status !== 'pending') return null;
    if (!lastAttempt) throw new RetryLater('the order could not be completed yet');
    const again = await work.loadForFulfilment(app.db, orderId, job.id, LEASE_SECONDS);
    return ended(
      await giveUp(
        app,
        order,
        again?.rewards ?? [],
        [],
        null,
        'The gift-card provider could not issue every reward in time',
      ),
    );
  }
  return ended('completed');
}

/**
 * A call to the gift-card provider, in a span of its own and timed by outcome: `ok`, or the
 * ProviderError's kind (a fixed list), `error` for anything else.
 */
async function providerCall<T>(app: FastifyInstance, provider: string, operation: string, call: () => Promise<T>) {
  const started = performance.now();
  let outcome = 'ok';
  try {
    return await inSpan(
      `gift-card provider ${operation}`,
      { kind: SpanKind.CLIENT, attributes: { 'giftrelay.provider': provider } },
      call,
    );
  } catch (err) {
    outcome = err instanceof ProviderError ? err.kind : 'error';
    throw err;
  } finally {
    app.metrics.providerCallSeconds.observe({ provider, operation, outcome }, (performance.now() - started) / 1000);
  }
}

export function issuedReward(app: FastifyInstance, id: string, card: ProviderOrder): IssuedReward {
  const key = app.secrets.rewardCodeKey;
  return {
    id,
    providerOrderId: card.providerOrderId,
    codeEncrypted: encryptSecret(key, card.code),
    pinEncrypted: card.pin ? encryptSecret(key, card.pin) : null,
    codeLast4: card.code.replace(/[^A-Za-z0-9]/g, '').slice(-4),
    redemptionUrl: card.redemptionUrl ?? null,
    expiresAt: card.expiresAt ? new Date(card.expiresAt) : null,
  };
}

/**
 * No more asking (a refusal, or the last attempt): money follows the cards (decision 058). The
 * cards this run got are stored; each reward still pending is failed when no card can exist for
 * it (never asked for, or refused), and otherwise looked up at the provider by its reference: a
 * card found is issued, none is failed, and a provider that cannot say holds the reward for an
 * operator (`review`: its money stays held). Then the order settles with what it has.
 */
async function giveUp(
  app: FastifyInstance,
  order: repo.OrderRow,
  rewards: work.FulfilmentReward[],
  issued: IssuedReward[],
  failing: { id: string; mayExist: boolean } | null,
  reason: string,
): Promise<Settled> {
  for (const r of issued) await work.markRewardIssued(app.db, r);
  const done = new Set(issued.map((r) => r.id));
  for (const r of rewards) {
    if (r.status !== 'pending' || done.has(r.id)) continue;
    // Asked for in an earlier run (attempts counts the runs that leased it), held by another
    // worker, or the one whose call went unanswered now: a card may exist.
    const mayExist = r.attempts > 1 || !r.leased || (r.id === failing?.id && failing.mayExist);
    if (!mayExist) {
      await failReward(app.db, r.id);
      continue;
    }
    let card: ProviderOrder | null;
    try {
      const provider = providerFor(app, order);
      card = await providerCall(app, provider.name, 'getOrder', () => provider.getOrder(providerReference(r)));
    } catch (err) {
      app.log.warn(
        { orderId: order.id, rewardId: r.id, err: { message: (err as Error).message } },
        'reward held for review',
      );
      await holdForReview(
        app.db,
        order,
        r.id,
        'The gift-card provider did not answer, and could not be asked whether it issued this card',
      );
      continue;
    }
    if (card) await work.markRewardIssued(app.db, issuedReward(app, r.id, card));
    else if (!r.leased) {
      // Another worker holds its lease: its call may still be on the way, and "no card" now says
      // nothing of what it will get. Refunding it could pay for a card nobody receives.
      await holdForReview(
        app.db,
        order,
        r.id,
        'Another worker was still asking the gift-card provider for this card when the order gave up',
      );
    } else await failReward(app.db, r.id);
  }
  return finishSettling(app, order.id, reason);
}

/**
 * Settles the order (settle-order.ts); when every reward turned out issued, completes it in one
 * statement. Says how the order ended, if this call ended it.
 */
export async function finishSettling(app: FastifyInstance, orderId: string, reason: string): Promise<Settled> {
  const { settlement, order, rewards } = await settleOrder(app, orderId, reason);
  if (settlement === 'complete' && order && rewards)
    return (await completeOrder(app, order, rewards, [])) ? 'completed' : null;
  if ((settlement === 'partial' || settlement === 'failed') && order) {
    app.metrics.ordersSettled.inc({ mode: modeLabel(order.sandbox), outcome: settlement });
    return settlement;
  }
  return null;
}

/**
 * Completion in one statement (complete-order-statement.ts), grouped with the completions of the
 * other jobs that reach it in the same turn (decision 094); then the recipient email goes out at
 * once, not one queue hop later, and its fallback job is discarded.
 */
async function completeOrder(
  app: FastifyInstance,
  order: repo.OrderRow,
  rewards: { claim_token_encrypted: string }[],
  issued: IssuedReward[],
  branding?: SenderBranding,
): Promise<boolean> {
  const completedAt = new Date();
  const fallback: EmailFallback = { orderId: order.id, to: order.recipient_email, messageId: app.mail.newMessageId() };
  // The job's id is chosen here, so that the order's caller knows which of a group's jobs is its own.
  const fallbackJobId = randomUUID();
  const [completed] = await completerOf(app).call([
    {
      orderId: order.id,
      completedAt,
      eventPayload: JSON.stringify({
        order: presentOrder({ ...order, status: 'completed', completed_at: completedAt, issued_count: order.quantity }),
      } satisfies EventData<'order.completed'>),
      recipient: order.recipient_email,
      phone: order.recipient_phone,
      job: await app.queue.jobInsert(EMAIL_FALLBACK_QUEUE, fallback, {
        id: fallbackJobId,
        startAfter: EMAIL_FALLBACK_SECONDS,
      }),
      issued,
    },
  ]);
  if (!completed) return false;
  app.metrics.ordersSettled.inc({ mode: modeLabel(order.sandbox), outcome: 'completed' });
  batchOrderSettled(app, order);
  try {
    await sendRecipientEmail(app, order, rewards, fallback, branding);
  } catch (err) {
    app.log.warn(
      { orderId: order.id, err: { message: (err as Error).message } },
      'recipient email not sent; its fallback job will',
    );
    return true;
  }
  app.queue.discard(EMAIL_FALLBACK_QUEUE, fallbackJobId);
  return true;
}

/** Orders completed per statement at most: a few fetches' worth. */
const GROUP_MAX_COMPLETIONS = 200;
const completers = new WeakMap<FastifyInstance, ReturnType<typeof groupCaller<CompleteOrderInput, boolean>>>();

/**
 * Completes the orders handed over in one turn with one statement, saying for each whether it was
 * completed. An order handed over twice in one turn (two runs of it) is completed by statements of
 * its own, so that only one of them can be told it completed it.
 */
function completerOf(app: FastifyInstance) {
  let completer = completers.get(app);
  if (!completer) {
    const complete = async (inputs: CompleteOrderInput[]): Promise<boolean[]> => {
      if (new Set(inputs.map((i) => i.orderId)).size < inputs.length) {
        const one: boolean[] = [];
        for (const i of inputs) one.push(...(await complete([i])));
        return one;
      }
      const { text, name, values } = completeOrderStatement(inputs);
      const { rows } = await app.database.query<{ order_id: string }>(text, values, name);
      const done = new Set(rows.map((r) => r.order_id));
      return inputs.map((i) => done.has(i.orderId));
    };
    completer = groupCaller(complete, { maxItems: GROUP_MAX_COMPLETIONS });
    completers.set(app, completer);
  }
  return completer;
}

function describeProviderFailure(err: ProviderError): string {
  switch (err.kind) {
    case 'out_of_stock':
      return 'This gift card is out of stock at the provider';
    case 'declined':
      return 'The gift-card provider declined the order';
    case 'insufficient_funds':
      return 'GiftRelay’s account with the gift-card provider could not pay for this card; the hold was released';
    case 'rate_limited':
      return 'The gift-card provider was too busy to take the order in time';
    case 'timeout':
      return 'The gift-card provider did not answer in time';
    default:
      return 'The gift-card provider reported an error';
  }
}
