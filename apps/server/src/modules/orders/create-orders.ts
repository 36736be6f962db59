import type { FastifyInstance } from 'fastify';
import type { Transaction } from 'kysely';
import { fromKysely } from 'pg-boss';
import type { Database } from '../../db/schema';
import { encryptSecret, newUrlToken } from '../../lib/crypto';
import { modeLabel } from '../../plugins/metrics';
import { insertEvents } from '../events';
import { FULFIL_QUEUE, fulfilJobData, fulfilJobOptions } from './fulfilment';
import type { NewOrderRow } from './prepare-order';
import { presentOrder } from './presenter';
import { batchRisks, writeBatchReviews } from './risk-batch';

/**
 * Orders born together (a batch's chunk, decision 043): the orders, their rewards, `order.created`
 * in the order's history and the public events, and their fulfilment jobs, each kind in multi-row
 * statements inside the caller's transaction. The caller has already held the money. A single
 * order is born in one statement instead (place-order-statement.ts, decision 012); both write the
 * same rows, and only this module writes them (decision 065).
 */
export async function writeNewOrders(app: FastifyInstance, tx: Transaction<Database>, orders: NewOrderRow[]) {
  if (!orders.length) return;
  // Risk rules (decision 083): an order a rule catches is written `pending_review`, with no job.
  const risks = await batchRisks(tx, orders);
  // Each order's mode is the one its trigger took from the organisation (decision 045).
  const written = await tx
    .insertInto('orders')
    .values(
      orders.map((o) => ({
        id: o.id,
        organisation_id: o.organisation_id,
        created_by: o.created_by,
        api_key_id: o.api_key_id,
        product_id: o.product_id,
        product_code: o.product_code,
        product_name: o.product_name,
        brand: o.brand,
        category: o.category,
        country: o.country,
        currency: o.currency,
        amount_minor: Number(o.amount_minor),
        quantity: o.quantity,
        subtotal_minor: Number(o.subtotal_minor),
        fee_minor: Number(o.fee_minor),
        total_minor: Number(o.total_minor),
        charge_currency: o.charge_currency,
        fx_rate: o.fx_rate,
        charged_subtotal_minor: Number(o.charged_subtotal_minor),
        charged_fee_minor: Number(o.charged_fee_minor),
        charged_total_minor: Number(o.charged_total_minor),
        recipient_email: o.recipient_email,
        recipient_phone: o.recipient_phone ?? null,
        delivery_method: o.delivery_method,
        recipient_name: o.recipient_name,
        message: o.message,
        status: risks.has(o.id) ? ('pending_review' as const) : (o.status as 'pending' | 'scheduled'),
        created_at: o.created_at,
        usd_total_minor: o.usd_total_minor,
        send_at: o.send_at,
        expires_at: o.expires_at,
        batch_id: o.batch_id,
        choice_product_codes: o.choice_product_codes,
        choice_set_id: o.choice_set_id,
        choice_set_name: o.choice_set_name,
      })),
    )
    .returning(['id', 'sandbox'])
    .execute();
  const sandbox = new Map(written.map((w) => [w.id, w.sandbox]));
  const key = app.secrets.rewardCodeKey;
  const rewards = orders.flatMap((o) =>
    Array.from({ length: o.quantity }, (_, i) => {
      const t = newUrlToken();
      return {
        order_id: o.id,
        organisation_id: o.organisation_id,
        position: i + 1,
        claim_token_hash: t.hash,
        claim_token_encrypted: encryptSecret(key, t.token),
        // A choice reward (decision 080) waits for its recipient's pick.
        status: o.choice_product_codes ? ('awaiting_choice' as const) : ('pending' as const),
      };
    }),
  );
  for (let i = 0; i < rewards.length; i += 1000) {
    await tx
      .insertInto('rewards')
      .values(rewards.slice(i, i + 1000))
      .execute();
  }
  const created = orders.map((o) => {
    const mode = sandbox.get(o.id);
    if (mode === undefined) throw new Error(`the insert returned no row for order ${o.id}`);
    const status = risks.has(o.id) ? ('pending_review' as const) : o.status;
    return { order: o, sandbox: mode, data: { order: presentOrder({ ...o, status, sandbox: mode }) } };
  });
  await tx
    .insertInto('order_events')
    .values(
      created.map((c) => ({
        order_id: c.order.id,
        organisation_id: c.order.organisation_id,
        type: 'order.created',
        payload: JSON.stringify(c.data),
        created_at: c.order.created_at,
      })),
    )
    .execute();
  await insertEvents(
    tx,
    created.map((c) => ({
      organisationId: c.order.organisation_id,
      type: 'order.created' as const,
      data: c.data,
      createdAt: c.order.created_at,
    })),
  );
  await writeBatchReviews(
    tx,
    created.flatMap((c) => {
      const risk = risks.get(c.order.id);
      return risk ? [{ ...c, risk }] : [];
    }),
  );
  const going = orders.filter((o) => !risks.has(o.id));
  if (going.length)
    await app.queue.boss.insert(
      FULFIL_QUEUE,
      going.map((o) => ({ data: fulfilJobData(o), ...jobInsertOptions(app, o.send_at) })),
      { db: fromKysely(tx) },
    );
  // Counted before the caller commits: a chunk lost to a crash after this is counted once too
  // many, which a rate over minutes does not notice (the ledger, not this, is the account).
  for (const w of written) app.metrics.ordersPlaced.inc({ mode: modeLabel(w.sandbox) });
}

function jobInsertOptions(app: FastifyInstance, sendAt: Date | null) {
  const o = fulfilJobOptions(app.config, sendAt);
  return {
    retryLimit: o.retryLimit,
    retryDelay: o.retryDelay,
    retryBackoff: o.retryBackoff,
    retryDelayMax: o.retryDelayMax,
    heartbeatSeconds: o.heartbeatSeconds,
    ...(sendAt ? { startAfter: sendAt } : {}),
  };
}
