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
 * Every count of a batch in one pass over its rows and their orders: the rows by what became of
 * them, and the ordered rows by their order's status.
 */
export async function countRows(tx: Tx, batchId: string): Promise<BatchCounts> {
  const rows = await sql<{ status: BatchRowStatus; order_status: string | null; n: string }>`
    SELECT r.status, o.status AS order_status, count(*) AS n
    FROM batch_rows r LEFT JOIN orders o ON o.id = r.order_id
    WHERE r.batch_id = ${batchId}::uuid
    GROUP BY r.status, o.status
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
  for (const r of rows.rows) {
    const n = Number(r.n);
    counts.rows += n;
    counts[r.status] += n;
    if (r.status !== 'invalid') counts.valid += n;
    if (r.status !== 'ordered') continue;
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

/** Rows made orders (each with its order's id) and rows the balance could not cover. */
export async function settleRows(
  tx: Tx,
  batchId: string,
  ordered: { position: number; orderId: string }[],
  notFunded: number[],
): Promise<void> {
  if (ordered.length) {
    await sql`
      UPDATE batch_rows r SET status = 'ordered', order_id = t.order_id
      FROM unnest(${ordered.map((o) => o.position)}::int[], ${ordered.map((o) => o.orderId)}::uuid[]) AS t (position, order_id)
      WHERE r.batch_id = ${batchId}::uuid AND r.position = t.position AND r.status = 'queued'
    `.execute(tx);
  }
  if (notFunded.length) {
    await sql`
      UPDATE batch_rows SET status = 'insufficient_funds'
      WHERE batch_id = ${batchId}::uuid AND position = ANY(${notFunded}::int[]) AND status = 'queued'
    `.execute(tx);
  }
}

/** Every row still queued becomes `rejected` (the batch was rejected). */
export async function rejectQueuedRows(tx: Tx, batchId: string): Promise<void> {
  await tx
    .updateTable('batch_rows')
    .set({ status: 'rejected' })
    .where('batch_id', '=', batchId)
    .where('status', '=', 'queued')
    .execute();
}
