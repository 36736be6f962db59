import { z } from 'zod';
import { safeText } from './primitives';

/**
 * Analytics events from the published landing pages (issue 14, decision 049): a visitor's page
 * view, a click on one of the page's calls to action, a lead form sent. Public and anonymous:
 * a session is a random UUID the browser keeps in session storage under ANALYTICS_SESSION_KEY.
 */

export { ANALYTICS_SESSION_KEY } from './analytics-session';

export const ANALYTICS_EVENT_TYPES = ['page_view', 'cta_click', 'lead_submitted'] as const;
export const AnalyticsEventTypeSchema = z.enum(ANALYTICS_EVENT_TYPES);
export type AnalyticsEventType = z.infer<typeof AnalyticsEventTypeSchema>;

/**
 * The landing page's calls to action: the hero's primary button (labelled by the offer type),
 * its second button (Book a Demo), and the HR, Marketing and Finance use-case tabs.
 */
export const CTA_TYPES = ['primary', 'secondary', 'use_case_hr', 'use_case_marketing', 'use_case_finance'] as const;
export const CtaTypeSchema = z.enum(CTA_TYPES, { error: `cta_type must be one of: ${CTA_TYPES.join(', ')}` });
export type CtaType = z.infer<typeof CtaTypeSchema>;
export const CTA_TYPE_LABELS: Record<CtaType, string> = {
  primary: 'Primary',
  secondary: 'Book a Demo',
  use_case_hr: 'HR use case',
  use_case_marketing: 'Marketing use case',
  use_case_finance: 'Finance use case',
};

export const ANALYTICS_LIMITS = {
  /** Events in one POST: the web client sends at most 10 at a time. */
  batch: 50,
  slug: 100,
  utmCampaign: 100,
  primaryKeyword: 200,
  email: 255,
  /** How far in the past (hours) and the future (minutes) an event's occurred_at may lie. */
  pastHours: 24,
  futureMinutes: 60,
  /** The longest Site analytics range, in days. */
  rangeDays: 366,
} as const;

/** A landing page's slug: lower-case words of letters and digits joined by single hyphens. */
const EVENT_SLUG_PATTERN = /^[a-z0-9]+(-[a-z0-9]+)*$/;

const optionalText = (max: number, name: string) =>
  safeText({ max, tooLong: `${name} must be at most ${max} characters` })
    .nullish()
    .transform((v) => (v ? v : null));

const occurredAt = z.iso
  .datetime({ offset: true, error: 'occurred_at must be an ISO 8601 time with its offset' })
  .refine((value) => {
    const t = Date.parse(value);
    const now = Date.now();
    return t >= now - ANALYTICS_LIMITS.pastHours * 3_600_000 && t <= now + ANALYTICS_LIMITS.futureMinutes * 60_000;
  }, `occurred_at must be within the last ${ANALYTICS_LIMITS.pastHours} hours and at most ${ANALYTICS_LIMITS.futureMinutes} minutes ahead`);

const common = {
  session_id: z.uuid({ error: 'session_id must be a UUID' }),
  slug: z
    .string({ error: 'slug must be a landing page slug' })
    .max(ANALYTICS_LIMITS.slug, `slug must be at most ${ANALYTICS_LIMITS.slug} characters`)
    .regex(EVENT_SLUG_PATTERN, 'slug must be lower-case letters and digits joined by hyphens'),
  utm_campaign: optionalText(ANALYTICS_LIMITS.utmCampaign, 'utm_campaign'),
  primary_keyword: optionalText(ANALYTICS_LIMITS.primaryKeyword, 'primary_keyword'),
  /** When it happened, by the browser's clock; the server's own receipt time is what reports use. */
  occurred_at: occurredAt.optional(),
};

/**
 * One event. `lead_submitted` may carry the address (as the spec's client sends it) but the
 * server never stores it: the lead itself is in `leads` (decision 049).
 */
