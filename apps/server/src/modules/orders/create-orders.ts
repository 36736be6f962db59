import type { FastifyInstance } from 'fastify';
import { sql, type Transaction } from 'kysely';
import { fromKysely } from 'pg-boss';
import type { Database } from '../../db/schema';
import { encryptSecret, newUrlToken } from '../../lib/crypto';
import { modeLabel } from '../../plugins/metrics';
import { insertEvents } from '../events';
import { FULFIL_QUEUE, fulfilJobData, fulfilJobOptions } from './fulfilment';
import { ORDER_COLUMN_TYPES } from './order-column-types';
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
  // Each kind of row is written by one statement whose one parameter is the chunk as JSON
  // (json_to_recordset; jsonb_to_recordset where a column is itself JSON, which it then takes
  // without parsing again): no statement with tens of thousands of parameters for the app to build
  // and PostgreSQL to parse, and the same text for every chunk. Each order's mode is the one its
  // trigger took from the organisation (decision 045).
  const { rows: written } = await sql<{ id: string; sandbox: boolean }>`
    INSERT INTO orders (${sql.raw(ORDER_COLUMNS.join(', '))})
    SELECT ${sql.raw(ORDER_COLUMNS.join(', '))}
    FROM json_to_recordset(${JSON.stringify(orders.map((o) => orderRecord(o, risks.has(o.id))))}::json)
      AS t (${sql.raw(ORDER_RECORD)})
    RETURNING id, sandbox`.execute(tx);
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
        status: o.choice_product_codes ? 'awaiting_choice' : 'pending',
      };
    }),
  );
  await sql`
    INSERT INTO rewards (order_id, organisation_id, position, claim_token_hash, claim_token_encrypted, status)
    SELECT order_id, organisation_id, position, claim_token_hash, claim_token_encrypted, status
    FROM json_to_recordset(${JSON.stringify(rewards)}::json)
      AS t (order_id uuid, organisation_id uuid, position int, claim_token_hash text, claim_token_encrypted text, status text)`.execute(
    tx,
  );
  const created = orders.map((o) => {
    const mode = sandbox.get(o.id);
    if (mode === undefined) throw new Error(`the insert returned no row for order ${o.id}`);
    const status = risks.has(o.id) ? ('pending_review' as const) : o.status;
    return { order: o, sandbox: mode, data: { order: presentOrder({ ...o, status, sandbox: mode }) } };
  });
  await sql`
    INSERT INTO order_events (order_id, organisation_id, type, payload, created_at)
    SELECT order_id, organisation_id, 'order.created', payload, created_at
    FROM jsonb_to_recordset(${JSON.stringify(
      created.map((c) => ({
        order_id: c.order.id,
        organisation_id: c.order.organisation_id,
        payload: c.data,
        created_at: c.order.created_at,
      })),
    )}::jsonb) AS t (order_id uuid, organisation_id uuid, payload jsonb, created_at timestamptz)`.execute(tx);
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

/** The columns a batch's order is written with, and their types (order-column-types.ts). */
const ORDER_TYPES = ORDER_COLUMN_TYPES;
type OrderColumn = keyof typeof ORDER_TYPES;
const ORDER_COLUMNS = Object.keys(ORDER_TYPES) as OrderColumn[];
const ORDER_RECORD = ORDER_COLUMNS.map((c) => `${c} ${ORDER_TYPES[c]}`).join(', ');

/** An order as a record of the chunk's JSON; one a risk rule caught is written `pending_review`. */
function orderRecord(o: NewOrderRow, held: boolean): Record<OrderColumn, unknown> {
  const record = Object.fromEntries(ORDER_COLUMNS.map((c) => [c, o[c] ?? null])) as Record<OrderColumn, unknown>;
  record.status = held ? 'pending_review' : o.status;
  return record;
}
