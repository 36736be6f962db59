import type { OrderDetail, OrderSms, OrderSummary } from '@giftrelay/contracts';
import { toMajor } from '@giftrelay/money';
import { presentOrderChoice } from './choice';
import type { OrderEventRow, OrderRow, RewardRow } from './repository';

/** An order as the API shows it: major units and integer minor units side by side, ISO times. */
export function presentOrder(o: OrderRow): OrderSummary {
  const face = (minor: string) => toMajor(Number(minor), o.currency);
  const charged = (minor: string) => toMajor(Number(minor), o.charge_currency);
  const releasedMinor = releasedMinorOf(o);
  return {
    order_id: o.id,
    status: o.status,
    delivery_method: o.delivery_method === 'sms' ? 'sms' : 'email',
    product_code: o.product_code,
    product_name: o.product_name,
    brand: o.brand,
    currency: o.currency,
    amount: face(o.amount_minor),
    quantity: o.quantity,
    subtotal: face(o.subtotal_minor),
    fee: face(o.fee_minor),
    total: face(o.total_minor),
    amount_minor: Number(o.amount_minor),
    subtotal_minor: Number(o.subtotal_minor),
    fee_minor: Number(o.fee_minor),
    total_minor: Number(o.total_minor),
    charged: {
      currency: o.charge_currency,
      rate: trimRate(o.fx_rate),
      subtotal: charged(o.charged_subtotal_minor),
      fee: charged(o.charged_fee_minor),
      total: charged(o.charged_total_minor),
      subtotal_minor: Number(o.charged_subtotal_minor),
      fee_minor: Number(o.charged_fee_minor),
      total_minor: Number(o.charged_total_minor),
      released: charged(String(releasedMinor)),
      released_minor: releasedMinor,
    },
    recipient_email: o.recipient_email,
    recipient_phone: o.recipient_phone,
    recipient_name: o.recipient_name,
    created_at: o.created_at.toISOString(),
    completed_at: o.completed_at?.toISOString() ?? null,
    failed_at: o.failed_at?.toISOString() ?? null,
    failure_reason: o.failure_reason,
    ...(o.source_kind && o.source_id
      ? { source: { kind: 'mcp' as const, via: o.source_kind, id: o.source_id, client_name: o.source_client_name } }
      : {}),
    created_by: o.created_by,
    approval: o.approval_expires_at
      ? {
          expires_at: o.approval_expires_at.toISOString(),
          decided_at: o.decided_at?.toISOString() ?? null,
          decided_by: o.decided_by,
          note: o.decision_note,
        }
      : null,
    send_at: o.send_at?.toISOString() ?? null,
    expires_at: o.expires_at?.toISOString() ?? null,
    expiry: o.expired_at
      ? { expired_at: o.expired_at.toISOString(), refunded_count: o.expiry_refunded_count, note: o.expiry_note }
      : null,
    sandbox: o.sandbox,
    choice: presentOrderChoice(o),
    issued_count: o.issued_count,
    failed_count: o.failed_count,
    voided_count: o.voided_count,
  };
}

/**
 * What went back to the balance (decision 058): a partly delivered order's failed rewards' share,
 * and the whole hold of an order that failed, was rejected, cancelled or blocked in review.
 */
export function releasedMinorOf(
  o: Pick<OrderRow, 'status' | 'charged_total_minor' | 'released_subtotal_minor' | 'released_fee_minor'>,
): number {
  if (o.status === 'failed' || o.status === 'rejected' || o.status === 'cancelled' || o.status === 'blocked')
    return Number(o.charged_total_minor);
  return Number(o.released_subtotal_minor) + Number(o.released_fee_minor);
}

export function presentOrderDetail(
  o: OrderRow,
  rewards: RewardRow[],
  events: OrderEventRow[],
  sms: OrderSms | null = null,
): OrderDetail {
  return {
    ...presentOrder(o),
    message: o.message,
    sms,
    rewards: rewards.map((r) => ({
      id: r.id,
      // A refunded void is the reward's outcome (decision 076): its code is gone, its money back.
      status: r.void_state === 'refunded' ? 'voided' : r.status,
      code_masked: r.code_last4 ? `•••• ${r.code_last4}` : null,
      issued_at: r.issued_at?.toISOString() ?? null,
      claim: { first_opened_at: r.claim_first_opened_at?.toISOString() ?? null, open_count: r.claim_open_count },
      void:
        r.void_state && r.voided_at
          ? {
              state: r.void_state,
              voided_at: r.voided_at.toISOString(),
              note: r.void_reason,
              provider_note: r.void_note,
            }
          : null,
      chosen_product_code: r.chosen_product_code,
    })),
    history: events.map((e) => ({ type: e.type, at: e.created_at.toISOString(), detail: historyDetail(e) })),
  };
}

// Events carry the whole order for webhooks; the history shows only what a person needs.
function historyDetail(e: OrderEventRow): Record<string, unknown> {
  const { order: _order, ...rest } = e.payload as Record<string, unknown>;
  return rest;
}

/** "1.2700000000" → "1.27", "150.0000000000" → "150", "10" stays "10". */
function trimRate(rate: string): string {
  return rate.includes('.') ? rate.replace(/0+$/, '').replace(/\.$/, '') : rate;
}
