import { isUuid } from '@giftrelay/contracts';
import { formatMoney } from '@giftrelay/money';
import type { FastifyInstance } from 'fastify';
import type { Kysely } from 'kysely';
import Stripe from 'stripe';
import type { Database } from '../../db/schema';
import { AppError } from '../../lib/errors';
import { recordAudit } from '../audit';
import { METADATA_CHECKOUT_ID } from './checkout';
import * as repo from './repository';
import { credit, debit } from './settlement';

type Tx = Kysely<Database>;
type Session = Stripe.Checkout.Session;

/**
 * POST /api/v1/stripe/webhook (decision 046). The SDK checks the signature over the exact bytes
 * received (a bad, stale or missing one is 400 INVALID_SIGNATURE and nothing is written); then each
 * event is applied in ONE transaction that first claims its id in `stripe_events`, so a retried or
 * duplicated delivery changes nothing, and locks the checkout it is about, so two events of one
 * payment apply one after the other. Events of other kinds are answered 200 and ignored.
 */
export async function receiveStripeEvent(
  app: FastifyInstance,
  rawBody: Buffer,
  signature: string | string[] | undefined,
): Promise<{ duplicate: boolean }> {
  const stripe = app.stripe;
  const secret = app.config.stripe?.webhookSecret;
  if (!stripe || !secret) {
    throw new AppError('CARD_FUNDING_UNAVAILABLE', 'Card funding is not set up on this GiftRelay (no Stripe account)');
  }
  if (typeof signature !== 'string' || signature === '') {
    throw new AppError('INVALID_SIGNATURE', 'The Stripe-Signature header is missing');
  }
  let event: Stripe.Event;
  try {
    event = stripe.webhooks.constructEvent(rawBody, signature, secret);
  } catch (err) {
    if (err instanceof Stripe.errors.StripeSignatureVerificationError) {
      throw new AppError('INVALID_SIGNATURE', 'The Stripe-Signature header does not match the body, or is too old');
    }
    throw new AppError('VALIDATION_ERROR', 'The body is not a Stripe event');
  }
  const handled = await handle(app, event);
  return { duplicate: handled === 'duplicate' };
}

type Outcome = string | 'duplicate';

async function handle(app: FastifyInstance, event: Stripe.Event): Promise<Outcome> {
  switch (event.type) {
    case 'checkout.session.completed':
    case 'checkout.session.async_payment_succeeded':
      return onSessionPaid(app, event, event.data.object);
    case 'checkout.session.expired':
      return onSessionExpired(app, event, event.data.object);
    case 'charge.refunded':
      return onChargeRefunded(app, event, event.data.object);
    case 'charge.dispute.created':
      return onDisputeCreated(app, event, event.data.object);
    // An inquiry escalated to a chargeback sends no second `created`: Stripe withdraws the funds
    // and says so here. A chargeback that sends both is debited once (by the dispute's id).
    case 'charge.dispute.funds_withdrawn':
      return onDisputeCreated(app, event, event.data.object, { withdrawn: true });
    case 'charge.dispute.closed':
      return onDisputeClosed(app, event, event.data.object);
    // The money came back: as a won dispute, once (a later `closed: won` finds it closed).
    case 'charge.dispute.funds_reinstated':
      return onDisputeClosed(app, event, { ...event.data.object, status: 'won' });
    default:
      return 'ignored';
  }
}

/**
 * Runs `apply` for the event once: a claimed id means a delivery of it already committed (or is
 * committing: a concurrent duplicate waits on its row, then finds it).
 */
async function once(
  app: FastifyInstance,
  event: Stripe.Event,
  apply: (tx: Tx) => Promise<{ outcome: string; checkoutId: string | null }>,
): Promise<Outcome> {
  return app.db.transaction().execute(async (tx) => {
    if (!(await repo.claimEvent(tx, event.id, event.type))) return 'duplicate';
    const { outcome, checkoutId } = await apply(tx);
    await repo.recordOutcome(tx, event.id, outcome, checkoutId);
    return outcome;
  });
}

const checkoutIdOf = (s: Session): string | null => {
  const id = s.metadata?.[METADATA_CHECKOUT_ID] ?? s.client_reference_id;
  return id && isUuid(id) ? id : null;
};
const idOf = (v: string | { id: string } | null | undefined) => (typeof v === 'string' ? v : (v?.id ?? null));

/**
 * Credits a paid checkout, once: the caller holds its row lock; a completed one is left alone.
 * The session must be the one we made, for what we asked (amount, fee, currency).
 */
