import { randomUUID } from 'node:crypto';
import {
  APPROVAL_WAIT_DAYS,
  type CreateOrderBody,
  type CreateOrderResponse,
  type DeliveryMethod,
  type OrderSummary,
  RECIPIENT_REQUIRED_MESSAGE,
  resolveExpiry,
  SCHEDULE_MAX_DAYS,
  SCHEDULE_MIN_SECONDS,
} from '@giftrelay/contracts';
import { convertMinor, formatMoney, orderAmounts, parseAmount, processingFee } from '@giftrelay/money';
import type { FastifyInstance } from 'fastify';
import { encryptSecret, newUrlToken } from '../../lib/crypto';
import { AppError, validationError } from '../../lib/errors';
import type { CatalogProduct } from '../catalog';
import type { ResolvedChoice } from '../choice-sets';
import { getRate, quotedRate } from '../fx';
import { type OrderProduct, prepareChoice } from './choice';
import { billingCurrency, cachedProduct } from './lookups';
import { presentOrder } from './presenter';
import * as repo from './repository';
import { checkOrderPhone } from './reward-sms';

/** Who places an order. */
export interface Actor {
  /** The signed-in user, or the user who created the API key (null once they are gone). */
  userId: string | null;
  organisationId: string;
  /** The API key placing the order, if a key is (decision 062: a key changes only its own orders' recipients). */
  apiKeyId?: string | null;
  /** An AI agent's order through MCP (decision 074): the key or OAuth grant, marked on the order. */
  source?: { kind: 'api_key' | 'oauth_grant'; id: string; clientName: string | null } | null;
}

export interface PreparedOrder {
  order: NewOrderRow;
  summary: OrderSummary;
  waitingSummary: OrderSummary;
  /** The 201 answer's text, and the one for an order an approval rule catches. */
  text: string;
  textWaiting: string;
  rewards: { claim_token_hash: string; claim_token_encrypted: string }[];
  holdDescription: string;
}

/**
 * Checks the request and builds everything the order statement writes; throws typed 4xx refusals.
 * `sandbox` is the organisation's mode as just read: the answers say it, and the statement holds
 * the money only from an account of that mode, so the order is written in it or not at all.
 */
