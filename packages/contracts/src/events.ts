import { z } from 'zod';
import { BatchSchema } from './batches';
import { listEnvelope, pageQueryFields } from './lists';
import { BalanceSchema, OrderStatusSchema, OrderSummarySchema } from './orders';
import { RiskReviewSchema } from './risk';

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
  // SMS delivery (decision 082): the carrier could not deliver the text (Twilio's `failed` or
  // `undelivered`); the order is unchanged and the email still stands.
  'reward.sms_failed',
  // A reward voided before it was opened (decision 039): refunded, or not when the provider
  // would not cancel the card.
  'reward.voided',
  // Expiry (decision 081): a reward reached its `expires_at`; unopened and cancelled, it is refunded.
  'reward.expired',
  // Partial issuance (decision 058): a reward the provider could not issue, refunded (its share).
  'reward.failed',
  // Recipient's choice (decision 080): the recipient picked a product; its card is being issued.
  'reward.choice_made',
  // Risk rules (decision 083): a rule held an order (or a reward at its claim) for review; a person
  // released it (it goes on) or blocked it (its value back to the balance). `{review, order}`.
  'reward.held',
  'reward.released',
  'reward.blocked',
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
const minor = (what: string) =>
  z
    .number()
    .int()
    .meta({ description: `${what}, in minor units` });

// Each type's `data` is a plain object: a field is required unless marked optional, and the API's
// answers carry the documented fields only. A table-driven test (apps/server/test/event-shapes.test.ts)
// produces every type through the API and holds what is stored to exactly these shapes (decision 066).

/** `order.*`: the order as List Orders shows it. */
const orderData = <S extends z.ZodRawShape>(description: string, extra: S) =>
  z.object({ order: OrderSummarySchema, ...extra }).meta({ description });
export const OrderCreatedEventDataSchema = orderData(
  'The order as placed: `pending`, `scheduled`, or `pending_approval` when an approval rule held it back',
  {},
);
export const OrderCompletedEventDataSchema = orderData(
  'Every reward issued (or, with `order.failed_count` above 0, some: the order was partly delivered) and the email sent',
  {
    reason: z
      .string()
      .optional()
      .meta({ description: 'Present when the order was partly delivered: why the other rewards were not issued' }),
  },
);
export const OrderFailedEventDataSchema = orderData('No reward could be issued; the hold went back', {
  reason: z.string().meta({ description: 'Why the provider did not issue the rewards' }),
});
export const OrderApprovedEventDataSchema = orderData('An owner or admin approved the waiting order', {});
export const OrderRejectedEventDataSchema = orderData(
  'The waiting order was rejected, by an owner or admin or after 7 days without a decision',
  {},
);
export const OrderCancelledEventDataSchema = orderData('A scheduled order cancelled before its time', {});

/** The balance right after the change, as GET /api/v1/balance answers it (without its limits). */
const EventBalanceSchema = BalanceSchema.omit({ success: true, sandbox_limits: true });

export const BalanceFundedEventDataSchema = z.object({
  amount: z.number().meta({ description: 'What was added, in the currency’s major unit' }),
  amount_minor: minor('What was added'),
  currency: z.string(),
  /** Live credits only (decision 046): where the money came from. */
  source: z
    .enum(['card', 'dispute_won', 'bank_transfer'])
    .optional()
    .meta({ description: 'Live credits only: a card payment, a dispute won, or a bank transfer' }),
  shortfall_paid_minor: minor('Live credits only: what of it paid a shortfall first').optional(),
  balance: EventBalanceSchema,
});
export const BalanceDebitedEventDataSchema = z.object({
  reason: z.enum(['card_refund', 'dispute']),
  amount: z.number().meta({ description: 'What the refund or dispute took, in the currency’s major unit' }),
  amount_minor: minor('What the refund or dispute took'),
  taken_minor: minor('What of it came out of the available balance'),
  shortfall_minor: minor('What the organisation owes now, beyond its balance'),
  currency: z.string(),
  balance: EventBalanceSchema,
});
export const BalanceFrozenEventDataSchema = z.object({
  shortfall: z.number().meta({ description: 'What is owed, in the currency’s major unit: sending resumes once paid' }),
  shortfall_minor: minor('What is owed'),
  currency: z.string(),
  reason: z.enum(['card_refund', 'dispute']),
});
export const BalanceUnfrozenEventDataSchema = z.object({
  shortfall_paid_minor: minor('The shortfall a credit paid'),
  currency: z.string(),
  balance: EventBalanceSchema,
});
export const BalanceLowEventDataSchema = z.object({
  available: z.number().meta({ description: 'The available balance after the change, in the currency’s major unit' }),
  available_minor: z.number().int(),
  currency: z.string(),
  threshold_minor: z.number().int().meta({ description: 'The organisation’s threshold it fell below' }),
});

