import { z } from 'zod';
import { OrderChoiceBodySchema, OrderChoiceSchema } from './choice';
import { isCurrencyCode } from './currency';
import { ExpiresAtSchema, ExpiresInDaysSchema, OrderExpirySchema, refineExpiryForm } from './expiry';
import { deprecatedListKey, listEnvelope, pageQueryFields } from './lists';
import { OrderSourceSchema } from './mcp';
import { AmountSchema, safeText } from './primitives';
import { OrderSmsSchema, PhoneSchema } from './sms';

/**
 * The spec's three statuses, and the two of approvals (decision 035): `pending_approval` (held,
 * waiting for an owner or admin) and `rejected` (refused, or 7 days without a decision; the hold
 * is released). An approved order goes on as `pending`. Scheduled delivery (decision 042):
 * `scheduled` (held, fulfilment starts at `send_at`) and `cancelled` (before it started; the hold
 * is released). Risk rules (decision 083): `pending_review` (held, waiting for a person to release
 * or block it) and `blocked` (blocked in review; the hold is released).
 */
export const ORDER_STATUSES = [
  'pending',
  'completed',
  'failed',
  'pending_approval',
  'rejected',
  'scheduled',
  'cancelled',
  'voided',
  'pending_review',
  'blocked',
] as const;
export const OrderStatusSchema = z.enum(ORDER_STATUSES, { error: `must be one of ${ORDER_STATUSES.join(', ')}` });
export type OrderStatus = z.infer<typeof OrderStatusSchema>;

/** The UI's words for each status (spec: Delivered / Pending / Failed). */
export const ORDER_STATUS_LABELS: Record<OrderStatus, string> = {
  pending: 'Pending',
  completed: 'Delivered',
  failed: 'Failed',
  pending_approval: 'Pending approval',
  rejected: 'Rejected',
  scheduled: 'Scheduled',
  cancelled: 'Cancelled',
  voided: 'Voided',
  pending_review: 'Pending review',
  blocked: 'Blocked',
};

/** A completed order some of whose rewards could not be issued (decision 058). */
export const PARTLY_DELIVERED_LABEL = 'Partly delivered';
/** A completed order some, not all, of whose issued rewards were voided and refunded (decision 076). */
export const PARTLY_VOIDED_LABEL = 'Partly voided';

/**
 * The words the UI and the CSV show for an order: a completed one with voided rewards is partly
 * voided, one with failed rewards partly delivered (a void is the later, and the person's, act).
 */
export function orderStatusLabel(o: { status: OrderStatus; failed_count: number; voided_count?: number }): string {
  if (o.status !== 'completed') return ORDER_STATUS_LABELS[o.status];
  if ((o.voided_count ?? 0) > 0) return PARTLY_VOIDED_LABEL;
  return o.failed_count > 0 ? PARTLY_DELIVERED_LABEL : ORDER_STATUS_LABELS.completed;
}

/** The statuses whose charged totals count as spend: money on its way to, or with, a recipient. */
export const SPENDING_STATUSES: readonly OrderStatus[] = ['pending', 'completed'];

/** How far ahead an order may be scheduled, and how soon at the earliest (decision 042). */
export const SCHEDULE_MAX_DAYS = 365;
export const SCHEDULE_MIN_SECONDS = 60;
const SEND_AT_MESSAGE = 'send_at must be a date and time with its offset, such as 2026-12-01T09:00:00+01:00';
/** A moment to send at: ISO 8601 with a time zone offset (or Z); its range is checked when placed. */
export const SendAtSchema = z.iso.datetime({ offset: true, error: SEND_AT_MESSAGE }).max(40, SEND_AT_MESSAGE).meta({
  description: 'When to send: at least a minute and at most a year ahead, with its offset',
  example: '2026-12-01T09:00:00+01:00',
});

/** How long an order waits for a decision before it is rejected on its own. */
export const APPROVAL_WAIT_DAYS = 7;
export const DECISION_NOTE_MAX = 500;

export const MAX_QUANTITY = 100;

/**
 * POST /api/v1/orders. `amount` is the face value of one reward in the product's currency, in
 * major units (25 or 25.5 or "25.50"); the server reads it exactly, never as a float.
 */
/** The longest gift message and recipient name an order takes; the send dialog checks the same. */
export const ORDER_MESSAGE_MAX_LENGTH = 500;
export const RECIPIENT_NAME_MAX_LENGTH = 200;

