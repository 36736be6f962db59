import { formatMoney } from '@giftrelay/money';
import { z } from 'zod';
import { DECISION_NOTE_MAX, OrderSummarySchema } from './orders';
import { safeText } from './primitives';

/**
 * Approval rules (issue 15, decision 035): which orders placed by senders wait for an owner or
 * admin. Every rule is off until set; amounts are USD minor units (2500 is 25.00 USD), compared
 * with an order's charged total converted to USD when it is placed. Owners', admins' and API
 * keys' orders never wait.
 */

/** The largest amount a rule takes, in minor units (migration 0080's bound). */
export const APPROVAL_AMOUNT_MAX_MINOR = 100_000_000_000;

const amountRule = (field: string) => {
  const message = `${field} must be a whole number of USD minor units from 0 to ${APPROVAL_AMOUNT_MAX_MINOR}, or null`;
  return z.number({ error: message }).int(message).min(0, message).max(APPROVAL_AMOUNT_MAX_MINOR, message).nullable();
};

export const ApprovalRulesBodySchema = z
  .object({
    /** A sender's order whose total is above this needs approval; null: no such rule. */
    above_usd_minor: amountRule('above_usd_minor'),
    /** Every order a sender places needs approval. */
    every_sender_order: z.boolean({ error: 'every_sender_order must be true or false' }),
    /**
     * A sender's order that takes their orders this calendar month (UTC, failed and rejected
     * ones aside) above this needs approval; null: no cap.
     */
    monthly_cap_usd_minor: amountRule('monthly_cap_usd_minor'),
  })
  .partial()
  .strict();
export type ApprovalRulesBody = z.infer<typeof ApprovalRulesBodySchema>;

export const ApprovalRulesSchema = z.object({
  success: z.literal(true),
  above_usd_minor: z.number().int().nullable(),
  /** The same amount in dollars (two decimals), for people. */
  above_usd: z.number().nullable(),
  every_sender_order: z.boolean(),
  monthly_cap_usd_minor: z.number().int().nullable(),
  monthly_cap_usd: z.number().nullable(),
  /**
   * The caller's side (issue 35), so the send dialog can say before sending that an order will
   * wait and why: whether the rules apply to the caller's orders (a sender's), and what the
   * caller's orders of this UTC month count towards the monthly cap, in USD minor units.
   */
  yours: z.object({
    rules_apply: z.boolean(),
    month_usd_minor: z.number().int(),
  }),
});
export type ApprovalRules = z.infer<typeof ApprovalRulesSchema>;

const note = (required: boolean) =>
  safeText({
    min: required ? 1 : undefined,
    max: DECISION_NOTE_MAX,
    multiline: true,
    required: 'note is required: tell the sender why',
    tooShort: 'note is required: tell the sender why',
    tooLong: `note must be at most ${DECISION_NOTE_MAX} characters`,
  });

/** POST /api/v1/orders/{id}/approve: an optional note to the sender. */
export const ApproveOrderBodySchema = z.object({ note: note(false).optional() }).strict();
export type ApproveOrderBody = z.infer<typeof ApproveOrderBodySchema>;

/** POST /api/v1/orders/{id}/reject: the note is required. */
export const RejectOrderBodySchema = z.object({ note: note(true) }).strict();
export type RejectOrderBody = z.infer<typeof RejectOrderBodySchema>;

export const OrderDecisionResponseSchema = OrderSummarySchema.extend({ success: z.literal(true) });

/** Why an order of `totalUsdMinor` by the caller would wait for approval, or null when it would not. */
export function approvalReason(rules: ApprovalRules, totalUsdMinor: number): string | null {
  if (!rules.yours.rules_apply) return null;
  const usd = (minor: number) => formatMoney(minor, 'USD');
  if (rules.every_sender_order) return 'Every order a sender places waits for an owner or admin to approve it.';
  if (rules.above_usd_minor !== null && totalUsdMinor > rules.above_usd_minor) {
    return `Orders above ${usd(rules.above_usd_minor)} USD wait for an owner or admin to approve them.`;
  }
  if (
    rules.monthly_cap_usd_minor !== null &&
    rules.yours.month_usd_minor + totalUsdMinor > rules.monthly_cap_usd_minor
  ) {
    return `It takes your orders this month past the ${usd(rules.monthly_cap_usd_minor)} USD monthly cap (${usd(rules.yours.month_usd_minor)} so far).`;
  }
  return null;
}
