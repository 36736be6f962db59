import {
  BATCH_EXPORT_COLUMNS,
  type Batch,
  type BatchRow,
  type BatchRowStatus,
  type BatchStatus,
} from '@giftrelay/contracts';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { CSV_BOM, csvRow } from '../../lib/csv';
import { createdAtListing, type Listing, paginate } from '../../lib/cursor';
import { notFound } from '../../lib/errors';
import { cachedProduct } from '../orders';
import { type ProductNames, presentBatch, presentRow } from './presenter';
import * as repo from './repository';

export async function getBatch(app: FastifyInstance, organisationId: string, batchId: string): Promise<Batch> {
  const batch = await repo.findBatch(app.db, organisationId, batchId);
  if (!batch) throw notFound('Batch');
  return presentBatch(batch, await repo.countRows(app.db, batchId));
}

const BATCHES = createdAtListing('batches');

export async function listBatches(
  app: FastifyInstance,
  organisationId: string,
  q: { limit: number; cursor?: string; status?: BatchStatus },
): Promise<{ batches: Batch[]; next_cursor: string | null }> {
  const { page, nextCursor } = await paginate(app.cursors, BATCHES, q, ({ after, limit }) =>
    repo.listBatches(app.db, organisationId, { status: q.status, limit, after }),
  );
  const batches = await Promise.all(page.map(async (b) => presentBatch(b, await repo.countRows(app.db, b.id))));
  return { batches, next_cursor: nextCursor };
}

const RowPosition = z.tuple([z.number().int().min(0)]).transform(([position]) => position);
// The listing names its batch, so a cursor from one batch's rows is refused on another's.
const rowsListing = (batchId: string): Listing<{ position: number }, number> => ({
  name: `batch_rows:${batchId}`,
  position: RowPosition,
  next: (last) => [last.position],
});

export async function listBatchRows(
  app: FastifyInstance,
  organisationId: string,
  batchId: string,
  q: { limit: number; cursor?: string; status?: BatchRowStatus },
): Promise<{ rows: BatchRow[]; next_cursor: string | null }> {
  const batch = await repo.findBatch(app.db, organisationId, batchId);
  if (!batch) throw notFound('Batch');
  const { page, nextCursor } = await paginate(app.cursors, rowsListing(batchId), q, ({ after, limit }) =>
    repo.listRows(app.db, batchId, { afterPosition: after, status: q.status, limit }),
  );
  const products = await productNames(app, page);
  return { rows: page.map((r) => presentRow(r, batch.charge_currency, products)), next_cursor: nextCursor };
}

/**
 * The names of the products that rows without a prepared order name (an invalid row's known
 * code): a page holds few distinct codes, each read from the catalogue cache once.
 */
async function productNames(app: FastifyInstance, rows: readonly repo.RowWithOrder[]): Promise<ProductNames> {
  const codes = new Set<string>();
  for (const r of rows) {
    const code = (r.input as Record<string, string | null>).product_code;
    if (!r.prepared && code && code.length <= 100) codes.add(code);
  }
  const names = new Map<string, { name: string; currency: string }>();
  await Promise.all(
    [...codes].map(async (code) => {
      const product = await cachedProduct(app, code);
      if (product) names.set(code, { name: product.name, currency: product.currency });
    }),
  );
  return names;
}

const EXPORT_ROWS = 2000;

/** Every row of the batch with what became of it, as CSV, read in pages so memory stays flat. */
export async function* exportBatchRows(
  app: FastifyInstance,
  organisationId: string,
  batchId: string,
): AsyncGenerator<string> {
  const batch = await repo.findBatch(app.db, organisationId, batchId);
  if (!batch) throw notFound('Batch');
  yield CSV_BOM + csvRow(BATCH_EXPORT_COLUMNS);
  let afterPosition = 0;
  for (;;) {
    const rows = await repo.listRows(app.db, batchId, { afterPosition, limit: EXPORT_ROWS });
    let chunk = '';
    const products = await productNames(app, rows);
    for (const r of rows) {
      const row = presentRow(r, batch.charge_currency, products);
      chunk += csvRow([
        row.line,
        row.status,
        row.input.email,
        row.input.amount,
        row.input.product_code,
        row.product_name,
        row.input.quantity,
        row.input.recipient_name,
        row.input.send_at,
        row.order_id,
        row.order_status,
        row.charged_total,
        row.errors.map((e) => `${e.field}: ${e.message}`).join('; ') || null,
        row.failure_reason,
      ]);
    }
    if (chunk) yield chunk;
    const last = rows.at(-1);
    if (rows.length < EXPORT_ROWS || !last) return;
    afterPosition = last.position;
  }
}
