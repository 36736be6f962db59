import { z } from 'zod';
import { EventTypeSchema } from './events';
import { listEnvelope, pageQueryFields } from './lists';
import { safeText } from './primitives';

/** Endpoints one organisation may have. */
export const MAX_WEBHOOK_ENDPOINTS = 20;
/** How long a rotated-out secret keeps signing beside the new one. */
export const WEBHOOK_SECRET_OVERLAP_HOURS = 24;
/** An endpoint with no 2xx for this long since its first failure is disabled (decision 029). */
export const WEBHOOK_AUTO_DISABLE_DAYS = 5;
export const WEBHOOK_DISABLED_REASONS = ['manual', 'failing'] as const;

const EventTypesSchema = z
  .array(EventTypeSchema, { error: 'event_types must be a list of event types, or null for all' })
  .min(1, 'event_types must name at least one type (null for all)')
  .max(20, 'event_types must have at most 20 entries')
  .transform((types) => [...new Set(types)])
  .nullable()
  .meta({ description: 'The event types to deliver; null (the default) for all' });

const endpointFields = {
  url: safeText({ max: 2048, min: 1, required: 'url is required', tooShort: 'url is required' }).meta({
    description:
      'Where events are POSTed: https:// (http:// too in sandbox). Private, loopback, link-local and reserved addresses are refused, when saved and at each delivery.',
    example: 'https://example.com/webhooks/giftrelay',
  }),
  description: safeText({ max: 500 }),
  event_types: EventTypesSchema,
  enabled: z.boolean({ error: 'enabled must be true or false' }),
};

export const CreateWebhookEndpointBodySchema = z.object({
  url: endpointFields.url,
  description: endpointFields.description.default(''),
  event_types: endpointFields.event_types.default(null),
  enabled: endpointFields.enabled.default(true),
});
export type CreateWebhookEndpointBody = z.infer<typeof CreateWebhookEndpointBodySchema>;

export const UpdateWebhookEndpointBodySchema = z
  .object({
    url: endpointFields.url.optional(),
    description: endpointFields.description.optional(),
    event_types: endpointFields.event_types.optional(),
    enabled: endpointFields.enabled.optional(),
  })
  .refine((b) => Object.values(b).some((v) => v !== undefined), 'Give at least one field to change');
export type UpdateWebhookEndpointBody = z.infer<typeof UpdateWebhookEndpointBodySchema>;

export const WebhookEndpointSchema = z.object({
  id: z.uuid(),
  url: z.string(),
  description: z.string(),
  event_types: z.array(EventTypeSchema).nullable(),
  enabled: z.boolean(),
  failing_since: z
    .string()
    .nullable()
    .meta({
      description: `The first failed attempt since the endpoint's last 2xx; null while healthy. After ${WEBHOOK_AUTO_DISABLE_DAYS} days with no 2xx the endpoint is disabled and the organisation's owners are emailed.`,
    }),
  disabled_at: z.string().nullable().meta({ description: 'When it was disabled; null while enabled' }),
  disabled_reason: z
    .enum(WEBHOOK_DISABLED_REASONS)
    .nullable()
    .meta({
      description: `Why: \`manual\` (someone switched it off) or \`failing\` (no 2xx for ${WEBHOOK_AUTO_DISABLE_DAYS} days). Enabling it again clears it.`,
    }),
  /** Until when the previous secret still signs beside the current one; null without a recent rotation. */
  previous_secret_expires_at: z.string().nullable(),
  created_at: z.string(),
  updated_at: z.string(),
});
export type WebhookEndpoint = z.infer<typeof WebhookEndpointSchema>;

const secret = z.string().meta({
  description: 'The signing secret (`whsec_…`): shown only now. Verify deliveries with it (Standard Webhooks).',
});

