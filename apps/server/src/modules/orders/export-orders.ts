import { ORDER_EXPORT_COLUMNS, type OrderSearchQuery, orderStatusLabel } from '@giftrelay/contracts';
import { toDecimalString } from '@giftrelay/money';
import type { FastifyInstance } from 'fastify';
import { CSV_BOM, type CsvCell, csvRow } from '../../lib/csv';
import { releasedMinorOf } from './presenter';
import * as repo from './repository';
import { sandboxOf } from './repository';
import { latestSms } from './reward-sms';

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
      sandbox: sandboxOf(q.mode),
      search: q.q || undefined,
      status: q.status,
      limit: EXPORT_BATCH,
      after,
    });
    if (rows.length === 0) return;
    // The newest text of the batch's orders that have a number (decision 082).
    const sms = await latestSms(
      app.db,
      rows.filter((o) => o.recipient_phone).map((o) => o.id),
    );
    let chunk = '';
    for (const o of rows) chunk += csvRow([...exportCells(o), o.recipient_phone, sms.get(o.id)?.status ?? null]);
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
    orderStatusLabel(o),
    o.issued_count,
    o.failed_count,
    toDecimalString(releasedMinorOf(o), o.charge_currency),
  ];
}
