import { randomUUID } from 'node:crypto';
import {
  type CreateOrderBody,
  type CreateOrderResponse,
  type ListOrdersQuery,
  MAX_QUANTITY,
  ORDER_EXPORT_COLUMNS,
  type OrderSearchQuery,
  type OrderStats,
  type ResendOrderBody,
} from '@giftrelay/contracts';
import {
  convertMinor,
  formatMoney,
  orderAmounts,
  parseAmount,
  processingFee,
  toDecimalString,
  toMajor,
} from '@giftrelay/money';
import type { FastifyInstance } from 'fastify';
import type { Transaction } from 'kysely';
import { fromKysely } from 'pg-boss';
import type { Database } from '../../db/schema';
import { encryptSecret, newUrlToken } from '../../lib/crypto';
import { CSV_BOM, type CsvCell, csvRow } from '../../lib/csv';
import { AppError, notFound, validationError } from '../../lib/errors';
import type { CatalogProduct } from '../catalog/service';
import { getRate } from '../fx/rates';
import { type ClaimedKey, requestFingerprint, runIdempotent, type StoredAnswer } from '../idempotency/service';
import { LedgerInsufficientFunds, postEntry } from '../ledger/repository';
import { figuresByStatus } from '../reports/repository';
import { FULFIL_QUEUE, fulfilJobOptions } from './fulfilment';
import { billingCurrency, cachedProduct } from './lookups';
import { presentOrder, presentOrderDetail } from './presenter';
import { queueRecipientEmail } from './recipient-email';
import * as repo from './repository';

export interface Actor {
  userId: string;
  organisationId: string;
}

/**
 * Places an order: checks product and amount, then in ONE transaction writes the order, its
 * rewards, the ledger hold, the order.created event and the fulfilment job. With an
 * Idempotency-Key the whole answer is stored with it and replayed to retries.
 */
export async function createOrder(
  app: FastifyInstance,
  actor: Actor,
  body: CreateOrderBody,
  idempotencyKey: string | undefined,
): Promise<StoredAnswer> {
  const execute = async (claimed?: ClaimedKey) => {
    const product = await cachedProduct(app, body.product_code);
    if (!product || !product.available) {
      throw new AppError(
        400,
        'INVALID_PRODUCT',
        `Product code ${body.product_code} does not exist or is not available`,
      );
    }
    const amountMinor = parseAmount(body.amount, product.currency);
    if (amountMinor === undefined || amountMinor === 0) {
      throw validationError('body.amount: amount must be a positive number with at most two decimals', [
        { path: 'body.amount', message: 'amount must be a positive number with at most two decimals' },
      ]);
    }
    checkAmountAllowed(product, amountMinor);
    if (body.quantity > MAX_QUANTITY)
      throw validationError('body.quantity: quantity must be a whole number from 1 to 100');

    const org = { billing_currency: await billingCurrency(app, actor.organisationId) };
    const rate = getRate(product.currency, org.billing_currency);
    if (!rate)
      throw new AppError(
        400,
        'INVALID_PRODUCT',
        `Orders in ${product.currency} cannot be charged in ${org.billing_currency} yet`,
      );

    const face = orderAmounts(amountMinor, body.quantity);
    const chargedSubtotal = convertMinor(face.subtotal, product.currency, org.billing_currency, rate.rate);
    const chargedFee = processingFee(chargedSubtotal);
    const chargedTotal = chargedSubtotal + chargedFee;
    const tokens = Array.from({ length: body.quantity }, () => newUrlToken());

    // The order, its rewards, its event and (with a key) the stored answer go to the database in
    // one statement, so the row is built here: id and time included.
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
      charge_currency: org.billing_currency,
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
    };
    const summary = presentOrder(order);
    const text = JSON.stringify({ success: true, ...summary } satisfies CreateOrderResponse);
    const rewards = tokens.map((t, i) => ({
      order_id: order.id,
      organisation_id: actor.organisationId,
      position: i + 1,
      claim_token_hash: t.hash,
      claim_token_encrypted: encryptSecret(app.secrets.rewardCodeKey, t.token),
    }));

    return app.db.transaction().execute(async (tx) => {
      try {
        await postEntry(tx, {
          organisationId: actor.organisationId,
          kind: 'hold',
          currency: org.billing_currency,
          orderId: order.id,
          description: `Hold for ${body.quantity} × ${formatMoney(amountMinor, product.currency)} ${product.name}`,
          postings: [
            { account: 'available', amountMinor: -chargedTotal },
            { account: 'held', amountMinor: chargedTotal },
          ],
        });
      } catch (err) {
        if (err instanceof LedgerInsufficientFunds)
          throw new AppError(402, 'INSUFFICIENT_FUNDS', 'Insufficient balance');
        throw err;
      }
      await repo.insertOrderWithRewards(tx, {
        order,
        rewards,
        event: { type: 'order.created', payload: { order: summary } },
        answer: claimed ? { ...claimed, status: 201, body: text } : undefined,
      });
      await app.queue.boss.send(
        FULFIL_QUEUE,
        { orderId: order.id },
        { ...fulfilJobOptions(app.config), db: fromKysely(tx) },
      );
      return { status: 201, body: text };
    });
  };

  if (!idempotencyKey) return { ...(await execute()), replayed: false };
  return runIdempotent(
    app.db,
    {
      organisationId: actor.organisationId,
      key: idempotencyKey,
      requestHash: requestFingerprint('POST /api/v1/orders', body),
    },
    execute,
  );
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

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

