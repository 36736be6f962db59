import { z } from 'zod';

/**
 * Monthly budgets (issue 37, decision 084): a member's (what they send themselves) or an API key's
 * (everything the key places), in integer minor units of the organisation's billing currency,
 * per UTC month. An order or batch past what is left is refused 422 `BUDGET_EXCEEDED`.
 */
export const BUDGET_MAX_MINOR = 100_000_000_000;

export const SetBudgetBodySchema = z
  .object({
    monthly_minor: z
      .number({ error: 'monthly_minor must be a whole number of minor units' })
      .int('monthly_minor must be a whole number of minor units')
      .min(0, 'monthly_minor must be 0 or more')
      .max(BUDGET_MAX_MINOR, 'monthly_minor is too large'),
  })
  .strict();
export type SetBudgetBody = z.infer<typeof SetBudgetBodySchema>;

export const BudgetSchema = z
  .object({
    monthly_minor: z.number().int(),
    monthly: z.number(),
    currency: z.string(),
    /** Spent this UTC month: orders' charged totals less what went back (voided, expired, not issued), and batches being accepted. */
    spent_minor: z.number().int(),
    spent: z.number(),
    /** What is left this month (never below zero). */
    left_minor: z.number().int(),
    left: z.number(),
    /** When the month (and so the budget) starts again (UTC). */
    resets_at: z.string(),
  })
  .meta({ description: 'A monthly budget and where it stands this UTC month' });
export type Budget = z.infer<typeof BudgetSchema>;

export const BudgetResponseSchema = z.object({ success: z.literal(true), budget: BudgetSchema.nullable() });
export type BudgetResponse = z.infer<typeof BudgetResponseSchema>;