const ORDER_CURRENCY_MESSAGE = 'currency must be an ISO 4217 currency code such as USD, GBP or CAD';

/**
 * Either `product_code` (a fixed reward) or `choice` with `currency` (recipient's choice, decision
 * 080: the recipient picks among the products on the claim page); exactly one of the two forms.
 */
export const CreateOrderBodySchema = z
  .object({
    product_code: safeText({
      min: 1,
      max: 100,
      required: 'product_code is required',
      tooShort: 'product_code is required',
      tooLong: 'product_code is too long',
    })
      .optional()
      .meta({ description: 'The product to send; leave out for a choice reward' }),
    /** Recipient's choice (decision 080): with `currency`, instead of `product_code`. */
    choice: OrderChoiceBodySchema.optional().meta({
      description:
        'Recipient’s choice: `{product_codes: [...]}` or `{choice_set_id}`; the recipient picks one on the claim page. Give `currency` with it, not `product_code`; quantity 1',
    }),
    currency: z
      .string({ error: ORDER_CURRENCY_MESSAGE })
      .max(10, ORDER_CURRENCY_MESSAGE)
      .transform((v) => v.trim().toUpperCase())
      .refine((v) => /^[A-Z]{3}$/.test(v) && isCurrencyCode(v), ORDER_CURRENCY_MESSAGE)
      .optional()
      .meta({
        description: 'A choice reward’s currency (ISO 4217); a fixed reward is in its product’s',
        example: 'USD',
      }),
    amount: AmountSchema,
    /** Decision 088: `email`, `phone` or both; neither is 400 RECIPIENT_REQUIRED. */
    email: z
      .email({ error: 'email must be a valid email address' })
      .max(255, 'email must be at most 255 characters')
      .optional()
      .meta({
        description: 'The recipient’s address, emailed the claim links; may be left out when `phone` is given',
        example: 'ada@example.com',
      }),
    /** SMS delivery (decisions 082, 088): the claim links go to this number by text, beside or instead of email. */
    phone: PhoneSchema.optional(),
    quantity: z
      .number({ error: 'quantity must be a whole number from 1 to 100' })
      .int('quantity must be a whole number from 1 to 100')
      .min(1, 'quantity must be a whole number from 1 to 100')
      .max(MAX_QUANTITY, 'quantity must be a whole number from 1 to 100')
      // Issue 35: an order without a quantity is one reward, as the spec's dialog sends it.
      .default(1)
      .meta({ description: 'How many rewards the recipient gets (1 when left out)' }),
    message: safeText({
      max: ORDER_MESSAGE_MAX_LENGTH,
      multiline: true,
      tooLong: `message must be at most ${ORDER_MESSAGE_MAX_LENGTH} characters`,
    }).optional(),
    /** The recipient's name, shown in the order history and the export; optional. */
    recipient_name: safeText({
      max: RECIPIENT_NAME_MAX_LENGTH,
      tooLong: `recipient_name must be at most ${RECIPIENT_NAME_MAX_LENGTH} characters`,
    }).optional(),
    /**
     * An FX quote (POST /api/v1/fx/quotes) for the product's currency into the billing currency: the
     * order is charged at its rate, or refused with 409 QUOTE_EXPIRED once its 60 seconds are over.
     */
    quote_id: z.uuid({ error: 'quote_id must be the quote_id of an FX quote' }).optional(),
    /** Send later (decision 042): the total is held now; fulfilment starts then. */
    send_at: SendAtSchema.optional(),
    /** Expiry (decision 081): either, or neither for the organisation's default. */
    expires_at: ExpiresAtSchema.optional(),
    expires_in_days: ExpiresInDaysSchema.optional(),
  })
  .superRefine(refineOrderForm)
  .superRefine(refineExpiryForm);
export type CreateOrderBody = z.infer<typeof CreateOrderBodySchema>;

