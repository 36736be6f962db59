import { type Kysely, sql } from 'kysely';
import type { Database } from '../../db/schema';

type Tx = Kysely<Database>;

export interface CheckoutRow {
  id: string;
  organisation_id: string;
  stripe_session_id: string | null;
  currency: string;
  amount_minor: number;
  fee_minor: number;
  status: 'open' | 'completed' | 'expired';
  url: string | null;
  payment_intent: string | null;
  created_at: Date;
  completed_at: Date | null;
  debited_minor: number;
}

const COLUMNS = [
  'id',
  'organisation_id',
  'stripe_session_id',
  'currency',
  'amount_minor',
  'fee_minor',
  'status',
  'url',
  'payment_intent',
  'created_at',
  'completed_at',
  'debited_minor',
] as const;

function toRow(r: Record<(typeof COLUMNS)[number], unknown>): CheckoutRow {
  return {
    ...(r as unknown as CheckoutRow),
    amount_minor: Number(r.amount_minor),
    fee_minor: Number(r.fee_minor),
    debited_minor: Number(r.debited_minor),
  };
}

/** The organisation's mode, billing currency and freeze. */
export async function organisationFunding(tx: Tx, organisationId: string) {
  const row = await tx
    .selectFrom('organisations')
    .select(['sandbox', 'billing_currency', 'funding_shortfall_minor', 'sending_frozen_at'])
    .where('id', '=', organisationId)
    .executeTakeFirstOrThrow();
  return {
    sandbox: row.sandbox,
    currency: row.billing_currency,
    shortfallMinor: Number(row.funding_shortfall_minor),
    frozenAt: row.sending_frozen_at,
  };
}

/**
 * The organisation, row-locked: every change to the shortfall takes this lock first, before the
 * ledger's accounts (the order decision 045's approval keeps too). FOR NO KEY UPDATE: an order's
 * insert (its foreign key takes KEY SHARE) does not wait on it, so an order holding its available
 * row never waits here while this waits for that row.
 */
export async function lockOrganisation(tx: Tx, organisationId: string) {
  const { rows } = await sql<{ shortfall: string; frozen_at: Date | null; currency: string; name: string }>`
    SELECT funding_shortfall_minor AS shortfall, sending_frozen_at AS frozen_at, billing_currency AS currency, name
    FROM organisations WHERE id = ${organisationId} FOR NO KEY UPDATE`.execute(tx);
  const row = rows[0];
  if (!row) throw new Error(`organisation ${organisationId} not found`);
  return { shortfallMinor: Number(row.shortfall), frozenAt: row.frozen_at, currency: row.currency, name: row.name };
}

export async function setShortfall(tx: Tx, organisationId: string, shortfallMinor: number) {
  await tx
    .updateTable('organisations')
    .set({
      funding_shortfall_minor: shortfallMinor,
      sending_frozen_at: shortfallMinor > 0 ? sql`coalesce(sending_frozen_at, now())` : null,
    })
    .where('id', '=', organisationId)
    .execute();
}

/** Whether sending is frozen (a shortfall waits to be paid). */
/** Whether sending is frozen, and the organisation's mode now (one read for an order's checks). */
export async function sendingState(
  tx: Tx,
  organisationId: string,
): Promise<{ frozen: boolean; sandbox: boolean; spendGuard: boolean }> {
  const row = await tx
    .selectFrom('organisations')
    .select(['sending_frozen_at', 'sandbox', 'spend_guard'])
    .where('id', '=', organisationId)
    .executeTakeFirstOrThrow();
  return { frozen: Boolean(row.sending_frozen_at), sandbox: row.sandbox, spendGuard: row.spend_guard };
}

export async function insertCheckout(
  tx: Tx,
  row: {
    id: string;
    organisationId: string;
    currency: string;
    amountMinor: number;
    feeMinor: number;
    createdBy: string | null;
  },
) {
  await tx
    .insertInto('stripe_checkout_sessions')
    .values({
      id: row.id,
      organisation_id: row.organisationId,
      currency: row.currency,
      amount_minor: row.amountMinor,
      fee_minor: row.feeMinor,
      created_by: row.createdBy,
    })
    .execute();
}

export async function attachStripeSession(tx: Tx, id: string, stripeSessionId: string, url: string | null) {
  await tx
    .updateTable('stripe_checkout_sessions')
    .set({ stripe_session_id: stripeSessionId, url })
    .where('id', '=', id)
    .execute();
}

export async function findCheckout(tx: Tx, organisationId: string, id: string): Promise<CheckoutRow | undefined> {
  const row = await tx
    .selectFrom('stripe_checkout_sessions')
    .select(COLUMNS)
    .where('id', '=', id)
    .where('organisation_id', '=', organisationId)
    .executeTakeFirst();
  return row && toRow(row);
}

