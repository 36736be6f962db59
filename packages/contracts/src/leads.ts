import { z } from 'zod';
import { safeText } from './primitives';

/** What a visitor can ask about on the contact form; the topic routes the message internally. */
export const LEAD_TOPICS = ['sales', 'support', 'partnership', 'other'] as const;
export const LeadTopicSchema = z.enum(LEAD_TOPICS, { error: 'Choose one of: sales, support, partnership, other' });
export type LeadTopic = z.infer<typeof LeadTopicSchema>;

export const PLAN_IDS = ['starter', 'growth', 'enterprise'] as const;
export const PlanIdSchema = z.enum(PLAN_IDS, { error: 'Choose one of: starter, growth, enterprise' });
export type PlanId = z.infer<typeof PlanIdSchema>;
/** The plans' names, as the pricing page and /billing show them. */
export const PLAN_NAMES: Record<PlanId, string> = { starter: 'Starter', growth: 'Growth', enterprise: 'Enterprise' };

export const LEAD_LIMITS = { name: 120, email: 255, company: 200, messageMin: 10, message: 5000 } as const;

/** The contact form's message: who is writing, about what, and what they want to say. */
export const CreateLeadSchema = z.object({
  name: safeText({
    min: 1,
    max: LEAD_LIMITS.name,
    required: 'Please enter your name',
    tooShort: 'Please enter your name',
    tooLong: `Name must be at most ${LEAD_LIMITS.name} characters`,
  }),
  email: z
    .string({ error: 'Invalid email address' })
    .trim()
    .max(LEAD_LIMITS.email, `Email must be at most ${LEAD_LIMITS.email} characters`)
    .pipe(z.email('Invalid email address')),
  company: safeText({
    max: LEAD_LIMITS.company,
    tooLong: `Company must be at most ${LEAD_LIMITS.company} characters`,
  }).optional(),
  topic: LeadTopicSchema,
  plan: PlanIdSchema.optional(),
  message: safeText({
    min: LEAD_LIMITS.messageMin,
    max: LEAD_LIMITS.message,
    multiline: true,
    required: 'Please write a message',
    tooShort: `Please tell us a little more (at least ${LEAD_LIMITS.messageMin} characters)`,
    tooLong: `Message must be at most ${LEAD_LIMITS.message} characters`,
  }),
});
export type CreateLead = z.infer<typeof CreateLeadSchema>;

export const CreateLeadResponseSchema = z.object({
  success: z.literal(true),
  lead_id: z.uuid(),
});
export type CreateLeadResponse = z.infer<typeof CreateLeadResponseSchema>;
