import type { EventData } from '@giftrelay/contracts';
import type { FastifyInstance } from 'fastify';
import { providerFor } from '../../providers/gift-cards';
import { type ProviderCancellation, ProviderError } from '../../providers/gift-cards/types';
import { type AuditEntry, recordAudits } from '../audit';
import { insertEvents } from '../events';
import { organisationBilling } from '../ledger';
import { releaseHold } from './approvals';
import * as expiry from './expiry-repository';
import type * as repo from './repository';
import { settleCancellation } from './void-order';

/** Orders claimed per transaction; a sweep goes on while it finds due ones (up to MAX_ROUNDS). */
const BATCH = 250;
const MAX_ROUNDS = 40;
/** Cancellations in flight at once: the provider's calls are the slow part. */
const CANCEL_CONCURRENCY = 16;
export const OPENED_REASON = 'Opened before it expired: the recipient has the code, so its value stays spent';

export interface ExpiryReport {
  /** Orders whose expiry this sweep settled. */
  orders: number;
  /** Rewards voided at expiry and refunded, and those that kept their value (opened or not cancelled). */
  refunded: number;
  kept: number;
}

type Reward = { id: string; order_id: string; position: number };
type Written = {
  events: { organisationId: string; type: 'reward.expired'; data: EventData<'reward.expired'> }[];
  history: Parameters<typeof expiry.insertHistory>[1];
};

/** `reward.expired`, public and in the order's history, for one reward. */
function sayExpired(
  out: Written,
  order: repo.OrderRow,
  reward: Reward,
  refundMinor: number,
  reason: string | null,
  status: repo.OrderRow['status'],
) {
  const data = {
    reward_id: reward.id,
    order_id: order.id,
    recipient_email: order.recipient_email,
    position: reward.position,
    expires_at: (order.expires_at ?? new Date()).toISOString(),
    refunded: reason === null,
    refund_minor: refundMinor,
    currency: order.charge_currency,
    reason,
    order_status: status,
  };
  out.events.push({ organisationId: order.organisation_id, type: 'reward.expired', data });
  out.history.push({
    order_id: order.id,
    organisation_id: order.organisation_id,
    type: 'reward.expired',
    payload: data,
  });
}

/**
 * The expiry sweep (issue 32, decision 081), run by housekeeping in every worker process: claims
 * each due order once across processes (expiry-repository.ts), voids its unopened rewards through
 * the provider as a void does, and settles them in one transaction per batch with the void's own
 * settlement (void-order.ts): the exact share back through the ledger, `reward.expired` for every
 * reward that was still issued, a history line and an audit line per order. A reward opened before
 * its expiry, or one the provider will not cancel, keeps its value, and the order's `expiry.note`
 * says why. Rewards whose cancellation got no answer stay `requested`, and a later sweep asks again.
 */
export async function expireDueRewards(app: FastifyInstance, opts: { batch?: number } = {}): Promise<ExpiryReport> {
  const report: ExpiryReport = { orders: 0, refunded: 0, kept: 0 };
  const retry = await expiry.unsettledExpiries(app.db, opts.batch ?? BATCH);
  if (retry.rewards.length) await settle(app, retry.orders, retry.rewards, [], report);
  for (let round = 0; round < MAX_ROUNDS; round++) {
    const claimed = await app.db.transaction().execute(async (tx) => {
      const orders = await expiry.claimDueOrders(tx, opts.batch ?? BATCH);
      const ids = orders.map((o) => o.id);
      const requested = await expiry.markExpiryRequested(tx, ids);
      const opened = await expiry.openedAtExpiry(tx, ids);
      // Unchosen choice rewards: no card, so the hold goes back here, in the claim's transaction.
      const unchosen = await expiry.closeUnchosen(tx, ids);
      const written: Written = { events: [], history: [] };
      for (const reward of unchosen) {
        const order = await expiry.cancelUnchosenOrder(tx, reward.order_id);
        if (!order) continue;
        await releaseHold(tx, order, 'Choice reward expired before the recipient chose: hold released');
        sayExpired(written, order, reward, Number(order.charged_total_minor), null, order.status);
      }
      report.refunded += written.events.length;
      await expiry.insertHistory(
        tx,
        orders.map((o) => ({
          order_id: o.id,
          organisation_id: o.organisation_id,
          type: 'order.expired',
          payload: {
            expires_at: o.expires_at?.toISOString() ?? null,
            positions: requested.filter((r) => r.order_id === o.id).map((r) => r.position),
            opened: opened.filter((r) => r.order_id === o.id).map((r) => r.position),
          },
        })),
      );
      const audit: AuditEntry[] = [];
      for (const o of orders) {
        const n = [...requested, ...unchosen].filter((r) => r.order_id === o.id).length;
        if (n === 0 && !opened.some((r) => r.order_id === o.id)) continue;
        audit.push({
          organisationId: o.organisation_id,
          action: 'order.expired',
          userId: null,
          apiKeyId: null,
          detail: { order_id: o.id, rewards: n, expires_at: o.expires_at?.toISOString() ?? null },
        });
      }
      await recordAudits(tx, audit);
      await expiry.insertHistory(tx, written.history);
      await insertEvents(tx, written.events);
      return { orders, requested, opened };
    });
    if (!claimed.orders.length) break;
    report.orders += claimed.orders.length;
    await settle(app, claimed.orders, claimed.requested, claimed.opened, report);
    if (claimed.orders.length < (opts.batch ?? BATCH)) break;
  }
  return report;
}

