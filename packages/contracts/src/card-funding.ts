import { z } from 'zod';
import { AmountSchema } from './primitives';

/**
 * Funding a live organisation's balance by card through Stripe Checkout (issue 17, decision 046).
 * The fee is `cardFundingFee` of @giftrelay/money, charged on top of the amount credited.
 */

/** The smallest and largest card top-up, in the billing currency's minor units (10.00 to 25,000.00). */
export const CARD_TOPUP_MIN_MINOR = 1_000;
export const CARD_TOPUP_MAX_MINOR = 2_500_000;

const RANGE_MESSAGE = `amount must be from ${CARD_TOPUP_MIN_MINOR / 100} to ${CARD_TOPUP_MAX_MINOR / 100}`;

/** POST /api/v1/balance/checkout-sessions: the amount to credit, in the billing currency's major unit. */
export const CreateCardCheckoutBodySchema = z
  .object({
    amount: AmountSchema.refine(
      (v) => Number(v) >= CARD_TOPUP_MIN_MINOR / 100 && Number(v) <= CARD_TOPUP_MAX_MINOR / 100,
      RANGE_MESSAGE,
    ),
  })
  .meta({ id: 'CreateCardCheckoutRequest' });
export type CreateCardCheckoutBody = z.infer<typeof CreateCardCheckoutBodySchema>;

export const CARD_CHECKOUT_STATUSES = ['open', 'completed', 'expired'] as const;

const minor = (description: string) =>
  z
    .number()
    .int()
    .meta({ description: `${description}, in minor units` });
const at = (what: string) => z.string().meta({ description: `${what} (ISO 8601, UTC, milliseconds)` });

export const CardCheckoutSessionSchema = z
  .object({
    success: z.literal(true),
    id: z.uuid().meta({ description: 'GiftRelay’s id of the checkout (the return page asks for it)' }),
    status: z.enum(CARD_CHECKOUT_STATUSES).meta({
      description:
        '`open` until Stripe tells GiftRelay the payment succeeded (`completed`: the balance is credited) or the checkout lapsed (`expired`)',
    }),
    /** Where to send the person to pay: Stripe's hosted page. Null once it is no longer open. */
    url: z.string().nullable(),
    currency: z.string(),
    amount: z.number().meta({ description: 'What the balance is credited with, in the major unit' }),
    fee: z.number().meta({ description: 'The card fee, charged on top' }),
    total: z.number().meta({ description: 'What the card is charged: amount + fee' }),
    amount_minor: minor('amount'),
    fee_minor: minor('fee'),
    total_minor: minor('total'),
    created_at: at('When the checkout was started'),
    completed_at: at('When the payment was credited').nullable(),
  })
  .meta({ id: 'CardCheckoutSession' });
export type CardCheckoutSession = z.infer<typeof CardCheckoutSessionSchema>;

export const CardCheckoutParamsSchema = z.object({ id: z.uuid('id must be a checkout id') });

/**
 * GET /api/v1/balance/card-funding: whether this organisation can top up by card here, its limits,
 * and whether a shortfall has frozen sending.
 */
export const CardFundingSchema = z
  .object({
    success: z.literal(true),
    available: z.boolean().meta({ description: 'Whether POST /balance/checkout-sessions would be accepted' }),
    // Absent when card funding is available (not null: OpenAPI 3.0 reads `nullable` beside an
    // `enum` as allowing null only if the enum lists it).
    unavailable_reason: z.enum(['sandbox', 'not_configured']).optional().meta({
      description:
        'Why not, when `available` is false: `sandbox`: the organisation is not live; `not_configured`: no Stripe account here',
    }),
    currency: z.string(),
    min_amount: z.number(),
    max_amount: z.number(),
    min_amount_minor: minor('The smallest top-up'),
    max_amount_minor: minor('The largest top-up'),
    fee_rate: z.string().meta({ description: 'The card fee as people read it, such as "2.9% + 0.30"' }),
    sending_frozen: z.boolean().meta({
      description:
        'True while a refund or dispute has left a shortfall: orders and batches are refused with SENDING_FROZEN until a top-up pays it',
    }),
    frozen_at: at('When sending was frozen').nullable(),
    shortfall: z.number(),
    shortfall_minor: minor('What the organisation owes after refunds and disputes took more than its balance'),
  })
  .meta({ id: 'CardFunding' });
export type CardFunding = z.infer<typeof CardFundingSchema>;

/** What GiftRelay answers Stripe: received (and `duplicate` when the event had been handled before). */
export const StripeWebhookAnswerSchema = z
  .object({ success: z.literal(true), duplicate: z.boolean() })
  .meta({ id: 'StripeWebhookAnswer' });