/** What every `reward.*` event says about its reward. */
const rewardFields = {
  reward_id: z.uuid(),
  order_id: z.uuid(),
  // Decision 088: null for an order sent to a phone number only. Every order placed with an address
  // still has it here, so a consumer that only sends by email sees no change.
  recipient_email: z.string().nullable().meta({
    description:
      'The address the email went to; null for an order sent by text only (decision 088: see `recipient_phone` on `reward.delivered` and `reward.sms_failed`, and the order)',
  }),
  position: z
    .number()
    .int()
    .meta({ description: 'The reward’s place in its order, from 1 (an order of quantity N has N rewards)' }),
};
export const RewardDeliveredEventDataSchema = z.object({
  ...rewardFields,
  delivered_at: at(
    'When the recipient’s mail server (or the built-in mailbox) accepted the email, or the carrier delivered the text',
  ),
  // Decision 082; optional because events stored before it do not have it (they are `email`).
  channel: z.enum(['email', 'sms']).optional().meta({
    description: '`sms`: the text reached the phone (Twilio said `delivered`, or the built-in mailbox took it)',
  }),
  recipient_phone: z.string().optional().meta({ description: 'For `sms`: the number the text went to (E.164)' }),
});
export const RewardSmsFailedEventDataSchema = z.object({
  ...rewardFields,
  recipient_phone: z.string().meta({ description: 'The number the text went to (E.164)' }),
  failed_at: at('When the provider reported it'),
  status: z.enum(['failed', 'undelivered']).meta({ description: 'Twilio’s `MessageStatus`' }),
  error_code: z
    .number()
    .int()
    .nullable()
    .meta({ description: 'Twilio’s error code, such as 30003 (unreachable handset)' }),
  error_message: z.string().nullable(),
});
export const RewardOpenedEventDataSchema = z.object({
  ...rewardFields,
  opened_at: at('When the claim page was first opened'),
});
export const RewardEmailBouncedEventDataSchema = z.object({
  ...rewardFields,
  // Only an email bounces: always an address.
  recipient_email: z.string().meta({ description: 'The address the email went to' }),
  bounced_at: at('When the recipient’s mail server refused the email'),
  smtp_code: z.number().int().nullable().meta({ description: 'The SMTP reply code, such as 550' }),
  smtp_response: z.string().meta({ description: 'The server’s reply, as it gave it (at most 500 characters)' }),
});
export const RewardVoidedEventDataSchema = z.object({
  ...rewardFields,
  voided_at: at('When the void was asked for (the claim page stopped showing the code then)'),
  refunded: z.boolean().meta({ description: 'False when the provider would not cancel the card' }),
  refund_minor: z.number().int().meta({ description: 'What went back to the available balance' }),
  currency: z.string(),
  // Decision 076; optional because events stored before it do not have it.
  order_status: OrderStatusSchema.optional().meta({
    description:
      'The order’s status after this void: `voided` once every reward it issued is voided, `completed` (partly voided) while some are left',
  }),
});
export const RewardExpiredEventDataSchema = z.object({
  ...rewardFields,
  expires_at: at('When the reward expired, as its order said'),
  refunded: z.boolean().meta({
    description: 'True when the reward was unopened and the provider cancelled its card: its share came back',
  }),
  refund_minor: z.number().int().meta({ description: 'What went back to the available balance' }),
  currency: z.string(),
  reason: z.string().nullable().meta({
    description:
      'Why it was not refunded: opened before it expired, or the provider’s refusal to cancel the card; null when refunded',
  }),
  order_status: OrderStatusSchema.meta({
    description: 'The order’s status after this expiry: `voided` once every reward it issued is voided or expired',
  }),
});
export const RewardFailedEventDataSchema = z.object({
  ...rewardFields,
  failed_at: at('When the order settled without this reward'),
  reason: z.string().meta({ description: 'Why the provider did not issue it' }),
  refund_minor: z
    .number()
    .int()
    .meta({ description: 'This reward’s share of the charged subtotal and fee, given back to the balance' }),
  currency: z.string(),
});
export const RewardChoiceMadeEventDataSchema = z.object({
  ...rewardFields,
  chosen_at: at('When the recipient picked'),
  product_code: z.string().meta({ description: 'The product the recipient picked' }),
  product_name: z.string(),
  brand: z.string(),
  choice_set_id: z
    .uuid()
    .nullable()
    .meta({ description: 'The choice set the order was placed with, or null for a list' }),
});
/** `reward.held`, `reward.released`, `reward.blocked` (decision 083): the review and its order. */
const reviewData = (description: string) =>
  z
    .object({
      review: RiskReviewSchema.meta({
        description: 'As GET /api/v1/risk/reviews/{id} answers it (without the history)',
      }),
      order: OrderSummarySchema,
    })
    .meta({ description });
