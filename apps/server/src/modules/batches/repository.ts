import type { BatchCounts, BatchRowStatus } from '@giftrelay/contracts';
import { type Kysely, type Selectable, sql, type Transaction } from 'kysely';
import type { Database } from '../../db/schema';
import type { ValidatedRow } from './validate';

type Tx = Transaction<Database> | Kysely<Database>;
export type BatchRecord = Selectable<Database['batches']>;
export type BatchRowRecord = Selectable<Database['batch_rows']>;

/** Rows per INSERT: a few thousand keeps each statement's arrays small on both engines. */
const INSERT_ROWS = 2_000;

/** Writes the batch's rows: each with its input, its problems, or its prepared order. */
export async function insertRows(tx: Tx, batchId: string, rows: readonly ValidatedRow[]): Promise<void> {
  for (let i = 0; i < rows.length; i += INSERT_ROWS) {
    const part = rows.slice(i, i + INSERT_ROWS);
    await sql`
      INSERT INTO batch_rows (batch_id, position, status, input, errors, prepared, charged_total_minor)
      SELECT ${batchId}::uuid, t.position, t.status, t.input::jsonb, t.errors::jsonb, t.prepared::jsonb, t.total
      FROM unnest(${part.map((r) => r.position)}::int[], ${part.map((r) => (r.order ? 'queued' : 'invalid'))}::text[],
                  ${part.map((r) => JSON.stringify(r.input))}::text[],
                  ${part.map((r) => (r.errors.length ? JSON.stringify(r.errors) : null))}::text[],
                  ${part.map((r) => (r.order ? JSON.stringify(r.order) : null))}::text[],
                  ${part.map((r) => r.order?.charged_total_minor ?? null)}::bigint[])
           AS t (position, status, input, errors, prepared, total)
    `.execute(tx);
  }
}

export async function findBatch(tx: Tx, organisationId: string, batchId: string): Promise<BatchRecord | undefined> {
  return tx
    .selectFrom('batches')
    .selectAll()
    .where('organisation_id', '=', organisationId)
    .where('id', '=', batchId)
    .executeTakeFirst();
}

/** The batch, locked for the rest of the transaction (whatever its organisation: for workers). */
export async function lockBatch(tx: Tx, batchId: string): Promise<BatchRecord | undefined> {
  return tx.selectFrom('batches').selectAll().where('id', '=', batchId).forUpdate().executeTakeFirst();
}

/**
 * Every count of a batch: its rows by what became of them, kept on the batch by the statements
 * that change them (decision 095), and its ordered rows by their order's status, read from the
 * batch's orders (one order a row). One statement, so both come from the same snapshot.
 */
export async function countRows(tx: Tx, batchId: string): Promise<BatchCounts> {
  const { rows } = await sql<{
    row_count: number;
    valid_count: number;
    ordered_count: number;
    insufficient_count: number;
    rejected_count: number;
    order_status: string | null;
    n: string | null;
  }>`
    SELECT b.row_count, b.valid_count, b.ordered_count, b.insufficient_count, b.rejected_count,
      o.status AS order_status, o.n
    FROM batches b
    LEFT JOIN LATERAL (SELECT status, count(*) AS n FROM orders WHERE batch_id = b.id GROUP BY status) o ON true
    WHERE b.id = ${batchId}::uuid
  `.execute(tx);
  const counts: BatchCounts = {
    rows: 0,
    valid: 0,
    invalid: 0,
    queued: 0,
    ordered: 0,
    insufficient_funds: 0,
    rejected: 0,
    delivered: 0,
    failed: 0,
    cancelled: 0,
    in_progress: 0,
  };
  const b = rows[0];
  if (!b) return counts;
  counts.rows = b.row_count;
  counts.valid = b.valid_count;
  counts.invalid = b.row_count - b.valid_count;
  counts.ordered = b.ordered_count;
  counts.insufficient_funds = b.insufficient_count;
  counts.rejected = b.rejected_count;
  counts.queued = b.valid_count - b.ordered_count - b.insufficient_count - b.rejected_count;
  for (const r of rows) {
    if (r.order_status === null) continue;
    const n = Number(r.n);
    // A voided order was delivered first: the batch sent it, and its row says Voided (decision 076).
    if (r.order_status === 'completed' || r.order_status === 'voided') counts.delivered += n;
    else if (r.order_status === 'failed' || r.order_status === 'rejected') counts.failed += n;
    else if (r.order_status === 'cancelled') counts.cancelled += n;
    else counts.in_progress += n;
  }
  return counts;
}

