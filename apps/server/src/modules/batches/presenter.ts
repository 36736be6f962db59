import {
  type Batch,
  type BatchCounts,
  type BatchRow,
  type BatchRowError,
  batchLine,
  type OrderStatus,
} from '@giftrelay/contracts';
import { toMajor } from '@giftrelay/money';
import type { BatchRecord, RowWithOrder } from './repository';

export function presentBatch(b: BatchRecord, counts: BatchCounts): Batch {
  const total = Number(b.total_minor);
  return {
    batch_id: b.id,
    name: b.name,
    status: b.status,
    mode: b.mode,
    counts,
    charged: { currency: b.charge_currency, total: toMajor(total, b.charge_currency), total_minor: total },
    created_at: b.created_at.toISOString(),
    accepted_at: b.accepted_at?.toISOString() ?? null,
    completed_at: b.completed_at?.toISOString() ?? null,
    created_by: b.created_by,
    approval: b.approval_expires_at
      ? {
          expires_at: b.approval_expires_at.toISOString(),
          decided_at: b.decided_at?.toISOString() ?? null,
          decided_by: b.decided_by,
          note: b.decision_note,
        }
      : null,
  };
}

/** A product's name and currency, by code: what a row without an order (invalid, not sent) names. */
export type ProductNames = ReadonlyMap<string, { name: string; currency: string }>;

export function presentRow(r: RowWithOrder, currency: string, products: ProductNames = new Map()): BatchRow {
  const charged = r.charged_total_minor === null ? null : Number(r.charged_total_minor);
  const input = r.input as Record<string, string | null>;
  const cell = (k: string) => input[k] ?? null;
  // A valid row's prepared order names its product as it was when checked; others look it up.
  const prepared = r.prepared as { product_name?: string; currency?: string } | null;
  const product = prepared?.product_name
    ? { name: prepared.product_name, currency: prepared.currency ?? null }
    : products.get(cell('product_code') ?? '');
  return {
    row: r.position,
    line: batchLine(r.position),
    status: r.status,
    input: {
      email: cell('email'),
      amount: cell('amount'),
      product_code: cell('product_code'),
      quantity: cell('quantity'),
      recipient_name: cell('recipient_name'),
      message: cell('message'),
      send_at: cell('send_at'),
    },
    errors: (r.errors ?? []) as BatchRowError[],
    product_name: product?.name ?? null,
    currency: product?.currency ?? null,
    charged_total: charged === null ? null : toMajor(charged, currency),
    charged_total_minor: charged,
    order_id: r.order_id,
    order_status: (r.order_status as OrderStatus | null) ?? null,
    failure_reason: r.failure_reason,
  };
}
