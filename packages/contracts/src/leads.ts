import { z } from 'zod';
import { LEAD_LIMITS, LEAD_TOPICS, type LeadTopic, PLAN_IDS, type PlanId } from './lead-basics';
import { listEnvelope, pageQueryFields } from './lists';
import { safeText } from './primitives';

export { LEAD_LIMITS, LEAD_TOPICS, type LeadTopic, PLAN_IDS, type PlanId };

/** What a visitor can ask about on the contact form; the topic routes the message internally. */
export const LeadTopicSchema = z.enum(LEAD_TOPICS, { error: 'Choose one of: sales, support, partnership, other' });

export const PlanIdSchema = z.enum(PLAN_IDS, { error: 'Choose one of: starter, growth, enterprise' });
/** The plans' names, as the pricing page and /billing show them. */
export const PLAN_NAMES: Record<PlanId, string> = { starter: 'Starter', growth: 'Growth', enterprise: 'Enterprise' };

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

/**
 * The marketing studio's leads (issue 14, decision 048): the contact form's messages and the
 * emails left on landing pages (`/lp/{slug}`), in one inbox for GiftRelay's operators.
 */
export const LEAD_SOURCES = ['contact_form', 'landing_page'] as const;
export const LeadSourceSchema = z.enum(LEAD_SOURCES, { error: 'Choose one of: contact_form, landing_page' });
export type LeadSource = z.infer<typeof LeadSourceSchema>;

/** A landing page's address: lower-case words of letters and digits joined by single hyphens. */
export const LANDING_PAGE_SLUG_PATTERN = /^[a-z0-9]+(-[a-z0-9]+)*$/;
export const LANDING_PAGE_SLUG_MAX = 100;
const SLUG_MESSAGE = 'must be a landing page slug: lower-case letters, digits and single hyphens';

export const LandingPageSlugSchema = z
  .string({ error: SLUG_MESSAGE })
  .max(LANDING_PAGE_SLUG_MAX, `must be at most ${LANDING_PAGE_SLUG_MAX} characters`)
  .regex(LANDING_PAGE_SLUG_PATTERN, SLUG_MESSAGE);

/** The campaign a landing page's leads are filed under. */
export const landingPageCampaign = (slug: string) => `landing_page_${slug}`;

export const LEAD_CAMPAIGN_LIMITS = { utmCampaign: 200, primaryKeyword: 200, campaign: 200, q: 200 } as const;

const leadEmail = z
  .string({ error: 'Invalid email address' })
  .trim()
  .max(LEAD_LIMITS.email, `Email must be at most ${LEAD_LIMITS.email} characters`)
  .pipe(z.email('Invalid email address'));

/** `POST /api/v1/leads/landing-page`: the lead form of a landing page. */
export const CreateLandingPageLeadSchema = z.object({
  email: leadEmail.transform((v) => v.toLowerCase()),
  slug: LandingPageSlugSchema,
  utm_campaign: safeText({ max: LEAD_CAMPAIGN_LIMITS.utmCampaign }).optional(),
  primary_keyword: safeText({ max: LEAD_CAMPAIGN_LIMITS.primaryKeyword }).optional(),
});
export type CreateLandingPageLead = z.infer<typeof CreateLandingPageLeadSchema>;

const leadFilterFields = {
  source: LeadSourceSchema.optional(),
  campaign: safeText({ min: 1, max: LEAD_CAMPAIGN_LIMITS.campaign }).optional(),
  q: safeText({ min: 1, max: LEAD_CAMPAIGN_LIMITS.q }).optional(),
};

/** `GET /api/v1/operator/leads`: newest first; `q` matches the address, name or company. */
export const ListLeadsQuerySchema = z.object({ ...leadFilterFields, ...pageQueryFields });
export type ListLeadsQuery = z.infer<typeof ListLeadsQuerySchema>;

/** `GET /api/v1/operator/leads/export`: the same filters, every match. */
export const LeadsExportQuerySchema = z.object(leadFilterFields);
export type LeadsFilter = z.infer<typeof LeadsExportQuerySchema>;

export const LeadSchema = z.object({
  id: z.uuid(),
  source: LeadSourceSchema,
  email: z.string(),
  name: z.string().nullable(),
  company: z.string().nullable(),
  topic: LeadTopicSchema.nullable(),
  plan: PlanIdSchema.nullable(),
  message: z.string().nullable(),
  campaign: z.string().nullable(),
  slug: z.string().nullable(),
  utm_campaign: z.string().nullable(),
  primary_keyword: z.string().nullable(),
  submissions: z.number().int().meta({ description: 'How often it was sent: repeats within a day are merged' }),
  created_at: z.string().meta({ description: 'First received (ISO 8601, UTC)' }),
  last_submitted_at: z.string().meta({ description: 'Last received (ISO 8601, UTC)' }),
});
export type Lead = z.infer<typeof LeadSchema>;

export const ListLeadsResponseSchema = listEnvelope(LeadSchema);
export type ListLeadsResponse = z.infer<typeof ListLeadsResponseSchema>;

export const ListLeadCampaignsResponseSchema = z.object({
  success: z.literal(true),
  data: z.array(z.object({ campaign: z.string(), leads: z.number().int() })),
});
export type ListLeadCampaignsResponse = z.infer<typeof ListLeadCampaignsResponseSchema>;

export const LEAD_EXPORT_COLUMNS = [
  'id',
  'created_at',
  'last_submitted_at',
  'submissions',
  'source',
  'email',
  'name',
  'company',
  'topic',
  'plan',
  'campaign',
  'slug',
  'utm_campaign',
  'primary_keyword',
  'message',
] as const;