export interface RowWithOrder extends BatchRowRecord {
  order_status: string | null;
  failure_reason: string | null;
}

/** A page of the batch's rows in upload order, after `afterPosition`, with their orders' status. */
export async function listRows(
  tx: Tx,
  batchId: string,
  opts: { afterPosition?: number; status?: BatchRowStatus; limit: number },
): Promise<RowWithOrder[]> {
  return tx
    .selectFrom('batch_rows as r')
    .leftJoin('orders as o', 'o.id', 'r.order_id')
    .selectAll('r')
    .select(['o.status as order_status', 'o.failure_reason'])
    .where('r.batch_id', '=', batchId)
    .$if(opts.afterPosition !== undefined, (q) => q.where('r.position', '>', opts.afterPosition as number))
    .$if(opts.status !== undefined, (q) => q.where('r.status', '=', opts.status as BatchRowStatus))
    .orderBy('r.position')
    .limit(opts.limit)
    .execute();
}

export async function listBatches(
  tx: Tx,
  organisationId: string,
  opts: { after?: { createdAt: Date; id: string }; limit: number; status?: BatchRecord['status'] },
): Promise<BatchRecord[]> {
  return tx
    .selectFrom('batches')
    .selectAll()
    .where('organisation_id', '=', organisationId)
    .$if(opts.status !== undefined, (q) => q.where('status', '=', opts.status as BatchRecord['status']))
    .$if(opts.after !== undefined, (q) => {
      const a = opts.after as { createdAt: Date; id: string };
      return q.where(sql<boolean>`(created_at, id) < (${a.createdAt}, ${a.id}::uuid)`);
    })
    .orderBy('created_at', 'desc')
    .orderBy('id', 'desc')
    .limit(opts.limit)
    .execute();
}

/** The next rows waiting to become orders, in upload order. */
export async function queuedRows(tx: Tx, batchId: string, limit: number) {
  return tx
    .selectFrom('batch_rows')
    .select(['position', 'prepared'])
    .where('batch_id', '=', batchId)
    .where('status', '=', 'queued')
    .orderBy('position')
    .limit(limit)
    .execute();
}

/**
 * Rows made orders (each with its order's id) and rows the balance could not cover, counted on
 * the batch in the same statement (decision 095): only rows still queued change, and only those count.
 */
export async function settleRows(
  tx: Tx,
  batchId: string,
  ordered: { position: number; orderId: string }[],
  notFunded: number[],
): Promise<void> {
  await sql`
    WITH o AS (
      UPDATE batch_rows r SET status = 'ordered', order_id = t.order_id
      FROM unnest(${ordered.map((o) => o.position)}::int[], ${ordered.map((o) => o.orderId)}::uuid[]) AS t (position, order_id)
      WHERE r.batch_id = ${batchId}::uuid AND r.position = t.position AND r.status = 'queued'
      RETURNING 1
    ), f AS (
      UPDATE batch_rows SET status = 'insufficient_funds'
      WHERE batch_id = ${batchId}::uuid AND position = ANY(${notFunded}::int[]) AND status = 'queued'
      RETURNING 1
    )
    UPDATE batches SET ordered_count = ordered_count + (SELECT count(*) FROM o),
      insufficient_count = insufficient_count + (SELECT count(*) FROM f)
    WHERE id = ${batchId}::uuid
  `.execute(tx);
}

/** Every row still queued becomes `rejected` (the batch was rejected), counted on the batch. */
export async function rejectQueuedRows(tx: Tx, batchId: string): Promise<void> {
  await sql`
    WITH r AS (
      UPDATE batch_rows SET status = 'rejected' WHERE batch_id = ${batchId}::uuid AND status = 'queued' RETURNING 1
    )
    UPDATE batches SET rejected_count = rejected_count + (SELECT count(*) FROM r) WHERE id = ${batchId}::uuid
  `.execute(tx);
}