export const RewardHeldEventDataSchema = reviewData(
  'A risk rule held the order (stage `order`, its money held) or a reward at its claim page (stage `claim`, no code shown) for review',
);
export const RewardReleasedEventDataSchema = reviewData('A person released the held order or reward: it goes on');
export const RewardBlockedEventDataSchema = reviewData(
  'A person blocked the held order or reward: its value went back to the balance, and the recipient sees a neutral message',
);
export const BatchCompletedEventDataSchema = z.object({
  batch: BatchSchema.meta({ description: 'As GET /api/v1/batches/{id} answers it, counts included' }),
});
export const WebhookTestEventDataSchema = z.object({
  endpoint_id: z.uuid().meta({ description: 'The endpoint the test was sent to' }),
  message: z.string(),
});

/** Each event type's `data`: the one table the union, `insertEvent` and the webhooks are built from. */
export const EVENT_DATA_SCHEMAS = {
  'order.created': OrderCreatedEventDataSchema,
  'order.completed': OrderCompletedEventDataSchema,
  'order.failed': OrderFailedEventDataSchema,
  'order.approved': OrderApprovedEventDataSchema,
  'order.rejected': OrderRejectedEventDataSchema,
  'order.cancelled': OrderCancelledEventDataSchema,
  'balance.funded': BalanceFundedEventDataSchema,
  'reward.delivered': RewardDeliveredEventDataSchema,
  'reward.opened': RewardOpenedEventDataSchema,
  'reward.email_bounced': RewardEmailBouncedEventDataSchema,
  'reward.sms_failed': RewardSmsFailedEventDataSchema,
  'reward.voided': RewardVoidedEventDataSchema,
  'reward.expired': RewardExpiredEventDataSchema,
  'reward.failed': RewardFailedEventDataSchema,
  'reward.choice_made': RewardChoiceMadeEventDataSchema,
  'reward.held': RewardHeldEventDataSchema,
  'reward.released': RewardReleasedEventDataSchema,
  'reward.blocked': RewardBlockedEventDataSchema,
  'balance.low': BalanceLowEventDataSchema,
  'balance.debited': BalanceDebitedEventDataSchema,
  'balance.frozen': BalanceFrozenEventDataSchema,
  'balance.unfrozen': BalanceUnfrozenEventDataSchema,
  'batch.completed': BatchCompletedEventDataSchema,
  'webhook.test': WebhookTestEventDataSchema,
} as const satisfies Record<EventType, z.ZodType>;

/** The `data` of an event of type `T`. */
export type EventData<T extends EventType> = z.infer<(typeof EVENT_DATA_SCHEMAS)[T]>;

const eventOf = <T extends EventType>(type: T) =>
  z.object({
    id: z.uuid().meta({ description: 'The event’s id; a webhook delivery’s `webhook-id`' }),
    type: z.literal(type),
    created_at: at('When the change happened'),
    data: EVENT_DATA_SCHEMAS[type],
  });