/** Exactly one of the two forms: `product_code`, or `choice` with `currency` (and one reward). */
export function refineOrderForm(
  b: { product_code?: string; choice?: unknown; currency?: string; quantity?: number },
  ctx: z.RefinementCtx,
) {
  if (b.choice === undefined) {
    if (b.product_code === undefined)
      ctx.addIssue({ code: 'custom', path: ['product_code'], message: 'product_code is required' });
    else if (b.currency !== undefined)
      ctx.addIssue({
        code: 'custom',
        path: ['currency'],
        message: 'currency is only for a choice reward: a product has its own',
      });
    return;
  }
  if (b.product_code !== undefined)
    ctx.addIssue({ code: 'custom', path: ['choice'], message: 'give either product_code or choice, not both' });
  if (b.currency === undefined)
    ctx.addIssue({ code: 'custom', path: ['currency'], message: 'currency is required with choice' });
  if (b.quantity !== undefined && b.quantity !== 1)
    ctx.addIssue({ code: 'custom', path: ['quantity'], message: 'a choice reward is one reward: quantity must be 1' });
}

const idempotencyKey = z
  .string({ error: 'Idempotency-Key is required' })
  .min(1, 'Idempotency-Key must not be empty')
  .max(255, 'Idempotency-Key must be at most 255 characters')
  .regex(/^[\x21-\x7e]+$/, 'Idempotency-Key must be printable ASCII without spaces');
export const IdempotencyKeyHeaderSchema = z.object({ 'idempotency-key': idempotencyKey.optional() });
/** For a write that must never run twice by accident (voiding, batches): the key is not optional. */
export const RequiredIdempotencyKeyHeaderSchema = z.object({ 'idempotency-key': idempotencyKey });

/** An amount in integer minor units of the currency beside it (2563 USD is 25.63). */
const minor = (description: string) =>
  z
    .number()
    .int()
    .meta({ description: `${description}, in minor units` });

export const ChargeSchema = z.object({
  currency: z.string(),
  rate: z.string(),
  subtotal: z.number(),
  fee: z.number(),
  total: z.number(),
  subtotal_minor: minor('subtotal'),
  fee_minor: minor('fee'),
  total_minor: minor('total'),
  /**
   * Partial issuance (decision 058): what went back to the balance for the rewards that could not
   * be issued, each its exact share of the subtotal and fee; what the order cost is
   * `total - released`. The whole total for a failed, rejected or cancelled order; 0 otherwise.
   */
  released: z.number().meta({
    description:
      'Given back to the balance for the rewards that could not be issued (their share of subtotal and fee): the order cost `total - released`. The whole total for a failed, rejected or cancelled order',
  }),
  released_minor: minor('released'),
});

/** An order's approval: present once a rule caught it, with the decision when there is one. */
export const OrderApprovalSchema = z.object({
  /** When the wait ends with a rejection if nobody decides (ISO 8601). */
  expires_at: z.string().nullable(),
  decided_at: z.string().nullable(),
  /** The owner or admin who decided; null while waiting, after expiry, or once they are gone. */
  decided_by: z.uuid().nullable(),
  /** The approver's note to the sender. */
  note: z.string().nullable(),
});
export type OrderApproval = z.infer<typeof OrderApprovalSchema>;

/** How an order reaches its recipient (decision 088): by email (and text, with a phone), or by text only. */
export const DELIVERY_METHODS = ['email', 'sms'] as const;
export type DeliveryMethod = (typeof DELIVERY_METHODS)[number];

/** The message of an order (or a bulk row) naming no recipient: RECIPIENT_REQUIRED. */
export const RECIPIENT_REQUIRED_MESSAGE =
  'email or phone is required: give the recipient’s address, mobile number or both';

/** Who an order went to, for lists and sentences: the address, else the number (decision 088). */
export const recipientOf = (o: { recipient_email: string | null; recipient_phone?: string | null }): string =>
  o.recipient_email ?? o.recipient_phone ?? '';