async function completeCheckout(
  app: FastifyInstance,
  tx: Tx,
  row: repo.CheckoutRow,
  session: Session,
): Promise<string> {
  if (row.status === 'completed') return 'already_credited';
  if (session.payment_status !== 'paid') return 'awaiting_payment';
  const total = row.amount_minor + row.fee_minor;
  if (
    (row.stripe_session_id !== null && row.stripe_session_id !== session.id) ||
    session.amount_total !== total ||
    session.currency?.toUpperCase() !== row.currency
  ) {
    app.log.error(
      { checkoutId: row.id, stripeSession: session.id, amountTotal: session.amount_total },
      'a paid Stripe session does not match its checkout: not credited',
    );
    return 'mismatch';
  }
  const paymentIntent = idOf(session.payment_intent);
  const result = await credit(tx, row.organisation_id, {
    kind: 'funding',
    amountMinor: row.amount_minor,
    description: `Card top-up ${formatMoney(row.amount_minor, row.currency)} (Stripe ${session.id})`,
    source: 'card',
    detail: { checkout_id: row.id },
  });
  await repo.markCompleted(tx, row.id, {
    stripeSessionId: session.id,
    paymentIntent,
    creditEntryId: result.entryId,
  });
  await recordAudit(tx, {
    organisationId: row.organisation_id,
    action: 'balance.topped_up',
    userId: null,
    detail: {
      amount_minor: row.amount_minor,
      fee_minor: row.fee_minor,
      currency: row.currency,
      sandbox: false,
      checkout_id: row.id,
      shortfall_paid_minor: result.recoveredMinor,
    },
  });
  return 'credited';
}

function onSessionPaid(app: FastifyInstance, event: Stripe.Event, session: Session): Promise<Outcome> {
  const checkoutId = checkoutIdOf(session);
  return once(app, event, async (tx) => {
    const row = checkoutId ? await repo.lockCheckout(tx, { id: checkoutId }) : undefined;
    if (!row) return { outcome: 'not_ours', checkoutId: null };
    return { outcome: await completeCheckout(app, tx, row, session), checkoutId: row.id };
  });
}

function onSessionExpired(app: FastifyInstance, event: Stripe.Event, session: Session): Promise<Outcome> {
  const checkoutId = checkoutIdOf(session);
  return once(app, event, async (tx) => {
    const row = checkoutId ? await repo.lockCheckout(tx, { id: checkoutId }) : undefined;
    if (!row) return { outcome: 'not_ours', checkoutId: null };
    await repo.markExpired(tx, row.id);
    return { outcome: row.status === 'open' ? 'expired' : `already_${row.status}`, checkoutId: row.id };
  });
}

/**
 * The checkout a payment belongs to. A refund or dispute may arrive before the session's
 * completion (Stripe does not promise an order): then the session is looked up through the SDK,
 * before the transaction (no network call holds a lock), and credited first inside it.
 */
async function checkoutOfPayment(
  app: FastifyInstance,
  paymentIntent: string | null,
): Promise<{ checkoutId: string; session: Session | null } | null> {
  if (!paymentIntent) return null;
  const known = await app.db
    .selectFrom('stripe_checkout_sessions')
    .select(['id', 'status'])
    .where('payment_intent', '=', paymentIntent)
    .executeTakeFirst();
  if (known?.status === 'completed') return { checkoutId: known.id, session: null };
  // Stripe unreachable: the error answers 500 and Stripe delivers the event again later.
  const stripe = app.stripe as Stripe;
  const list = await stripe.checkout.sessions.list({ payment_intent: paymentIntent, limit: 1 });
  const session = list.data[0];
  const checkoutId = session ? checkoutIdOf(session) : null;
  return session && checkoutId ? { checkoutId, session } : null;
}

/** Locks the checkout and credits it first when its completion has not been applied yet. */
async function lockCredited(
  app: FastifyInstance,
  tx: Tx,
  found: { checkoutId: string; session: Session | null },
): Promise<repo.CheckoutRow | null> {
  const row = await repo.lockCheckout(tx, { id: found.checkoutId });
  if (!row) return null;
  if (row.status !== 'completed' && found.session) await completeCheckout(app, tx, row, found.session);
  // Not completed (its session unpaid, or not the one we made): nothing of it was credited, so
  // nothing is taken back.
  const after = await repo.lockCheckout(tx, { id: found.checkoutId });
  return after?.status === 'completed' ? after : null;
}

async function onChargeRefunded(app: FastifyInstance, event: Stripe.Event, charge: Stripe.Charge): Promise<Outcome> {
  const found = await checkoutOfPayment(app, idOf(charge.payment_intent));
  return once(app, event, async (tx) => {
    if (!found) return { outcome: 'not_ours', checkoutId: null };
    const row = await lockCredited(app, tx, found);
    if (!row) return { outcome: 'not_credited', checkoutId: found.checkoutId };
    // amount_refunded is cumulative: only what it adds to the last one applied is new. A
    // refund takes back balance first (up to the amount credited), the fee last.
    const before = await repo.chargeRefunds(tx, charge.id);
    const refunded = Math.max(charge.amount_refunded, before.amountRefundedMinor);
    const due = Math.min(refunded, row.amount_minor) - before.debitedMinor;
    const amount = Math.max(0, Math.min(due, row.amount_minor - row.debited_minor));
    await repo.saveChargeRefunds(tx, {
      chargeId: charge.id,
      checkoutId: row.id,
      amountRefundedMinor: refunded,
      debitedMinor: before.debitedMinor + amount,
    });
    if (amount === 0) return { outcome: 'nothing_new', checkoutId: row.id };
    await repo.addDebited(tx, row.id, amount);
    await debit(app, tx, row.organisation_id, {
      kind: 'card_refund',
      amountMinor: amount,
      description: `Card top-up refunded: ${formatMoney(amount, row.currency)} (Stripe ${charge.id})`,
      detail: { checkout_id: row.id },
    });
    return { outcome: 'debited', checkoutId: row.id };
  });
}

