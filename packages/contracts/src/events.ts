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
  // Approvals (decision 035): an owner or admin approved a waiting order (fulfilment starts), or
  // rejected it, or nobody decided in 7 days; `{order}` with its `approval`.
  'order.approved',
  'order.rejected',
  // Scheduled delivery (decision 042): cancelled before it started (the hold released).
  'order.cancelled',
  'balance.funded',
  // The reward lifecycle and the balance's warning (decision 029).
  'reward.delivered',
  'reward.opened',
  'reward.email_bounced',
  // A reward voided before it was opened (decision 039): refunded, or not when the provider
  // would not cancel the card.
  'reward.voided',
  // Partial issuance (decision 058): a reward the provider could not issue, refunded (its share).
  'reward.failed',
  'balance.low',
  // Card funding (decision 046): a Stripe refund or dispute took money back from the balance
  // (`{reason, amount_minor, taken_minor, shortfall_minor, currency, balance}`); when it took more
  // than was available, sending is frozen until a top-up pays the shortfall, then unfrozen.
  'balance.debited',
  'balance.frozen',
  'balance.unfrozen',
  // A bulk batch (decision 043) whose every order has settled: delivered, failed or cancelled.
  // `{batch}` as GET /api/v1/batches/{id} answers it, counts included.
  'batch.completed',
  // Sent by "Send test event" to the one endpoint that asked.
  'webhook.test',
] as const;
export const EventTypeSchema = z.enum(EVENT_TYPES, { error: `must be one of ${EVENT_TYPES.join(', ')}` });
export type EventType = z.infer<typeof EventTypeSchema>;

const at = (what: string) => z.string().meta({ description: `${what} (ISO 8601, UTC, milliseconds)` });

/** What every `reward.*` event says about its reward. */
const rewardFields = {
  reward_id: z.uuid(),
  order_id: z.uuid(),
  recipient_email: z.string().meta({ description: 'The address the email went to' }),
  position: z
    .number()
    .int()
    .meta({ description: 'The reward’s place in its order, from 1 (an order of quantity N has N rewards)' }),
};

// Loose objects: the API never strips what an event says, even a field added later.
export const RewardDeliveredEventDataSchema = z.looseObject({
  ...rewardFields,
  delivered_at: at('When the recipient’s mail server (or the built-in mailbox) accepted the email'),
});
export const RewardOpenedEventDataSchema = z.looseObject({
  ...rewardFields,
  opened_at: at('When the claim page was first opened'),
});
export const RewardEmailBouncedEventDataSchema = z.looseObject({
  ...rewardFields,
  bounced_at: at('When the recipient’s mail server refused the email'),
  smtp_code: z.number().int().nullable().meta({ description: 'The SMTP reply code, such as 550' }),
  smtp_response: z.string().meta({ description: 'The server’s reply, as it gave it (at most 500 characters)' }),
});
export const RewardVoidedEventDataSchema = z.looseObject({
  ...rewardFields,
  voided_at: at('When the void was asked for (the claim page stopped showing the code then)'),
  refunded: z.boolean().meta({ description: 'False when the provider would not cancel the card' }),
  refund_minor: z.number().int().meta({ description: 'What went back to the available balance' }),
  currency: z.string(),
});
export const RewardFailedEventDataSchema = z.looseObject({
  ...rewardFields,
  failed_at: at('When the order settled without this reward'),
  reason: z.string().meta({ description: 'Why the provider did not issue it' }),
  refund_minor: z
    .number()
    .int()
    .meta({ description: 'This reward’s share of the charged subtotal and fee, given back to the balance' }),
  currency: z.string(),
});
export const BalanceLowEventDataSchema = z.looseObject({
  available: z.number().meta({ description: 'The available balance after the change, in the currency’s major unit' }),
  available_minor: z.number().int(),
  currency: z.string(),
  threshold_minor: z.number().int().meta({ description: 'The organisation’s threshold it fell below' }),
});
export type RewardDeliveredEventData = z.infer<typeof RewardDeliveredEventDataSchema>;
export type RewardOpenedEventData = z.infer<typeof RewardOpenedEventDataSchema>;
export type RewardEmailBouncedEventData = z.infer<typeof RewardEmailBouncedEventDataSchema>;
export type BalanceLowEventData = z.infer<typeof BalanceLowEventDataSchema>;
export type RewardVoidedEventData = z.infer<typeof RewardVoidedEventDataSchema>;
export type RewardFailedEventData = z.infer<typeof RewardFailedEventDataSchema>;

export const EventSchema = z.object({
  id: z.uuid().meta({ description: 'The event’s id; a webhook delivery’s `webhook-id`' }),
  type: EventTypeSchema,
  created_at: z.string().meta({ description: 'When the change happened (ISO 8601, UTC, milliseconds)' }),
  data: z
    .union([
      RewardDeliveredEventDataSchema,
      RewardOpenedEventDataSchema,
      RewardEmailBouncedEventDataSchema,
      RewardVoidedEventDataSchema,
      RewardFailedEventDataSchema,
      BalanceLowEventDataSchema,
      z.record(z.string(), z.unknown()),
    ])
    .meta({
      description:
        'By `type`: `order.*`: `{order}` (as in the order list; `order.failed` adds `reason`; an `order.completed` whose `order.failed_count` is above 0 was partly delivered and adds `reason`); `balance.funded`: `{amount, amount_minor, currency, balance}` (live credits add `source`: `card`, `dispute_won` or `bank_transfer`, and `shortfall_paid_minor`); `balance.debited`: `{reason: card_refund | dispute, amount, amount_minor, taken_minor, shortfall_minor, currency, balance}`; `balance.frozen`: `{shortfall, shortfall_minor, currency, reason}`; `balance.unfrozen`: `{shortfall_paid_minor, currency, balance}`; `reward.delivered`, `reward.opened`, `reward.email_bounced`: `{reward_id, order_id, recipient_email, position}` and `delivered_at`, `opened_at`, or `bounced_at`, `smtp_code`, `smtp_response`; `reward.failed`: the same and `failed_at`, `reason`, `refund_minor`, `currency`; `balance.low`: `{available, available_minor, currency, threshold_minor}`; `batch.completed`: `{batch}` with its counts; `webhook.test`: `{endpoint_id, message}`',
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