export const OrderSummarySchema = z.object({
  order_id: z.uuid(),
  status: OrderStatusSchema,
  /** Decision 088: `sms` for an order to a number only; `email` for every order with an address. */
  delivery_method: z.enum(DELIVERY_METHODS).meta({
    description: '`email` when the order has an address (texted as well with a phone); `sms` when it has only a phone',
  }),
  product_code: z.string(),
  product_name: z.string(),
  brand: z.string(),
  currency: z.string(),
  amount: z.number(),
  quantity: z.number().int(),
  subtotal: z.number(),
  fee: z.number(),
  total: z.number(),
  amount_minor: minor('amount'),
  subtotal_minor: minor('subtotal'),
  fee_minor: minor('fee'),
  total_minor: minor('total'),
  charged: ChargeSchema,
  /** Decision 088: null for an order sent to a phone number only. */
  recipient_email: z
    .string()
    .nullable()
    .meta({ description: 'The address the claim links are emailed to; null for an order sent by text only' }),
  /** Decision 082: optional, as `order.*` events stored before it do not have it. */
  recipient_phone: z
    .string()
    .nullable()
    .optional()
    .meta({ description: 'The number the claim links are texted to (E.164), or null' }),
  recipient_name: z.string().nullable(),
  created_at: z.string(),
  completed_at: z.string().nullable(),
  failed_at: z.string().nullable(),
  failure_reason: z.string().nullable(),
  /** The person who placed it (for an API key: the key's creator); null once they are gone. */
  created_by: z.uuid().nullable(),
  /** Null for an order no approval rule caught. */
  approval: OrderApprovalSchema.nullable(),
  /** When a scheduled order's delivery starts (ISO 8601); null for one sent at once. */
  send_at: z.string().nullable(),
  sandbox: z.boolean().meta({
    description:
      'True for an order placed in sandbox mode (test cards, sandbox money), whatever the organisation’s mode is now',
  }),
  /** Only on orders an AI agent placed through MCP (decision 074); absent on every other, and in events stored before. */
  source: OrderSourceSchema.optional(),
  /**
   * Recipient's choice (decision 080): null for a fixed reward. Until the pick, `product_code` is
   * RECIPIENTS-CHOICE and `brand`/`product_name` say "Recipient’s choice"; after it, the chosen product's.
   */
  choice: OrderChoiceSchema.nullable(),
  /** Partial issuance (decision 058): `completed` with `failed_count > 0` is a partly delivered order. */
  issued_count: z.number().int().meta({ description: 'Rewards issued and delivered (and charged)' }),
  failed_count: z.number().int().meta({
    description:
      'Rewards the provider could not issue, refunded; on a `completed` order more than 0 means it was partly delivered',
  }),
  /**
   * Decision 076. `order.*` events stored before it was added answer 0 (events/upgrade.ts), which
   * they were: a plain field, as a default would make every order answer pay for encoding.
   */
  /** Decision 081: when its unopened rewards stop being claimable and are refunded; null: never. */
  expires_at: z.string().nullable(),
  /** Decision 081: what became of it at its expiry; null before then (and for an order without one). */
  expiry: OrderExpirySchema.nullable(),
  voided_count: z.number().int().meta({
    description:
      'Issued rewards voided and refunded; on a `completed` order more than 0 means it was partly voided, and an order all of whose issued rewards were voided is `voided`',
  }),
});
export type OrderSummary = z.infer<typeof OrderSummarySchema>;

export const CreateOrderResponseSchema = OrderSummarySchema.extend({ success: z.literal(true) });
export type CreateOrderResponse = z.infer<typeof CreateOrderResponseSchema>;

/** A reward's void (decision 039): asked for, refunded, or refused by the provider (not refunded). */
export const VOID_STATES = ['requested', 'refunded', 'not_cancelled'] as const;
export const RewardVoidSchema = z.object({
  state: z.enum(VOID_STATES),
  voided_at: z.string(),
  note: z.string().nullable().meta({ description: 'Why it was voided, as the void’s `note` said (decision 076)' }),
  provider_note: z
    .string()
    .nullable()
    .meta({ description: 'The provider’s reason when it would not cancel the card (`not_cancelled`)' }),
});

/**
 * `review` (decision 058): the provider did not answer and could not be asked whether it issued
 * the card; its money stays held until an operator decides, and the order waits. `voided`
 * (decision 076): issued, then voided and refunded (`void.state` refunded); its code is gone.
 * `awaiting_choice` (decision 080): a choice reward whose recipient has not picked yet; nothing
 * was asked of the provider, its money is held.
 */
export const REWARD_STATUSES = ['pending', 'issued', 'failed', 'review', 'awaiting_choice'] as const;
export type RewardStatus = (typeof REWARD_STATUSES)[number];
/** What the API says of a reward: the stored status, or `voided` once its void was refunded. */
export const REWARD_API_STATUSES = [...REWARD_STATUSES, 'voided'] as const;

