import { z } from 'zod';
import { safeText } from './primitives';

/**
 * Sandbox and live (issue 17, decision 045). An organisation starts in sandbox mode: play money,
 * cards from the sandbox provider. Its owner asks to go live; a platform operator approves. Going
 * live closes the sandbox balance (kept as history) and opens a live one at zero, and revokes the
 * organisation's `gr_test_` keys.
 */
export const LIVE_VOLUMES = ['under_1k', '1k_10k', '10k_100k', 'over_100k'] as const;
export const LIVE_VOLUME_LABELS: Readonly<Record<(typeof LIVE_VOLUMES)[number], string>> = {
  under_1k: 'Under $1,000 a month',
  '1k_10k': '$1,000 – $10,000 a month',
  '10k_100k': '$10,000 – $100,000 a month',
  over_100k: 'Over $100,000 a month',
};

export const LiveRequestStatusSchema = z.enum(['pending', 'approved', 'rejected', 'withdrawn']);
export type LiveRequestStatus = z.infer<typeof LiveRequestStatusSchema>;

export const LiveRequestSchema = z.object({
  id: z.uuid(),
  status: LiveRequestStatusSchema,
  company_name: z.string(),
  website: z.string(),
  use_case: z.string(),
  expected_monthly_volume: z.enum(LIVE_VOLUMES),
  requested_by_email: z.string().nullable(),
  created_at: z.string(),
  decided_at: z.string().nullable(),
  /** The operator's note: why a request was refused, or anything said on approval. */
  decision_note: z.string().nullable(),
});
export type LiveRequest = z.infer<typeof LiveRequestSchema>;

export const LiveStatusSchema = z.object({
  success: z.literal(true),
  mode: z.enum(['sandbox', 'live']),
  live_since: z.string().nullable(),
  /** Whether this instance has a real gift-card provider; without one nobody can go live. */
  live_available: z.boolean(),
  /** The latest request, whatever its status; null when none was ever made. */
  request: LiveRequestSchema.nullable(),
});
export type LiveStatus = z.infer<typeof LiveStatusSchema>;

const WEBSITE = /^https?:\/\/[^\s/$.?#][^\s]*\.[^\s]+$/i;

export const CreateLiveRequestBodySchema = z
  .object({
    company_name: safeText({
      max: 200,
      min: 2,
      required: 'company_name must be the legal name of the company',
      tooShort: 'company_name must be at least 2 characters',
    }),
    website: safeText({ max: 300, required: 'website must be the company’s website address' }).refine(
      (v) => WEBSITE.test(v),
      'website must be a web address such as https://example.com',
    ),
    use_case: safeText({
      max: 2000,
      min: 20,
      multiline: true,
      required: 'use_case must say whom you will send rewards to, and why',
      tooShort: 'use_case must say in at least 20 characters whom you will send rewards to, and why',
    }),
    expected_monthly_volume: z.enum(LIVE_VOLUMES, {
      error: `expected_monthly_volume must be one of ${LIVE_VOLUMES.join(', ')}`,
    }),
  })
  .strict();
export type CreateLiveRequestBody = z.infer<typeof CreateLiveRequestBodySchema>;

/** A request in the operators' queue, with what they need to decide. */
export const OperatorLiveRequestSchema = LiveRequestSchema.extend({
  organisation_id: z.uuid(),
  organisation_name: z.string(),
  organisation_created_at: z.string(),
  /** Orders the organisation sent in sandbox mode, a sign of an integration tried out. */
  sandbox_orders: z.number().int(),
});
export type OperatorLiveRequest = z.infer<typeof OperatorLiveRequestSchema>;

export const OperatorLiveRequestsQuerySchema = z.object({ status: LiveRequestStatusSchema.optional() }).strict();

export const OperatorLiveRequestsResponseSchema = z.object({
  success: z.literal(true),
  data: z.array(OperatorLiveRequestSchema),
});

export const LiveRequestParamsSchema = z.object({ id: z.uuid('id must be a request id') });

export const DecideLiveRequestBodySchema = z
  .object({
    note: safeText({ max: 1000, multiline: true }).optional(),
  })
  .strict();

export const RejectLiveRequestBodySchema = z
  .object({
    note: safeText({
      max: 1000,
      min: 5,
      multiline: true,
      required: 'note must tell the owner why the request was refused',
      tooShort: 'note must tell the owner, in at least 5 characters, why the request was refused',
    }),
  })
  .strict();

export const OperatorLiveRequestResponseSchema = z.object({
  success: z.literal(true),
  request: OperatorLiveRequestSchema,
});