/** The checkout, row-locked: every event about it takes this lock first, so they apply one at a time. */
export async function lockCheckout(
  tx: Tx,
  by: { id: string } | { paymentIntent: string },
): Promise<CheckoutRow | undefined> {
  let q = tx.selectFrom('stripe_checkout_sessions').select(COLUMNS).forUpdate();
  q = 'id' in by ? q.where('id', '=', by.id) : q.where('payment_intent', '=', by.paymentIntent);
  const row = await q.executeTakeFirst();
  return row && toRow(row);
}

export async function markCompleted(
  tx: Tx,
  id: string,
  f: { stripeSessionId: string; paymentIntent: string | null; creditEntryId: string },
) {
  await tx
    .updateTable('stripe_checkout_sessions')
    .set({
      status: 'completed',
      stripe_session_id: f.stripeSessionId,
      payment_intent: f.paymentIntent,
      completed_at: sql<Date>`now()`,
      credit_entry_id: f.creditEntryId,
      url: null,
    })
    .where('id', '=', id)
    .where('status', '<>', 'completed')
    .execute();
}

export async function markExpired(tx: Tx, id: string) {
  await tx
    .updateTable('stripe_checkout_sessions')
    .set({ status: 'expired', url: null })
    .where('id', '=', id)
    .where('status', '=', 'open')
    .execute();
}

export async function addDebited(tx: Tx, id: string, deltaMinor: number) {
  await tx
    .updateTable('stripe_checkout_sessions')
    .set({ debited_minor: sql`debited_minor + ${deltaMinor}` })
    .where('id', '=', id)
    .execute();
}

/**
 * Claims a Stripe event for this transaction: false when it was handled before (a duplicate). A
 * concurrent duplicate waits on the first one's uncommitted row, then finds it.
 */
export async function claimEvent(tx: Tx, id: string, type: string): Promise<boolean> {
  const row = await tx
    .insertInto('stripe_events')
    .values({ id, type, outcome: 'received' })
    .onConflict((oc) => oc.column('id').doNothing())
    .returning('id')
    .executeTakeFirst();
  return Boolean(row);
}

export async function recordOutcome(tx: Tx, id: string, outcome: string, checkoutId: string | null) {
  await tx
    .updateTable('stripe_events')
    .set({ outcome, checkout_session_id: checkoutId })
    .where('id', '=', id)
    .execute();
}

export async function chargeRefunds(tx: Tx, chargeId: string) {
  const row = await tx
    .selectFrom('stripe_charge_refunds')
    .select(['amount_refunded_minor', 'debited_minor'])
    .where('charge_id', '=', chargeId)
    .executeTakeFirst();
  return row
    ? { amountRefundedMinor: Number(row.amount_refunded_minor), debitedMinor: Number(row.debited_minor) }
    : { amountRefundedMinor: 0, debitedMinor: 0 };
}

export async function saveChargeRefunds(
  tx: Tx,
  f: { chargeId: string; checkoutId: string; amountRefundedMinor: number; debitedMinor: number },
) {
  await tx
    .insertInto('stripe_charge_refunds')
    .values({
      charge_id: f.chargeId,
      checkout_session_id: f.checkoutId,
      amount_refunded_minor: f.amountRefundedMinor,
      debited_minor: f.debitedMinor,
    })
    .onConflict((oc) =>
      oc.column('charge_id').doUpdateSet({
        amount_refunded_minor: f.amountRefundedMinor,
        debited_minor: f.debitedMinor,
        updated_at: sql<Date>`now()`,
      }),
    )
    .execute();
}

export async function findDispute(tx: Tx, id: string) {
  const row = await tx
    .selectFrom('stripe_disputes')
    .select(['id', 'status', 'debited_minor', 'checkout_session_id'])
    .where('id', '=', id)
    .executeTakeFirst();
  return row && { ...row, debited_minor: Number(row.debited_minor) };
}

export async function insertDispute(
  tx: Tx,
  f: { id: string; chargeId: string; checkoutId: string; debitedMinor: number },
) {
  await tx
    .insertInto('stripe_disputes')
    .values({ id: f.id, charge_id: f.chargeId, checkout_session_id: f.checkoutId, debited_minor: f.debitedMinor })
    .execute();
}

export async function closeDispute(tx: Tx, id: string, status: 'won' | 'lost') {
  await tx
    .updateTable('stripe_disputes')
    .set({ status, closed_at: sql<Date>`now()` })
    .where('id', '=', id)
    .where('status', '=', 'open')
    .execute();
}