export const RewardSchema = z.object({
  id: z.uuid(),
  status: z.enum(REWARD_API_STATUSES),
  code_masked: z.string().nullable(),
  issued_at: z.string().nullable(),
  claim: z.object({
    first_opened_at: z.string().nullable(),
    open_count: z.number().int(),
  }),
  /** Null unless the reward was voided. */
  void: RewardVoidSchema.nullable(),
  /** The recipient's pick of a choice reward (decision 080); null for a fixed one and until the pick. */
  chosen_product_code: z.string().nullable(),
});

export const OrderEventSchema = z.object({
  type: z.string(),
  at: z.string(),
  detail: z.record(z.string(), z.unknown()),
});

export const OrderDetailSchema = OrderSummarySchema.extend({
  message: z.string().nullable(),
  rewards: z.array(RewardSchema),
  history: z.array(OrderEventSchema),
  /** The newest text of an order placed with a phone number (decision 082); null without one or before it is sent. */
  sms: OrderSmsSchema.nullable(),
});
export type OrderDetail = z.infer<typeof OrderDetailSchema>;

/**
 * The order history's search: matches the order id, the recipient (email or name) or the reward
 * (brand or product name), case-insensitively, anywhere in the text.
 */
export const ORDER_SEARCH_MAX = 200;
/** Which of an organisation's orders a listing shows: those placed in sandbox mode, or live ones. */
export const ORDER_MODES = ['live', 'sandbox'] as const;
export type OrderMode = (typeof ORDER_MODES)[number];
/** A listing's or a report's `mode` query field (decision 045). */
export const OrderModeQueryField = z
  .enum(ORDER_MODES, { error: `must be one of ${ORDER_MODES.join(', ')}` })
  .optional()
  .meta({
    description:
      'The orders placed in live or in sandbox mode; the organisation’s mode when left out, so a live organisation sees its live orders and asks for `sandbox` to see those it placed before going live',
  });
export const OrderSearchQuerySchema = z.object({
  q: safeText({ max: ORDER_SEARCH_MAX, tooLong: `q must be at most ${ORDER_SEARCH_MAX} characters` }).optional(),
  status: OrderStatusSchema.optional(),
  mode: OrderModeQueryField,
});
export type OrderSearchQuery = z.infer<typeof OrderSearchQuerySchema>;

export const ListOrdersQuerySchema = OrderSearchQuerySchema.extend({
  ...pageQueryFields,
});
export type ListOrdersQuery = z.infer<typeof ListOrdersQuerySchema>;

export const ListOrdersResponseSchema = listEnvelope(OrderSummarySchema).extend({
  orders: deprecatedListKey(OrderSummarySchema, 'orders'),
});

/** GET /api/v1/orders/stats: the four stat cards of the order history, over the searched set. */
export const OrderStatsSchema = z.object({
  success: z.literal(true),
  /** The billing currency every value here is in. */
  currency: z.string(),
  total_orders: z.number().int(),
  delivered: z.number().int(),
  /** On their way (decision 076): sending now, scheduled and waiting for approval, as `orderFigures` counts them. */
  pending: z.number().int(),
  failed: z.number().int(),
  /** Orders waiting for an owner's or admin's decision, and orders refused (decision 035). */
  pending_approval: z.number().int(),
  rejected: z.number().int(),
  scheduled: z.number().int(),
  cancelled: z.number().int(),
  voided: z.number().int(),
  /**
   * What the pending and delivered orders of the set cost, in the billing currency: charged less
   * what went back to the balance (the dashboard's Monthly Load rule, decision 076).
   */
  total_value: z.number(),
  total_value_minor: minor('total_value'),
});
export type OrderStats = z.infer<typeof OrderStatsSchema>;

/**
 * GET /api/v1/orders/export?q&status answers `text/csv` (streamed), one row per order matching the
 * search, newest first, with these columns. Cells a spreadsheet would run as a formula are
 * prefixed with an apostrophe.
 */
export const ORDER_EXPORT_COLUMNS = [
  'order_id',
  'created_at',
  'status',
  'recipient_email',
  'recipient_name',
  'brand',
  'product_name',
  'product_code',
  'currency',
  'amount',
  'quantity',
  'subtotal',
  'fee',
  'total',
  'charge_currency',
  'charged_total',
  'delivery_method',
  'completed_at',
  'failed_at',
  'failure_reason',
  // Partial issuance (decision 058): the outcome as the UI words it, the counts, what went back.
  'outcome',
  'issued_count',
  'failed_count',
  'released_total',
  // SMS delivery (decision 082): the number and its newest text's status, empty without one.
  'recipient_phone',
  'sms_status',
] as const;