export const WebhookEndpointResponseSchema = z.object({ success: z.literal(true), endpoint: WebhookEndpointSchema });
export const CreateWebhookEndpointResponseSchema = WebhookEndpointResponseSchema.extend({ secret });
export const RotateWebhookSecretResponseSchema = WebhookEndpointResponseSchema.extend({ secret });
export const ListWebhookEndpointsResponseSchema = listEnvelope(WebhookEndpointSchema);
export const WebhookEndpointIdParamsSchema = z.object({ id: z.uuid('id must be a webhook endpoint id') });

export const WEBHOOK_DELIVERY_STATUSES = ['pending', 'succeeded', 'failed'] as const;
export const WebhookDeliveryStatusSchema = z.enum(WEBHOOK_DELIVERY_STATUSES, {
  error: `must be one of ${WEBHOOK_DELIVERY_STATUSES.join(', ')}`,
});

export const WebhookAttemptSchema = z.object({
  attempted_at: z.string(),
  /** The receiver's HTTP status; null when there was no answer (see `error`). */
  status_code: z.number().int().nullable(),
  duration_ms: z.number().int(),
  /** The first 4 KB of the answer's body. */
  response_excerpt: z.string().nullable(),
  error: z.string().nullable(),
  next_retry_at: z.string().nullable(),
});

export const WebhookDeliverySchema = z.object({
  id: z.uuid(),
  event_id: z.uuid().meta({ description: 'Also the `webhook-id` of every attempt' }),
  event_type: EventTypeSchema,
  status: WebhookDeliveryStatusSchema,
  attempts: z.array(WebhookAttemptSchema),
  next_attempt_at: z.string().nullable(),
  created_at: z.string(),
});
export type WebhookDelivery = z.infer<typeof WebhookDeliverySchema>;

export const ListWebhookDeliveriesQuerySchema = z.object({
  status: WebhookDeliveryStatusSchema.optional(),
  event_type: EventTypeSchema.optional(),
  ...pageQueryFields,
});
export type ListWebhookDeliveriesQuery = z.infer<typeof ListWebhookDeliveriesQuerySchema>;
export const ListWebhookDeliveriesResponseSchema = listEnvelope(WebhookDeliverySchema);

export const ReplayWebhookBodySchema = z.object({ event_id: z.uuid('event_id must be an event id') });
export const WebhookDeliveryResponseSchema = z.object({ success: z.literal(true), delivery: WebhookDeliverySchema });

/** How far back "replay failed since" reaches: the events API keeps events at least this long. */
export const WEBHOOK_REPLAY_MAX_DAYS = 30;
/** The most events one "replay failed since" queues; calling again queues the rest. */
export const WEBHOOK_REPLAY_MAX_EVENTS = 1000;
const REPLAY_SINCE_MESSAGE = `since must be a date-time such as 2026-01-31T12:00:00Z, not in the future and at most ${WEBHOOK_REPLAY_MAX_DAYS} days ago`;

export const ReplayFailedWebhooksBodySchema = z.object({
  since: z.iso
    .datetime({ offset: true, error: REPLAY_SINCE_MESSAGE })
    .transform((s) => new Date(s))
    // Checked when the request arrives: a minute of clock skew is allowed for "now".
    .refine((d) => d.getTime() <= Date.now() + 60_000, { error: REPLAY_SINCE_MESSAGE })
    .refine((d) => d.getTime() >= Date.now() - WEBHOOK_REPLAY_MAX_DAYS * 86_400_000, {
      error: REPLAY_SINCE_MESSAGE,
    })
    .meta({
      description: `Events created at or after this time whose delivery to the endpoint failed are delivered again. At most ${WEBHOOK_REPLAY_MAX_DAYS} days ago.`,
    }),
});
export type ReplayFailedWebhooksBody = z.infer<typeof ReplayFailedWebhooksBodySchema>;
export const ReplayFailedWebhooksResponseSchema = z.object({
  success: z.literal(true),
  /** How many events were queued for delivery again (each a new chain of attempts, the same webhook-id). */
  queued: z.number().int(),
  /** True when more failed events remain than one call queues: call again. */
  has_more: z.boolean(),
});