/**
 * Between the 10-minute sweeps, housekeeping's 30-second round (decision 089): the sweep runs at
 * once when an order is due, so a refund follows its expiry within a minute; with nothing due the
 * round costs one index probe. Undefined when nothing was due. Retries of cancellations the
 * provider did not answer stay with the 10-minute sweep (they wait 5 minutes anyway).
 */
export async function expireIfDue(app: FastifyInstance): Promise<ExpiryReport | undefined> {
  if (!(await expiry.anyDue(app.db))) return undefined;
  return expireDueRewards(app);
}

async function settle(
  app: FastifyInstance,
  orders: repo.OrderRow[],
  requested: Reward[],
  opened: Reward[],
  report: ExpiryReport,
) {
  const byId = new Map(orders.map((o) => [o.id, o]));
  const answers = await cancelAll(app, requested, byId);
  await app.db.transaction().execute(async (tx) => {
    const written: Written = { events: [], history: [] };
    // Each organisation's mode read once for the batch, not once per reward.
    const modes = new Map<string, boolean>();
    for (const id of new Set(orders.map((o) => o.organisation_id)))
      modes.set(id, (await organisationBilling(tx, id)).sandbox);
    // In the orders' id order, as every writer of ledger rows and orders takes them.
    for (const order of [...orders].sort((a, b) => (a.id < b.id ? -1 : 1))) {
      let status = order.status;
      let refunded = 0;
      let notCancelled = 0;
      const reasons: string[] = [];
      const say = (reward: Reward, refundMinor: number, reason: string | null) =>
        sayExpired(written, order, reward, refundMinor, reason, status);
      for (const reward of requested.filter((r) => r.order_id === order.id)) {
        const answer = answers.get(reward.id);
        if (!answer) continue;
        const mode = modes.get(order.organisation_id);
        const settled = await settleCancellation(tx, { ...order, status }, reward, answer, 'expired', mode);
        if (!settled) continue;
        status = settled.orderStatus;
        if (answer.cancelled) refunded++;
        else {
          notCancelled++;
          reasons.push(`reward ${reward.position}: ${answer.reason}`);
        }
        say(reward, settled.refund.total, answer.cancelled ? null : answer.reason);
      }
      const keptOpen = opened.filter((r) => r.order_id === order.id);
      for (const reward of keptOpen) say(reward, 0, OPENED_REASON);
      if (keptOpen.length)
        reasons.unshift(
          `${keptOpen.length === 1 ? '1 reward was' : `${keptOpen.length} rewards were`} opened before it expired and kept its value`,
        );
      report.refunded += refunded;
      report.kept += keptOpen.length + notCancelled;
      if (refunded || reasons.length)
        await expiry.recordExpiryOutcome(tx, order.id, refunded, reasons.length ? `${reasons.join('; ')}.` : null);
    }
    await expiry.insertHistory(tx, written.history);
    await insertEvents(tx, written.events);
  });
}

/** The provider's answer for each reward, a few at a time; one that does not answer is left out. */
async function cancelAll(app: FastifyInstance, rewards: Reward[], orders: Map<string, repo.OrderRow>) {
  const answers = new Map<string, ProviderCancellation>();
  let next = 0;
  const worker = async () => {
    while (next < rewards.length) {
      const reward = rewards[next++] as Reward;
      const sandbox = orders.get(reward.order_id)?.sandbox ?? true;
      try {
        answers.set(reward.id, await providerFor(app, { sandbox }).cancelOrder(reward.id));
      } catch (err) {
        if (!(err instanceof ProviderError)) throw err;
        app.log.warn(
          { err, rewardId: reward.id },
          'the provider did not answer a cancellation at expiry; the next sweep asks again',
        );
      }
    }
  };
  await Promise.all(Array.from({ length: Math.min(CANCEL_CONCURRENCY, rewards.length) }, worker));
  return answers;
}