/**
 * POST /api/v1/orders/{id}/resend: sends the claim links again, by email and by text as the order
 * is reached, to the same or a corrected address and number (decision 088: `phone` as `email`).
 */
export const ResendOrderBodySchema = z.object({
  email: z
    .email({ error: 'email must be a valid email address' })
    .max(255, 'email must be at most 255 characters')
    .optional()
    .meta({ description: 'A corrected address; the order’s own when left out', example: 'ada@example.com' }),
  phone: PhoneSchema.optional().meta({
    description:
      'A corrected mobile number (E.164), texted the claim links; the order’s own when left out. An order sent by email only may be given one',
    example: '+15555550123',
  }),
});
export type ResendOrderBody = z.infer<typeof ResendOrderBodySchema>;
export const ResendOrderResponseSchema = z.object({
  success: z.literal(true),
  order_id: z.uuid(),
  recipient_email: z.string().nullable().meta({ description: 'Null for an order reached by text only' }),
  recipient_phone: z.string().nullable().meta({ description: 'The number texted, or null' }),
});

/** POST /api/v1/orders/{id}/void: cancels the order's rewards nobody has opened yet. */
export const VOID_NOTE_MAX = 500;
export const VoidOrderBodySchema = z.object({
  /** Why, for the order's history and the audit log. */
  note: safeText({
    max: VOID_NOTE_MAX,
    multiline: true,
    tooLong: `note must be at most ${VOID_NOTE_MAX} characters`,
  }).optional(),
});
export type VoidOrderBody = z.infer<typeof VoidOrderBodySchema>;
export const VoidedRewardSchema = z.object({
  reward_id: z.uuid(),
  position: z.number().int(),
  state: z.enum(VOID_STATES).meta({
    description:
      '`refunded`: cancelled, its share of the charge is back in the balance. `not_cancelled`: the provider would not cancel the card, so nothing was refunded (see `note`). `requested`: the provider has not answered yet; void again with the same key to finish.',
  }),
  refund: z.number(),
  refund_minor: minor('refund'),
  note: z.string().nullable(),
});
export const VoidOrderResponseSchema = z.object({
  success: z.literal(true),
  order_id: z.uuid(),
  /** The billing currency the refunds are in. */
  currency: z.string(),
  rewards: z.array(VoidedRewardSchema),
  /** The order's status after the void: `voided` once no issued reward is left (decision 076). */
  order_status: OrderStatusSchema,
  refunded: z.number(),
  refunded_minor: minor('refunded'),
});
export type VoidOrderResponse = z.infer<typeof VoidOrderResponseSchema>;

/** PATCH /api/v1/orders/{id}: move a scheduled order to another time, before it starts. */
export const RescheduleOrderBodySchema = z.object({ send_at: SendAtSchema }).strict();
export type RescheduleOrderBody = z.infer<typeof RescheduleOrderBodySchema>;

export const OrderIdParamsSchema = z.object({ id: z.uuid('id must be an order id') });

export const BalanceSchema = z.object({
  success: z.literal(true),
  currency: z.string(),
  available: z.number(),
  held: z.number(),
  available_minor: minor('available'),
  held_minor: minor('held'),
  sandbox: z.boolean(),
  /**
   * A sandbox organisation's limits (decision 063), on `GET /balance`: the most play money its
   * available balance may hold, and how many addresses outside the organisation its rewards may
   * reach per UTC day (null: no cap here) and have reached today. Null for a live organisation.
   */
  sandbox_limits: z
    .object({
      max_balance: z.number(),
      outside_recipients_per_day: z.number().int().nullable(),
      outside_recipients_today: z.number().int(),
    })
    .nullable()
    .optional(),
});
export type Balance = z.infer<typeof BalanceSchema>;

/**
 * The sentence the app shows where sandbox rewards are sent (send dialog, bulk send, billing):
 * sandbox is not a mail relay (decision 063).
 */
