import { randomUUID } from 'node:crypto';
import {
  APPROVAL_WAIT_DAYS,
  type CreateOrderBody,
  type CreateOrderResponse,
  type OrderSummary,
} from '@giftrelay/contracts';
import { convertMinor, formatMoney, orderAmounts, parseAmount, processingFee } from '@giftrelay/money';
import type { FastifyInstance } from 'fastify';
import { encryptSecret, newUrlToken } from '../../lib/crypto';
import { AppError, validationError } from '../../lib/errors';
import { credentialEnded, type UncheckedCredential } from '../../plugins/auth';
import type { CatalogProduct } from '../catalog';
import { getRate } from '../fx';
import {
  type IdempotencyKey,
  KEEP_HOURS,
  keyFor,
  type StoredAnswer,
  storeRefusal,
  withIdempotencyKey,
} from '../idempotency';
import { hasAccount } from '../ledger';
import { tellApprovers } from './approvals';
import { FULFIL_QUEUE, fulfilJobOptions } from './fulfilment';
import { billingCurrency, cachedProduct } from './lookups';
import { type PlaceOrderInput, type PlaceOrderResult, placeOrderStatement } from './place-order-statement';
import { presentOrder } from './presenter';
import type * as repo from './repository';
import { answerAfterSessionCheck, type SessionCheck } from './session-check';

export interface Actor {
  /** The signed-in user, or the user who created the API key (null once they are gone). */
  userId: string | null;
  organisationId: string;
}

/**
 * Places an order: checks product and amount, then writes the order, its rewards, the ledger hold,
 * the order.created event, the fulfilment job and (with an Idempotency-Key) the answer to replay,
 * all in ONE statement (place-order-statement.ts), which checks the caller's session too. With a
 * key, the answer is replayed to retries. Whatever the answer, the session has been checked first
 * (answerAfterSessionCheck): an ended session gets 401 and writes nothing.
 */
export async function createOrder(
  app: FastifyInstance,
  token: UncheckedCredential,
  body: CreateOrderBody,
  idempotencyKey: string | undefined,
): Promise<StoredAnswer> {
  let waiting: repo.OrderRow | undefined;
  const answer = await answerAfterSessionCheck(app, token, (session) =>
    placeOrder(app, token, body, idempotencyKey, session, (order) => {
      waiting = order;
    }),
  );
  if (answer.status === 201 && !answer.replayed) {
    // The approvers' email does not hold the answer back (it logs its own failure).
    if (waiting) void tellApprovers(app, waiting);
    else app.queue.wake(FULFIL_QUEUE);
  }
  return answer;
}

async function placeOrder(
  app: FastifyInstance,
  token: UncheckedCredential,
  body: CreateOrderBody,
  idempotencyKey: string | undefined,
  session: SessionCheck,
  onWaiting: (order: repo.OrderRow) => void,
): Promise<StoredAnswer> {
  const actor: Actor = { userId: token.userId, organisationId: token.organisationId };
  const key = keyFor(actor.organisationId, idempotencyKey, 'POST /api/v1/orders', body);
  let placed: PreparedOrder;
  try {
    placed = await prepareOrder(app, actor, body);
  } catch (err) {
    if (key && err instanceof AppError && err.statusCode >= 400 && err.statusCode < 500) {
      await session.ensureChecked();
      return storeRefusal(app.db, key, err);
    }
    throw err;
  }
  const job = await app.queue.jobInsert(FULFIL_QUEUE, { orderId: placed.order.id }, fulfilJobOptions(app.config));
  const input: PlaceOrderInput = {
    order: placed.order,
    credential: token,
    rewards: placed.rewards,
    eventPayload: JSON.stringify({ order: placed.summary }),
    eventPayloadWaiting: JSON.stringify({ order: placed.waitingSummary }),
    holdDescription: placed.holdDescription,
    job,
    key: key && {
      key: key.key,
      requestHash: key.requestHash,
      answer: placed.text,
      answerWaiting: placed.textWaiting,
      keepHours: KEEP_HOURS,
    },
  };
  const placedAnswer = (row: PlaceOrderResult): StoredAnswer => {
    if (!row.waiting) return { status: 201, body: placed.text, replayed: false };
    onWaiting({ ...placed.order, status: 'pending_approval', approval_expires_at: approvalExpiry(placed.order) });
    return { status: 201, body: placed.textWaiting, replayed: false };
  };
  const run = async () => {
    const { text, name, values } = placeOrderStatement(input);
    const [row] = (await app.database.query<PlaceOrderResult>(text, values, name)).rows;
    if (!row) throw new Error('the order statement answered nothing');
    if (!row.session_live) {
      // Ended, or live with a role that may not send: the check tells which (401 or 403).
      await app.checkSession(token);
      throw credentialEnded(token);
    }
    session.checkedInStatement();
    return row;
  };
  if (!key) {
    const row = await run();
    return row.held ? placedAnswer(row) : refuseHold(app, actor, placed.order.charge_currency);
  }
  return withIdempotencyKey(app.db, key, async () => {
    const row = await run();
    if (row.prior_hash !== null) {
      return {
        existing: {
          request_hash: row.prior_hash,
          response_status: row.prior_status as number,
          response_body: row.prior_body as string,
          expired: Boolean(row.prior_expired),
        },
      };
    }
    if (!row.got_lock) return { inUse: true as const };
    if (!row.held) return refuseHold(app, actor, placed.order.charge_currency, key);
    return placedAnswer(row);
  });
}

/** The hold was refused: too little balance (402, stored for the key), or no account at all (a bug). */
async function refuseHold(
  app: FastifyInstance,
  actor: Actor,
  currency: string,
  key?: IdempotencyKey,
): Promise<StoredAnswer> {
  const account = await hasAccount(app.db, actor.organisationId, 'available', currency);
  if (!account) throw new Error(`organisation ${actor.organisationId} has no available account in ${currency}`);
  const refusal = new AppError('INSUFFICIENT_FUNDS', 'Insufficient balance');
  if (key) return storeRefusal(app.db, key, refusal);
  throw refusal;
}

interface PreparedOrder {
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
async function prepareOrder(app: FastifyInstance, actor: Actor, body: CreateOrderBody): Promise<PreparedOrder> {
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
  const rate = getRate(product.currency, billing);
  if (!rate) throw new AppError('INVALID_PRODUCT', `Orders in ${product.currency} cannot be charged in ${billing} yet`);

  const face = orderAmounts(amountMinor, body.quantity);
  const chargedSubtotal = convertMinor(face.subtotal, product.currency, billing, rate.rate);
  const chargedFee = processingFee(chargedSubtotal);
  const chargedTotal = chargedSubtotal + chargedFee;
  // What the approval rules compare (decision 035): the charged total in USD.
  const usdRate = getRate(billing, 'USD');
  if (!usdRate) throw new Error(`no ${billing} → USD rate for the approval rules`);
  const usdTotal = convertMinor(chargedTotal, billing, 'USD', usdRate.rate);

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
    status: 'pending',
    failure_reason: null,
    created_at: new Date(),
    completed_at: null,
    failed_at: null,
    usd_total_minor: String(usdTotal),
    approval_expires_at: null,
    decided_by: null,
    decided_at: null,
    decision_note: null,
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
function approvalExpiry(order: repo.OrderRow): Date {
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