/** Inquiries (`warning_*`) move no money; a real dispute withdraws the amount at once. */
const isInquiry = (status: string) => status.startsWith('warning_');

async function onDisputeCreated(
  app: FastifyInstance,
  event: Stripe.Event,
  dispute: Stripe.Dispute,
  opts: { withdrawn?: boolean } = {},
): Promise<Outcome> {
  if (!opts.withdrawn && isInquiry(dispute.status))
    return once(app, event, async () => ({ outcome: 'inquiry', checkoutId: null }));
  const found = await checkoutOfPayment(app, idOf(dispute.payment_intent));
  return once(app, event, async (tx) => {
    if (!found) return { outcome: 'not_ours', checkoutId: null };
    const row = await lockCredited(app, tx, found);
    if (!row) return { outcome: 'not_credited', checkoutId: found.checkoutId };
    if (await repo.findDispute(tx, dispute.id)) return { outcome: 'already_debited', checkoutId: row.id };
    const amount = Math.max(0, Math.min(dispute.amount, row.amount_minor - row.debited_minor));
    await repo.insertDispute(tx, {
      id: dispute.id,
      chargeId: idOf(dispute.charge) ?? '',
      checkoutId: row.id,
      debitedMinor: amount,
    });
    if (amount === 0) return { outcome: 'nothing_left', checkoutId: row.id };
    await repo.addDebited(tx, row.id, amount);
    await debit(app, tx, row.organisation_id, {
      kind: 'dispute',
      amountMinor: amount,
      description: `Card top-up disputed: ${formatMoney(amount, row.currency)} (Stripe ${dispute.id})`,
      detail: { checkout_id: row.id, dispute_id: dispute.id },
    });
    return { outcome: 'debited', checkoutId: row.id };
  });
}

async function onDisputeClosed(app: FastifyInstance, event: Stripe.Event, dispute: Stripe.Dispute): Promise<Outcome> {
  // Won before its creation reached us: the dispute is recorded as won with nothing taken, so its
  // late `created` takes nothing either. (Lost first: the late `created` debits, as it should.)
  const wonUnseen = dispute.status === 'won' && !(await repo.findDispute(app.db, dispute.id));
  const found = wonUnseen ? await checkoutOfPayment(app, idOf(dispute.payment_intent)) : null;
  return once(app, event, async (tx) => {
    const known = await repo.findDispute(tx, dispute.id);
    if (!known) {
      const row = found ? await lockCredited(app, tx, found) : null;
      if (!row || dispute.status !== 'won') return { outcome: 'unknown_dispute', checkoutId: row?.id ?? null };
      await repo.insertDispute(tx, {
        id: dispute.id,
        chargeId: idOf(dispute.charge) ?? '',
        checkoutId: row.id,
        debitedMinor: 0,
      });
      await repo.closeDispute(tx, dispute.id, 'won');
      return { outcome: 'won_before_created', checkoutId: row.id };
    }
    const row = await repo.lockCheckout(tx, { id: known.checkout_session_id });
    const now = await repo.findDispute(tx, dispute.id);
    if (!row || !now || now.status !== 'open')
      return { outcome: 'already_closed', checkoutId: known.checkout_session_id };
    if (dispute.status !== 'won') {
      if (dispute.status === 'lost') await repo.closeDispute(tx, dispute.id, 'lost');
      return { outcome: dispute.status === 'lost' ? 'lost' : 'closed', checkoutId: row.id };
    }
    await repo.closeDispute(tx, dispute.id, 'won');
    if (now.debited_minor > 0) {
      await repo.addDebited(tx, row.id, -now.debited_minor);
      // What the dispute took comes back, and pays whatever it left owed first.
      await credit(tx, row.organisation_id, {
        kind: 'dispute_won',
        amountMinor: now.debited_minor,
        description: `Dispute won: ${formatMoney(now.debited_minor, row.currency)} back (Stripe ${dispute.id})`,
        source: 'dispute_won',
        detail: { checkout_id: row.id, dispute_id: dispute.id },
      });
    }
    return { outcome: 'won', checkoutId: row.id };
  });
}