export function sandboxRecipientsNote(limits: NonNullable<Balance['sandbox_limits']>): string {
  if (limits.outside_recipients_per_day === null) {
    return 'Sandbox is not a mail relay: sandbox rewards are for trying things out with your own addresses.';
  }
  return `Sandbox is not a mail relay: sandbox rewards reach your organisation’s members, and at most ${limits.outside_recipients_per_day} other addresses a day (${limits.outside_recipients_today} used today).`;
}

export const SANDBOX_TOPUP_MAX = 100_000;
/** The most a sandbox organisation's available balance may hold after a top-up, in major units (decision 063). */
export const SANDBOX_BALANCE_MAX = 100_000;
export const SandboxTopupBodySchema = z.object({
  amount: AmountSchema.refine((v) => Number(v) > 0, 'amount must be more than 0').refine(
    (v) => Number(v) <= SANDBOX_TOPUP_MAX,
    `amount must be at most ${SANDBOX_TOPUP_MAX}`,
  ),
});

export const ClaimSchema = z.object({
  success: z.literal(true),
  brand: z.string(),
  product_name: z.string(),
  currency: z.string(),
  amount: z.number(),
  code: z.string().nullable(),
  pin: z.string().nullable(),
  redemption_url: z.string().nullable(),
  redemption_instructions: z.string().nullable(),
  terms: z.string().nullable(),
  expires_at: z.string().nullable(),
  sender: z.string(),
  /** The sender's logo on this site (organisation settings), or null. */
  sender_logo: z.string().nullable(),
  /** The sender's colour, `#rrggbb`, or null for GiftRelay's. */
  brand_colour: z.string().nullable(),
  message: z.string().nullable(),
  /** Decision 081: the moment the reward stops being claimable if not opened by then; null: never. */
  claim_by: z.string().nullable(),
  /**
   * `expired` (decision 081): it was not opened by `claim_by`; no code is shown.
   * `voided`: the sender cancelled the reward before it was opened; no code is shown.
   * `awaiting_choice` (decision 080): a choice reward; GET /claims/{token}/choice lists the options.
   * `pending_review` (decision 083): a risk rule held it; no code until a person releases it.
   * `blocked`: a person blocked it; the recipient sees a neutral message.
   */
  status: z.enum(['pending', 'issued', 'failed', 'voided', 'awaiting_choice', 'expired', 'pending_review', 'blocked']),
  logo: z.string().nullable(),
  sandbox: z.boolean().meta({ description: 'True for a sandbox reward: a test card with no value' }),
});
export type Claim = z.infer<typeof ClaimSchema>;

/** `GET /orders/{id}`'s answer. */
export const OrderDetailResponseSchema = OrderDetailSchema.extend({ success: z.literal(true) });

/**
 * Rewards in review (decision 058): the provider did not answer, and could not be asked whether it
 * issued the card. Their money stays held, and their order waits, until an operator decides.
 */
export const RewardReviewSchema = z.object({
  reward_id: z.uuid(),
  order_id: z.uuid(),
  position: z.number().int(),
  organisation_id: z.uuid(),
  organisation_name: z.string(),
  product_code: z.string(),
  brand: z.string(),
  currency: z.string(),
  amount_minor: minor('face value'),
  /** The reward's share of the order's charge, held until the decision. */
  held: z.number(),
  held_minor: minor('held'),
  charge_currency: z.string(),
  reason: z.string().nullable(),
  since: z.string(),
});
export type RewardReview = z.infer<typeof RewardReviewSchema>;

export const RewardReviewsResponseSchema = z.object({
  success: z.literal(true),
  data: z.array(RewardReviewSchema),
});

export const RewardReviewParamsSchema = z.object({ reward_id: z.uuid('reward_id must be a reward id') });

export const REVIEW_DECISIONS = ['issued', 'not_issued'] as const;
export const ResolveRewardReviewBodySchema = z
  .object({
    /**
     * `issued`: the provider has the card (it is fetched and delivered, and its share charged);
     * `not_issued`: it has none (its share goes back to the balance).
     */
    decision: z.enum(REVIEW_DECISIONS, { error: `decision must be one of ${REVIEW_DECISIONS.join(', ')}` }),
    note: safeText({ max: 1000, multiline: true }).optional(),
  })
  .strict();
export type ResolveRewardReviewBody = z.infer<typeof ResolveRewardReviewBodySchema>;

export const ResolveRewardReviewResponseSchema = z.object({
  success: z.literal(true),
  reward_id: z.uuid(),
  order: OrderSummarySchema,
});