export const OrderCreatedEventSchema = eventOf('order.created');
export const OrderCompletedEventSchema = eventOf('order.completed');
export const OrderFailedEventSchema = eventOf('order.failed');
export const OrderApprovedEventSchema = eventOf('order.approved');
export const OrderRejectedEventSchema = eventOf('order.rejected');
export const OrderCancelledEventSchema = eventOf('order.cancelled');
export const BalanceFundedEventSchema = eventOf('balance.funded');
export const RewardDeliveredEventSchema = eventOf('reward.delivered');
export const RewardOpenedEventSchema = eventOf('reward.opened');
export const RewardEmailBouncedEventSchema = eventOf('reward.email_bounced');
export const RewardSmsFailedEventSchema = eventOf('reward.sms_failed');
export const RewardVoidedEventSchema = eventOf('reward.voided');
export const RewardExpiredEventSchema = eventOf('reward.expired');
export const RewardFailedEventSchema = eventOf('reward.failed');
export const RewardHeldEventSchema = eventOf('reward.held');
export const RewardReleasedEventSchema = eventOf('reward.released');
export const RewardBlockedEventSchema = eventOf('reward.blocked');
export const RewardChoiceMadeEventSchema = eventOf('reward.choice_made');
export const BalanceLowEventSchema = eventOf('balance.low');
export const BalanceDebitedEventSchema = eventOf('balance.debited');
export const BalanceFrozenEventSchema = eventOf('balance.frozen');
export const BalanceUnfrozenEventSchema = eventOf('balance.unfrozen');
export const BatchCompletedEventSchema = eventOf('batch.completed');
export const WebhookTestEventSchema = eventOf('webhook.test');

/** One schema per type, by type: what a webhook of that type delivers. */
export const EVENT_SCHEMAS = {
  'order.created': OrderCreatedEventSchema,
  'order.completed': OrderCompletedEventSchema,
  'order.failed': OrderFailedEventSchema,
  'order.approved': OrderApprovedEventSchema,
  'order.rejected': OrderRejectedEventSchema,
  'order.cancelled': OrderCancelledEventSchema,
  'balance.funded': BalanceFundedEventSchema,
  'reward.delivered': RewardDeliveredEventSchema,
  'reward.opened': RewardOpenedEventSchema,
  'reward.email_bounced': RewardEmailBouncedEventSchema,
  'reward.sms_failed': RewardSmsFailedEventSchema,
  'reward.voided': RewardVoidedEventSchema,
  'reward.expired': RewardExpiredEventSchema,
  'reward.failed': RewardFailedEventSchema,
  'reward.choice_made': RewardChoiceMadeEventSchema,
  'reward.held': RewardHeldEventSchema,
  'reward.released': RewardReleasedEventSchema,
  'reward.blocked': RewardBlockedEventSchema,
  'balance.low': BalanceLowEventSchema,
  'balance.debited': BalanceDebitedEventSchema,
  'balance.frozen': BalanceFrozenEventSchema,
  'balance.unfrozen': BalanceUnfrozenEventSchema,
  'batch.completed': BatchCompletedEventSchema,
  'webhook.test': WebhookTestEventSchema,
} as const satisfies { [T in EventType]: z.ZodType<{ type: T }> };

/** An event: its `type` says which `data` it carries. */
export const EventSchema = z.discriminatedUnion('type', [
  OrderCreatedEventSchema,
  OrderCompletedEventSchema,
  OrderFailedEventSchema,
  OrderApprovedEventSchema,
  OrderRejectedEventSchema,
  OrderCancelledEventSchema,
  BalanceFundedEventSchema,
  RewardDeliveredEventSchema,
  RewardOpenedEventSchema,
  RewardEmailBouncedEventSchema,
  RewardSmsFailedEventSchema,
  RewardVoidedEventSchema,
  RewardExpiredEventSchema,
  RewardFailedEventSchema,
  RewardChoiceMadeEventSchema,
  RewardHeldEventSchema,
  RewardReleasedEventSchema,
  RewardBlockedEventSchema,
  BalanceLowEventSchema,
  BalanceDebitedEventSchema,
  BalanceFrozenEventSchema,
  BalanceUnfrozenEventSchema,
  BatchCompletedEventSchema,
  WebhookTestEventSchema,
]);
export type Event = z.infer<typeof EventSchema>;
/** The event of type `T`. */
export type EventOf<T extends EventType> = Extract<Event, { type: T }>;

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