export async function prepareOrder(
  app: FastifyInstance,
  actor: Actor,
  body: CreateOrderBody,
  sandbox: boolean,
  /** The new order's id, when the caller chose it beforehand (an MCP preview names its order). */
  orderId?: string,
  /** The organisation's default expiry and message, when the caller read them with its sending state. */
  known?: Pick<repo.OrderOrganisation, 'rewardExpiryDays' | 'defaultMessage'>,
): Promise<PreparedOrder> {
  // Decision 088: an address, a number or both, before anything else is looked up.
  if (body.email === undefined && body.phone === undefined) throw recipientRequired();
  // A fixed reward's product, or a choice reward's options (decision 080) and its stand-in product.
  const { product, amountMinor, choice } = body.choice
    ? await prepareChoice(app, actor.organisationId, { ...body, choice: body.choice })
    : await prepareProduct(app, body);

  const billing = await billingCurrency(app, actor.organisationId);
  // With a quote, its locked rate or a refusal (decision 039); without, the rate of this moment.
  const rate = body.quote_id
    ? await quotedRate(app.db, actor.organisationId, body.quote_id, product.currency, billing)
    : getRate(product.currency, billing);
  if (!rate) throw new AppError('INVALID_PRODUCT', `Orders in ${product.currency} cannot be charged in ${billing} yet`);

  const sendAt = body.send_at ? scheduledTime(body.send_at) : null;
  // SMS delivery (decision 082): checked before anything is written.
  const phone = body.phone === undefined ? null : await checkOrderPhone(app, body.phone);
  const expiresAt = await orderExpiry(app.db, actor.organisationId, body, sendAt, undefined, known);
  // The organisation's default message (Settings) when the request says nothing of one, as the
  // send dialog fills it in (issue 35); an empty message is the sender's choice of none.
  const message =
    body.message !== undefined
      ? body.message
      : known
        ? known.defaultMessage
        : await repo.findDefaultMessage(app.db, actor.organisationId);

  // The row is built here, id and time included, so the answer can be written with it.
  const order = newOrderRow(actor, product, {
    amountMinor,
    quantity: body.quantity,
    billing,
    fxRate: rate.rate,
    email: body.email ?? null,
    id: orderId,
    recipientName: body.recipient_name || null,
    phone,
    message: message || null,
    sendAt,
    expiresAt,
    choice,
  });
  const summary = presentOrder({ ...order, sandbox });
  const waitingSummary = presentOrder({
    ...order,
    sandbox,
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

/** A fixed reward's product, available and taking the amount (typed 4xx refusals otherwise). */
async function prepareProduct(app: FastifyInstance, body: CreateOrderBody) {
  const code = body.product_code ?? '';
  const product = await cachedProduct(app, code);
  if (!product?.available) {
    throw new AppError('INVALID_PRODUCT', `Product code ${code} does not exist or is not available`);
  }
  const amountMinor = parseAmount(body.amount, product.currency, { exact: true });
  if (amountMinor === undefined || amountMinor === 0) {
    throw validationError('body.amount: amount must be a positive number with at most two decimals', [
      { path: 'body.amount', message: 'amount must be a positive number with at most two decimals' },
    ]);
  }
  checkAmountAllowed(product, amountMinor);
  return { product, amountMinor, choice: null };
}

/** What an order of `quantity` × `amountMinor` charges in the billing currency at `rate`. */
export function chargeOf(currency: string, amountMinor: number, quantity: number, billing: string, rate: string) {
  const face = orderAmounts(amountMinor, quantity);
  const subtotal = convertMinor(face.subtotal, currency, billing, rate);
  const fee = processingFee(subtotal);
  return { face, subtotal, fee, total: subtotal + fee };
}

/** What the approval rules compare (decision 035): a charged total in USD. */
export function usdTotalOf(chargedTotalMinor: number, billing: string): number {
  const usdRate = getRate(billing, 'USD');
  if (!usdRate) throw new Error(`no ${billing} → USD rate for the approval rules`);
  return convertMinor(chargedTotalMinor, billing, 'USD', usdRate.rate);
}

export interface NewOrderFields {
  /** Chosen by the caller beforehand; a new one otherwise. */
  id?: string;
  amountMinor: number;
  quantity: number;
  billing: string;
  fxRate: string;
  /** The recipient's address, or null for an order reached by text only (decision 088). */
  email: string | null;
  /** The recipient's mobile number, checked (E.164), or null: no texts (decision 082). */
  phone?: string | null;
  recipientName: string | null;
  message: string | null;
  sendAt: Date | null;
  /** Decision 081: when its unopened rewards expire; null: never. */
  expiresAt: Date | null;
  /** Recipient's choice (decision 080): the options fixed now; null for a fixed reward. */
  choice?: ResolvedChoice | null;
}

/**
 * A new order's row before it is written. Its mode (`sandbox`) is not in it: the database takes it
 * from the organisation in the inserting statement (0087, decision 045).
 */
export type NewOrderRow = Omit<repo.OrderRow, 'sandbox'>;

/** A new order's row (status `pending`, or `scheduled` with a time), with its id and time. */
export function newOrderRow(actor: Actor, product: OrderProduct, f: NewOrderFields): NewOrderRow {
  const charge = chargeOf(product.currency, f.amountMinor, f.quantity, f.billing, f.fxRate);
  return {
    id: f.id ?? randomUUID(),
    organisation_id: actor.organisationId,
    created_by: actor.userId,
    api_key_id: actor.apiKeyId ?? null,
    source_kind: actor.source?.kind ?? null,
    source_id: actor.source?.id ?? null,
    source_client_name: actor.source?.clientName ?? null,
    product_id: product.id,
    product_code: product.code,
    product_name: product.name,
    brand: product.brand,
    category: product.category,
    country: product.country,
    currency: product.currency,
    amount_minor: String(f.amountMinor),
    quantity: f.quantity,
    subtotal_minor: String(charge.face.subtotal),
    fee_minor: String(charge.face.fee),
    total_minor: String(charge.face.total),
    charge_currency: f.billing,
    fx_rate: f.fxRate,
    charged_subtotal_minor: String(charge.subtotal),
    charged_fee_minor: String(charge.fee),
    charged_total_minor: String(charge.total),
    recipient_email: f.email?.toLowerCase() ?? null,
    recipient_phone: f.phone ?? null,
    recipient_name: f.recipientName,
    message: f.message,
    delivery_method: deliveryMethodOf(f.email, f.phone),
    status: f.sendAt ? 'scheduled' : 'pending',
    failure_reason: null,
    created_at: new Date(),
    completed_at: null,
    failed_at: null,
    usd_total_minor: String(usdTotalOf(charge.total, f.billing)),
    approval_expires_at: null,
    decided_by: null,
    decided_at: null,
    decision_note: null,
    send_at: f.sendAt,
    expires_at: f.expiresAt,
    expired_at: null,
    expiry_note: null,
    expiry_refunded_count: 0,
    batch_id: null,
    choice_product_codes: f.choice ? f.choice.products.map((p) => p.code) : null,
    choice_set_id: f.choice?.choiceSetId ?? null,
    choice_set_name: f.choice?.choiceSetName ?? null,
    choice_made_at: null,
    // Written when it settles (0110, decision 058); the database's defaults until then.
    released_subtotal_minor: '0',
    released_fee_minor: '0',
    issued_count: 0,
    failed_count: 0,
    voided_count: 0,
  };
}

/**
 * When the order's rewards expire (decision 081): its own `expires_at` or `expires_in_days`, else
 * the organisation's default, counted from when it is sent; a moment out of range is a 400.
 */
export async function orderExpiry(
  db: repo.Tx,
  organisationId: string,
  body: { expires_at?: string; expires_in_days?: number },
  sendAt: Date | null,
  path = 'body.expires_at',
  known?: { rewardExpiryDays: number | null },
): Promise<Date | null> {
  const defaultDays =
    body.expires_at === undefined && body.expires_in_days === undefined
      ? known
        ? known.rewardExpiryDays
        : await repo.findRewardExpiryDays(db, organisationId)
      : null;
  const expiry = resolveExpiry({ ...body, sentAt: sendAt ?? new Date(), defaultDays });
  if ('error' in expiry) throw validationError(`${path}: ${expiry.error}`, [{ path, message: expiry.error }]);
  return expiry.at;
}

/** When an order placed now stops waiting for a decision (the statement writes the same). */
export function approvalExpiry(order: Pick<repo.OrderRow, 'created_at'>): Date {
  return new Date(order.created_at.getTime() + APPROVAL_WAIT_DAYS * 86_400_000);
}

function checkAmountAllowed(product: CatalogProduct, amountMinor: number) {
  const problem = amountProblem(product, amountMinor);
  if (problem)
    throw validationError(`body.amount: ${problem.message}`, [{ path: 'body.amount', message: problem.detail }]);
}

/** Why `amountMinor` is not an amount the product takes (a fixed value, or out of its range), or null. */
export function amountProblem(
  product: CatalogProduct,
  amountMinor: number,
): { message: string; detail: string } | null {
  const fmt = (m: number) => formatMoney(m, product.currency);
  if (product.denominationsMinor?.length) {
    if (product.denominationsMinor.includes(amountMinor)) return null;
    const allowed = product.denominationsMinor.map(fmt).join(', ');
    return { message: `${product.name} comes in ${allowed} only`, detail: `must be one of ${allowed}` };
  }
  if (amountMinor < product.minValueMinor || amountMinor > product.maxValueMinor) {
    const message = `amount must be between ${fmt(product.minValueMinor)} and ${fmt(product.maxValueMinor)}`;
    return { message, detail: message };
  }
  return null;
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

/** Decision 088: an order with an address goes by email (and text, with a phone); one without, by text. */
export const deliveryMethodOf = (email: string | null, phone: string | null | undefined): DeliveryMethod =>
  email === null && phone ? 'sms' : 'email';

/** An order naming neither an address nor a number (decision 088): 400 RECIPIENT_REQUIRED. */
export const recipientRequired = () =>
  new AppError('RECIPIENT_REQUIRED', RECIPIENT_REQUIRED_MESSAGE, [
    { path: 'body.email', message: RECIPIENT_REQUIRED_MESSAGE },
    { path: 'body.phone', message: RECIPIENT_REQUIRED_MESSAGE },
  ]);
