import { randomUUID } from 'node:crypto';
import type { CreateOrderResponse, EventData, OrderSummary, RiskMatch, RiskReview } from '@giftrelay/contracts';
import { AppError } from '../../lib/errors';
import { riskOrderInputs } from './risk-inputs';

/**
 * What the order statement needs to hold an order for review (decision 083): the in-memory inputs
 * of `risk_order_matches`, the review's id, `reward.held`'s payload (the statement fills in the
 * rules matched and the scope) and the 201 answer of an order held.
 */
export function riskForOrder(
  order: {
    id: string;
    organisation_id: string;
    recipient_email: string | null;
    amount_minor: string;
    currency: string;
  },
  summary: OrderSummary,
) {
  const reviewId = randomUUID();
  const held: OrderSummary = { ...summary, status: 'pending_review' };
  const review: RiskReview = {
    id: reviewId,
    status: 'pending',
    stage: 'order',
    scope: 'organisation',
    organisation_id: order.organisation_id,
    order_id: order.id,
    reward_id: null,
    recipient_email: summary.recipient_email,
    recipient_phone: summary.recipient_phone ?? null,
    brand: summary.brand,
    product_name: summary.product_name,
    amount: summary.subtotal,
    amount_minor: summary.subtotal_minor,
    currency: summary.currency,
    held: summary.charged.total,
    held_minor: summary.charged.total_minor,
    charge_currency: summary.charged.currency,
    matched: [],
    claim: null,
    created_at: summary.created_at,
    decided_at: null,
    decided_by_email: null,
    note: null,
    refund: null,
    sandbox: summary.sandbox,
  };
  return {
    risk: {
      ...riskOrderInputs({ ...order, sandbox: summary.sandbox }),
      reviewId,
      heldPayload: JSON.stringify({ review, order: held } satisfies EventData<'reward.held'>),
    },
    textReview: JSON.stringify({ success: true, ...held } satisfies CreateOrderResponse),
  };
}

/** The refusal of an order a `block` rule matched: 422 RISK_BLOCKED, with the rules' reasons. */
export function riskBlocked(risk: { matched: unknown[] } | null): AppError {
  const reasons = ((risk?.matched ?? []) as RiskMatch[]).filter((m) => m.action === 'block').map((m) => m.reason);
  return new AppError(
    'RISK_BLOCKED',
    `This order was refused by a risk rule${reasons.length ? `: ${reasons.join('; ')}` : ''}. Nothing was held`,
  );
}
