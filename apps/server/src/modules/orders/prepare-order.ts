import { randomUUID } from 'node:crypto';
import {
  APPROVAL_WAIT_DAYS,
  type CreateOrderBody,
  type CreateOrderResponse,
  type OrderSummary,
  SCHEDULE_MAX_DAYS,
  SCHEDULE_MIN_SECONDS,
} from '@giftrelay/contracts';
import { convertMinor, formatMoney, orderAmounts, parseAmount, processingFee } from '@giftrelay/money';
import type { FastifyInstance } from 'fastify';
import { encryptSecret, newUrlToken } from '../../lib/crypto';
import { AppError, validationError } from '../../lib/errors';
import type { CatalogProduct } from '../catalog';
import { getRate, quotedRate } from '../fx';
import { billingCurrency, cachedProduct } from './lookups';
import { presentOrder } from './presenter';
import type * as repo from './repository';

/** Who places an order. */
export interface Actor {
  /** The signed-in user, or the user who created the API key (null once they are gone). */
  userId: string | null;
  organisationId: string;
}

export interface PreparedOrder {
  order: repo.OrderRow;
  summary: OrderSummary;
  waitingSummary: OrderSummary;
  /** The 201 answer's text, and the one for an order an approval rule catches. */
  text: string;
  textWaiting: string;
  rewards: { claim_token_hash: string; claim_token_encrypted: string }[];
  holdDescription: string;
}

/** Checks the request and builds everything the order statement writes; throws typed 4xx refusals. */
export async function prepareOrder(app: FastifyInstance, actor: Actor, body: CreateOrderBody): Promise<PreparedOrder> {
  const product = await cachedProduct(app, body.product_code);
  if (!product?.available) {
    throw new AppError('INVALID_PRODUCT', `Product code ${body.product_code} does not exist or is not available`);
  }
  const amountMinor = parseAmount(body.amount, product.currency, { exact: true });
  if (amountMinor === undefined || amountMinor === 0) {
    throw validationError('body.amount: amount must be a positive number with at most two decimals', [
      { path: 'body.amount', message: 'amount must be a positive number with at most two decimals' },
    ]);
  }
  checkAmountAllowed(product, amountMinor);

  const billing = await billingCurrency(app, actor.organisationId);
  // With a quote, its locked rate or a refusal (decision 039); without, the rate of this moment.
  const rate = body.quote_id
    ? await quotedRate(app.db, actor.organisationId, body.quote_id, product.currency, billing)
    : getRate(product.currency, billing);
  if (!rate) throw new AppError('INVALID_PRODUCT', `Orders in ${product.currency} cannot be charged in ${billing} yet`);

  const face = orderAmounts(amountMinor, body.quantity);
  const chargedSubtotal = convertMinor(face.subtotal, product.currency, billing, rate.rate);
  const chargedFee = processingFee(chargedSubtotal);
  const chargedTotal = chargedSubtotal + chargedFee;
  // What the approval rules compare (decision 035): the charged total in USD.
  const usdRate = getRate(billing, 'USD');
  if (!usdRate) throw new Error(`no ${billing} → USD rate for the approval rules`);
  const usdTotal = convertMinor(chargedTotal, billing, 'USD', usdRate.rate);

  const sendAt = body.send_at ? scheduledTime(body.send_at) : null;

  // The row is built here, id and time included, so the answer can be written with it.
  const order: repo.OrderRow = {
    id: randomUUID(),
    organisation_id: actor.organisationId,
    created_by: actor.userId,
    product_id: product.id,
    product_code: product.code,
    product_name: product.name,
    brand: product.brand,
    category: product.category,
    country: product.country,
    currency: product.currency,
    amount_minor: String(amountMinor),
    quantity: body.quantity,
    subtotal_minor: String(face.subtotal),
    fee_minor: String(face.fee),
    total_minor: String(face.total),
    charge_currency: billing,
    fx_rate: rate.rate,
    charged_subtotal_minor: String(chargedSubtotal),
    charged_fee_minor: String(chargedFee),
    charged_total_minor: String(chargedTotal),
    recipient_email: body.email.toLowerCase(),
    recipient_name: body.recipient_name || null,
    message: body.message || null,
    delivery_method: 'email',
    status: sendAt ? 'scheduled' : 'pending',
    failure_reason: null,
    created_at: new Date(),
    completed_at: null,
    failed_at: null,
    usd_total_minor: String(usdTotal),
    approval_expires_at: null,
    decided_by: null,
    decided_at: null,
    decision_note: null,
    send_at: sendAt,
  };
  const summary = presentOrder(order);
  const waitingSummary = presentOrder({
    ...order,
    status: 'pending_approval',
    approval_expires_at: approvalExpiry(order),
  });
  const rewards = Array.from({ length: body.quantity }, () => {
    const t = newUrlToken();
    return { claim_token_hash: t.hash, claim_token_encrypted: encryptSecret(app.secrets.rewardCodeKey, t.token) };
  });
  return {
    order,
    summary,
    waitingSummary,
    text: JSON.stringify({ success: true, ...summary } satisfies CreateOrderResponse),
    textWaiting: JSON.stringify({ success: true, ...waitingSummary } satisfies CreateOrderResponse),
    rewards,
    holdDescription: `Hold for ${body.quantity} × ${formatMoney(amountMinor, product.currency)} ${product.name}`,
  };
}

/** When an order placed now stops waiting for a decision (the statement writes the same). */
export function approvalExpiry(order: repo.OrderRow): Date {
  return new Date(order.created_at.getTime() + APPROVAL_WAIT_DAYS * 86_400_000);
}

function checkAmountAllowed(product: CatalogProduct, amountMinor: number) {
  const fmt = (m: number) => formatMoney(m, product.currency);
  if (product.denominationsMinor?.length) {
    if (!product.denominationsMinor.includes(amountMinor)) {
      const allowed = product.denominationsMinor.map(fmt).join(', ');
      throw validationError(`body.amount: ${product.name} comes in ${allowed} only`, [
        { path: 'body.amount', message: `must be one of ${allowed}` },
      ]);
    }
    return;
  }
  if (amountMinor < product.minValueMinor || amountMinor > product.maxValueMinor) {
    const message = `amount must be between ${fmt(product.minValueMinor)} and ${fmt(product.maxValueMinor)}`;
    throw validationError(`body.amount: ${message}`, [{ path: 'body.amount', message }]);
  }
}

/**
 * A time to send at (decision 042): at least SCHEDULE_MIN_SECONDS and at most SCHEDULE_MAX_DAYS
 * ahead. The API takes any offset; the order keeps the instant.
 */
export function scheduledTime(sendAt: string, path = 'body.send_at'): Date {
  const at = new Date(sendAt);
  const now = Date.now();
  let message: string | undefined;
  if (Number.isNaN(at.getTime())) message = 'send_at must be a date and time';
  else if (at.getTime() < now + SCHEDULE_MIN_SECONDS * 1000)
    message = `send_at must be at least ${SCHEDULE_MIN_SECONDS} seconds from now`;
  else if (at.getTime() > now + SCHEDULE_MAX_DAYS * 86_400_000)
    message = `send_at must be at most ${SCHEDULE_MAX_DAYS} days from now`;
  if (message) throw validationError(`${path}: ${message}`, [{ path, message }]);
  return at;
}
