import { z } from 'zod';
import { listEnvelope, pageQueryFields } from './lists';

/**
 * The public events: what `GET /api/v1/events` lists and webhooks carry (decision 027). Each is
 * written in the same transaction as the change it reports.
 */
export const EVENT_TYPES = [
  'order.created',
  'order.completed',
  'order.failed',
  'balance.funded',
  // Sent by "Send test event" to the one endpoint that asked.
  'webhook.test',
] as const;
export const EventTypeSchema = z.enum(EVENT_TYPES, { error: `must be one of ${EVENT_TYPES.join(', ')}` });
export type EventType = z.infer<typeof EventTypeSchema>;

export const EventSchema = z.object({
  id: z.uuid().meta({ description: 'The event’s id; a webhook delivery’s `webhook-id`' }),
  type: EventTypeSchema,
  created_at: z.string().meta({ description: 'When the change happened (ISO 8601, UTC, milliseconds)' }),
  data: z.record(z.string(), z.unknown()).meta({
    description:
      '`order.*`: `{order}` (as in the order list; `order.failed` adds `reason`); `balance.funded`: `{amount, amount_minor, currency, balance}`; `webhook.test`: `{endpoint_id, message}`',
  }),
});
export type Event = z.infer<typeof EventSchema>;

const TIME_MESSAGE = 'must be a date-time such as 2026-01-31T12:00:00Z';
const isoTime = z.iso.datetime({ offset: true, error: TIME_MESSAGE }).transform((s) => new Date(s));

/** GET /api/v1/events: newest first; `type` one event type; `created_after`/`created_before` exclusive bounds. */
export const ListEventsQuerySchema = z
  .object({
    type: EventTypeSchema.optional(),
    created_after: isoTime.optional(),
    created_before: isoTime.optional(),
    ...pageQueryFields,
  })
  .refine((q) => !q.created_after || !q.created_before || q.created_after < q.created_before, {
    path: ['created_before'],
    message: 'created_before must be after created_after',
  });
export type ListEventsQuery = z.infer<typeof ListEventsQuerySchema>;

export const ListEventsResponseSchema = listEnvelope(EventSchema);
export const EventResponseSchema = z.object({ success: z.literal(true), event: EventSchema });
export const EventIdParamsSchema = z.object({ id: z.uuid('id must be an event id') });
