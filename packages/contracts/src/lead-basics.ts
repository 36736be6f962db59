/**
 * The contact form's constants without zod (decision 052): the form renders from these, and
 * loads the schema (leads.ts) only to check what was typed.
 */
export const LEAD_TOPICS = ['sales', 'support', 'partnership', 'other'] as const;
export type LeadTopic = (typeof LEAD_TOPICS)[number];

export const PLAN_IDS = ['starter', 'growth', 'enterprise'] as const;
export type PlanId = (typeof PLAN_IDS)[number];

export const LEAD_LIMITS = { name: 120, email: 255, company: 200, messageMin: 10, message: 5000 } as const;