export async function getOrderDetail(app: FastifyInstance, organisationId: string, orderId: string) {
  if (!UUID.test(orderId)) throw notFound('Order');
  const order = await repo.findOrder(app.db, organisationId, orderId);
  if (!order) throw notFound('Order');
  const [rewards, events] = await Promise.all([repo.listRewards(app.db, order.id), repo.listEvents(app.db, order.id)]);
  return presentOrderDetail(order, rewards, events);
}

const encodeCursor = (o: { created_at: Date; id: string }) =>
  Buffer.from(`${o.created_at.toISOString()}|${o.id}`).toString('base64url');

function decodeCursor(cursor: string): { createdAt: Date; id: string } {
  const [at, id] = Buffer.from(cursor, 'base64url').toString('utf8').split('|');
  const createdAt = new Date(at ?? '');
  if (!id || Number.isNaN(createdAt.getTime()) || !/^[0-9a-f-]{36}$/i.test(id)) {
    throw validationError('query.cursor: cursor is not valid', [
      { path: 'query.cursor', message: 'cursor is not valid' },
    ]);
  }
  return { createdAt, id };
}

export async function listOrders(app: FastifyInstance, organisationId: string, q: ListOrdersQuery) {
  const rows = await repo.listOrders(app.db, {
    organisationId,
    search: q.q || undefined,
    status: q.status,
    limit: q.limit + 1,
    after: q.cursor ? decodeCursor(q.cursor) : undefined,
  });
  const page = rows.slice(0, q.limit);
  const last = page.at(-1);
  return {
    success: true as const,
    orders: page.map(presentOrder),
    next_cursor: rows.length > q.limit && last ? encodeCursor(last) : null,
  };
}

/**
 * The order history's four cards over the searched set. Without search text they come from the
 * rollups (constant time at any size); with it, from the orders the search matches.
 */
export async function orderStats(
  app: FastifyInstance,
  organisationId: string,
  q: OrderSearchQuery,
): Promise<OrderStats> {
  const search = q.q || undefined;
  const [currency, counts] = await Promise.all([
    billingCurrency(app, organisationId),
    search
      ? repo.searchedStatusCounts(app.db, { organisationId, search, status: q.status })
      : figuresByStatus(app.db, organisationId, {}, q.status).then((m) =>
          [...m].map(([status, f]) => ({ status, orders: f.orders, charged_total_minor: f.chargedTotalMinor })),
        ),
  ]);
  const count = (status: string) => counts.find((c) => c.status === status)?.orders ?? 0;
  return {
    success: true,
    currency,
    total_orders: counts.reduce((n, c) => n + c.orders, 0),
    delivered: count('completed'),
    pending: count('pending'),
    failed: count('failed'),
    total_value: toMajor(
      counts.reduce((n, c) => n + c.charged_total_minor, 0),
      currency,
    ),
  };
}