export const AnalyticsEventSchema = z.discriminatedUnion(
  'type',
  [
    z.object({ type: z.literal('page_view'), ...common }).strict(),
    z.object({ type: z.literal('cta_click'), ...common, cta_type: CtaTypeSchema }).strict(),
    z
      .object({
        type: z.literal('lead_submitted'),
        ...common,
        email: z
          .string()
          .trim()
          .max(ANALYTICS_LIMITS.email, `email must be at most ${ANALYTICS_LIMITS.email} characters`)
          .pipe(z.email('email must be an email address'))
          .optional(),
      })
      .strict(),
  ],
  { error: `type must be one of: ${ANALYTICS_EVENT_TYPES.join(', ')}` },
);
export type AnalyticsEvent = z.input<typeof AnalyticsEventSchema>;
export type ParsedAnalyticsEvent = z.output<typeof AnalyticsEventSchema>;

/** POST /api/v1/analytics/events: 1 to 50 events, all stored or none. */
export const AnalyticsEventBatchSchema = z
  .object({
    events: z
      .array(AnalyticsEventSchema, { error: 'events must be a list of events' })
      .min(1, 'events must hold at least one event')
      .max(ANALYTICS_LIMITS.batch, `events must hold at most ${ANALYTICS_LIMITS.batch} events`),
  })
  .strict()
  // One browser tab's events: its rate limit is counted on the one session.
  .superRefine((batch, ctx) => {
    const first = batch.events[0]?.session_id;
    batch.events.forEach((event, i) => {
      if (event.session_id !== first) {
        ctx.addIssue({
          code: 'custom',
          path: ['events', i, 'session_id'],
          message: 'every event of a batch must have the same session_id',
          input: event.session_id,
        });
      }
    });
  });
export type AnalyticsEventBatch = z.input<typeof AnalyticsEventBatchSchema>;

export const AnalyticsEventsAcceptedSchema = z.object({
  success: z.literal(true),
  accepted: z.number().int(),
});

const isoDay = (name: string) =>
  z
    .string({ error: `${name} must be a date like 2026-01-31` })
    .max(10, `${name} must be a date like 2026-01-31`)
    .regex(/^\d{4}-\d{2}-\d{2}$/, `${name} must be a date like 2026-01-31`)
    .refine((s) => {
      const d = new Date(`${s}T00:00:00Z`);
      return !Number.isNaN(d.getTime()) && d.toISOString().startsWith(s);
    }, `${name} must be a real calendar date`);

/** GET /api/v1/operator/site-analytics?from&to: inclusive UTC days, at most 366 of them. */
export const SiteAnalyticsQuerySchema = z.object({ from: isoDay('from'), to: isoDay('to') });
export type SiteAnalyticsQuery = z.infer<typeof SiteAnalyticsQuerySchema>;

const ClicksByTypeSchema = z.object(
  Object.fromEntries(CTA_TYPES.map((t) => [t, z.number().int()])) as Record<CtaType, z.ZodNumber>,
);

export const SiteFiguresSchema = z.object({
  views: z.number().int(),
  unique_sessions: z.number().int(),
  cta_clicks: z.number().int(),
  clicks_by_type: ClicksByTypeSchema,
  leads: z.number().int(),
  /** leads / unique_sessions in percent, one decimal; 0 with no sessions. */
  conversion_rate: z.number(),
});
export type SiteFigures = z.infer<typeof SiteFiguresSchema>;

export const SiteAnalyticsSchema = z.object({
  success: z.literal(true),
  from: z.string(),
  to: z.string(),
  totals: SiteFiguresSchema,
  /** Per landing page, most views first. */
  by_page: z.array(SiteFiguresSchema.extend({ slug: z.string() })),
  /** Per utm_campaign (null: events without one), most views first. */
  by_campaign: z.array(SiteFiguresSchema.extend({ utm_campaign: z.string().nullable() })),
  /** Views and leads per UTC day of the range, every day present, oldest first. */
  by_day: z.array(z.object({ day: z.string(), views: z.number().int(), leads: z.number().int() })),
});
export type SiteAnalytics = z.infer<typeof SiteAnalyticsSchema>;
