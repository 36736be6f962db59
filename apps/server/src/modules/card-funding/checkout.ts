import { randomUUID } from 'node:crypto';
import {
  CARD_TOPUP_MAX_MINOR,
  CARD_TOPUP_MIN_MINOR,
  type CardCheckoutSession,
  type CardFunding,
  type CreateCardCheckoutBody,
} from '@giftrelay/contracts';
import { CARD_FEE_LABEL, cardFundingAmounts, formatMoney, parseAmount, toMajor } from '@giftrelay/money';
import type { FastifyInstance } from 'fastify';
import { AppError, notFound, validationError } from '../../lib/errors';
import type { AuthContext } from '../../plugins/auth';
import { auditActor, recordAudit } from '../audit';
import * as repo from './repository';

/** Our checkout's id, as Stripe keeps it in the session's and the payment's metadata. */
export const METADATA_CHECKOUT_ID = 'giftrelay_checkout_id';

export function presentCheckout(row: repo.CheckoutRow): CardCheckoutSession {
  const c = row.currency;
  const total = row.amount_minor + row.fee_minor;
  return {
    success: true,
    id: row.id,
    status: row.status,
    url: row.status === 'open' ? row.url : null,
    currency: c,
    amount: toMajor(row.amount_minor, c),
    fee: toMajor(row.fee_minor, c),
    total: toMajor(total, c),
    amount_minor: row.amount_minor,
    fee_minor: row.fee_minor,
    total_minor: total,
    created_at: row.created_at.toISOString(),
    completed_at: row.completed_at?.toISOString() ?? null,
  };
}

/** Whether card funding is open to the organisation, and its freeze. */
export async function readCardFunding(app: FastifyInstance, organisationId: string): Promise<CardFunding> {
  const org = await repo.organisationFunding(app.db, organisationId);
  const c = org.currency;
  const reason = org.sandbox ? 'sandbox' : app.stripe ? null : 'not_configured';
  return {
    success: true,
    available: reason === null,
    ...(reason ? { unavailable_reason: reason } : {}),
    currency: c,
    min_amount: toMajor(CARD_TOPUP_MIN_MINOR, c),
    max_amount: toMajor(CARD_TOPUP_MAX_MINOR, c),
    min_amount_minor: CARD_TOPUP_MIN_MINOR,
    max_amount_minor: CARD_TOPUP_MAX_MINOR,
    fee_rate: CARD_FEE_LABEL,
    sending_frozen: org.frozenAt !== null,
    frozen_at: org.frozenAt?.toISOString() ?? null,
    shortfall: toMajor(org.shortfallMinor, c),
    shortfall_minor: org.shortfallMinor,
  };
}

/**
 * POST /balance/checkout-sessions: our row first (its id goes to Stripe), then a Checkout Session
 * through the SDK with the amount and the fee as two lines, under an idempotency key of our id.
 * Nothing is credited here: only Stripe's signed webhook does that.
 */
export async function createCheckout(
  app: FastifyInstance,
  auth: AuthContext,
  body: CreateCardCheckoutBody,
): Promise<CardCheckoutSession> {
  const { organisationId } = auth;
  const org = await repo.organisationFunding(app.db, organisationId);
  if (org.sandbox) {
    throw new AppError(
      'ORGANISATION_NOT_LIVE',
      'Card funding is for live organisations; a sandbox organisation tops up with sandbox funds',
    );
  }
  const stripe = app.stripe;
  if (!stripe) {
    throw new AppError('CARD_FUNDING_UNAVAILABLE', 'Card funding is not set up on this GiftRelay (no Stripe account)');
  }
  const currency = org.currency;
  const amountMinor = parseAmount(body.amount, currency, { exact: true });
  if (amountMinor === undefined || amountMinor < CARD_TOPUP_MIN_MINOR || amountMinor > CARD_TOPUP_MAX_MINOR) {
    const message = `amount must be from ${formatMoney(CARD_TOPUP_MIN_MINOR, currency)} to ${formatMoney(CARD_TOPUP_MAX_MINOR, currency)}, with at most two decimals`;
    throw validationError(`body.amount: ${message}`, [{ path: 'body.amount', message }]);
  }
  const { fee, total } = cardFundingAmounts(amountMinor);
  const id = randomUUID();
  const createdBy = auth.kind === 'session' ? auth.userId : null;
  await repo.insertCheckout(app.db, { id, organisationId, currency, amountMinor, feeMinor: fee, createdBy });

  const lower = currency.toLowerCase();
  const metadata = { [METADATA_CHECKOUT_ID]: id, organisation_id: organisationId };
  const base = app.config.publicUrl;
  let session: Awaited<ReturnType<typeof stripe.checkout.sessions.create>>;
  try {
    session = await stripe.checkout.sessions.create(
      {
        mode: 'payment',
        allowed_payment_method_types: ['card'],
        client_reference_id: id,
        metadata,
        payment_intent_data: { metadata, description: `GiftRelay balance top-up ${id}` },
        ...(auth.kind === 'session' ? { customer_email: auth.email } : {}),
        line_items: [
          {
            quantity: 1,
            price_data: {
              currency: lower,
              unit_amount: amountMinor,
              product_data: { name: 'GiftRelay balance top-up' },
            },
          },
          {
            quantity: 1,
            price_data: {
              currency: lower,
              unit_amount: fee,
              product_data: { name: `Card processing fee (${CARD_FEE_LABEL})` },
            },
          },
        ],
        success_url: `${base}/billing?checkout=success&checkout_id=${id}&session_id={CHECKOUT_SESSION_ID}`,
        cancel_url: `${base}/billing?checkout=cancelled&checkout_id=${id}`,
      },
      { idempotencyKey: `giftrelay-checkout-${id}` },
    );
  } catch (err) {
    // The SDK's errors carry no secret; the key is never in them.
    app.log.warn(
      { err: { type: (err as Error).name, message: (err as Error).message }, checkoutId: id },
      'Stripe refused or did not answer a checkout',
    );
    await repo.markExpired(app.db, id);
    throw new AppError(
      'SERVICE_UNAVAILABLE',
      'Stripe did not start the checkout; nothing was charged. Try again in a moment',
    );
  }
  if (session.amount_total !== null && session.amount_total !== total) {
    app.log.error({ checkoutId: id, expected: total, got: session.amount_total }, 'Stripe checkout total differs');
  }
  await app.db.transaction().execute(async (tx) => {
    await repo.attachStripeSession(tx, id, session.id, session.url);
    await recordAudit(tx, {
      organisationId,
      action: 'balance.checkout_started',
      ...auditActor(auth),
      detail: { checkout_id: id, amount_minor: amountMinor, fee_minor: fee, currency },
    });
  });
  const row = await repo.findCheckout(app.db, organisationId, id);
  if (!row) throw new Error(`checkout ${id} vanished`);
  return presentCheckout(row);
}

/** GET /balance/checkout-sessions/{id}: by our id, or Stripe's (`cs_…`, as the return URL has it). */
export async function readCheckout(
  app: FastifyInstance,
  organisationId: string,
  id: string,
): Promise<CardCheckoutSession> {
  const row = id.startsWith('cs_')
    ? await app.db
        .selectFrom('stripe_checkout_sessions')
        .select('id')
        .where('stripe_session_id', '=', id)
        .where('organisation_id', '=', organisationId)
        .executeTakeFirst()
        .then((r) => (r ? repo.findCheckout(app.db, organisationId, r.id) : undefined))
    : await repo.findCheckout(app.db, organisationId, id);
  if (!row) throw notFound('Checkout');
  return presentCheckout(row);
}