const EXPORT_BATCH = 2000;

/**
 * Every order matching the search as CSV lines, newest first, read in keyset batches so memory
 * stays flat however many there are; the consumer's pace (the HTTP response) sets the reading pace.
 */
export async function* exportOrders(
  app: FastifyInstance,
  organisationId: string,
  q: OrderSearchQuery,
): AsyncGenerator<string> {
  yield CSV_BOM + csvRow(ORDER_EXPORT_COLUMNS);
  let after: { createdAt: Date; id: string } | undefined;
  for (;;) {
    const rows = await repo.listOrders(app.db, {
      organisationId,
      search: q.q || undefined,
      status: q.status,
      limit: EXPORT_BATCH,
      after,
    });
    if (rows.length === 0) return;
    let chunk = '';
    for (const o of rows) chunk += csvRow(exportCells(o));
    yield chunk;
    if (rows.length < EXPORT_BATCH) return;
    const last = rows[rows.length - 1] as repo.OrderRow;
    after = { createdAt: last.created_at, id: last.id };
  }
}

function exportCells(o: repo.OrderRow): CsvCell[] {
  const face = (minor: string) => toDecimalString(Number(minor), o.currency);
  return [
    o.id,
    o.created_at.toISOString(),
    o.status,
    o.recipient_email,
    o.recipient_name,
    o.brand,
    o.product_name,
    o.product_code,
    o.currency,
    face(o.amount_minor),
    o.quantity,
    face(o.subtotal_minor),
    face(o.fee_minor),
    face(o.total_minor),
    o.charge_currency,
    toDecimalString(Number(o.charged_total_minor), o.charge_currency),
    o.delivery_method,
    o.completed_at?.toISOString() ?? null,
    o.failed_at?.toISOString() ?? null,
    o.failure_reason,
  ];
}

/** At most this many resends of one order per hour, and of one organisation's orders. */
export const RESEND_LIMITS = {
  perOrder: { name: 'order-resend', limit: 5, windowSeconds: 3600 },
  perOrganisation: { name: 'order-resend-org', limit: 200, windowSeconds: 3600 },
};

/**
 * Emails a delivered order's claim links again, to the same address or a corrected one (which
 * then becomes the order's recipient). The email and its `email.resent` event are written in
 * one transaction with the change.
 */
export async function resendOrder(
  app: FastifyInstance,
  organisationId: string,
  orderId: string,
  body: ResendOrderBody,
): Promise<{ success: true; order_id: string; recipient_email: string }> {
  if (!UUID.test(orderId)) throw notFound('Order');
  const existing = await repo.findOrder(app.db, organisationId, orderId);
  if (!existing) throw notFound('Order');
  await app.rateLimits.consume(RESEND_LIMITS.perOrder, orderId);
  await app.rateLimits.consume(RESEND_LIMITS.perOrganisation, organisationId);
  const to = (body.email ?? existing.recipient_email).toLowerCase();
  return app.db.transaction().execute(async (tx) => {
    const order = await repo.lockOrder(tx, organisationId, orderId);
    if (!order) throw notFound('Order');
    if (order.status !== 'completed') {
      throw new AppError(
        409,
        'CONFLICT',
        order.status === 'pending'
          ? 'This order is still being delivered: it can be resent once it is delivered'
          : 'This order failed and was refunded: there is nothing to resend',
      );
    }
    let current = order;
    if (to !== order.recipient_email) {
      current = await repo.changeRecipient(tx, order.id, to);
      await repo.insertEvent(tx, {
        order_id: order.id,
        organisation_id: organisationId,
        type: 'recipient.changed',
        payload: { from: order.recipient_email, to },
      });
    }
    await queueRecipientEmail(app, tx, current, { to, reason: 'resend' });
    return { success: true as const, order_id: order.id, recipient_email: to };
  });
}
