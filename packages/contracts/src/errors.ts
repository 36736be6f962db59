import { z } from 'zod';

/**
 * Every error the API answers with has this body. `code` is stable: clients branch on it,
 * `error` is a sentence for people and may change.
 */
export const ERROR_CODES = [
  'VALIDATION_ERROR',
  'UNAUTHORIZED',
  'FORBIDDEN',
  'NOT_FOUND',
  'METHOD_NOT_ALLOWED',
  'PAYLOAD_TOO_LARGE',
  'UNSUPPORTED_MEDIA_TYPE',
  // Refused by the HTTP parser before any route (decision 060)
  'HEADERS_TOO_LARGE',
  'REQUEST_TIMEOUT',
  'RATE_LIMITED',
  'CONFLICT',
  'INSUFFICIENT_FUNDS',
  'INVALID_PRODUCT',
  'IDEMPOTENCY_KEY_REUSED',
  'IDEMPOTENCY_KEY_IN_USE',
  'EMAIL_NOT_CONFIRMED',
  'INVALID_CREDENTIALS',
  'WEAK_PASSWORD',
  'INVALID_LINK',
  'LINK_EXPIRED',
  'INVALID_CODE',
  'QUOTE_EXPIRED',
  // Card funding with Stripe (decision 046)
  'ORGANISATION_NOT_LIVE',
  'CARD_FUNDING_UNAVAILABLE',
  'SENDING_FROZEN',
  'INVALID_SIGNATURE',
  // Sandbox and live (decision 045)
  'LIVE_UNAVAILABLE',
  'ALREADY_LIVE',
  'LIVE_REQUEST_PENDING',
  'NOT_PENDING',
  'SANDBOX_WORK_IN_FLIGHT',
  // Resending to another address (decision 062)
  'RECIPIENT_CHANGE_FORBIDDEN',
  'RECIPIENT_CHANGE_NEEDS_APPROVAL',
  'REWARD_OPENED',
  // Voided orders (decision 076): nothing left to resend
  'ORDER_VOIDED',
  // Sandbox is not a mail relay (decision 063)
  'SANDBOX_RECIPIENT_LIMIT',
  'SANDBOX_BALANCE_LIMIT',
  // Recipient's choice (decision 080)
  'CHOICE_SET_NOT_FOUND',
  'CHOICE_EMPTY',
  'CHOICE_ALREADY_MADE',
  'CHOICE_OUT_OF_STOCK',
  'CHOICE_CLOSED',
  // Risk rules (decision 083): a block rule refused the order
  'RISK_BLOCKED',
  // SMS delivery (decision 082): a number that cannot take texts, or one that sent STOP
  'PHONE_INVALID',
  'RECIPIENT_REQUIRED',
  'RECIPIENT_OPTED_OUT',
  'SMS_UNAVAILABLE',
  // Budgets and spend caps on every path (decision 084)
  'BUDGET_EXCEEDED',
  'SPEND_CAP_EXCEEDED',
  'RECIPIENT_DOMAIN_NOT_ALLOWED',
  'SERVICE_UNAVAILABLE',
  'INTERNAL_ERROR',
] as const;

export const ErrorCodeSchema = z.enum(ERROR_CODES);
export type ErrorCode = z.infer<typeof ErrorCodeSchema>;

/**
 * The HTTP status each code is answered with: the one place it is said. The server's errors take
 * their status from here, so a code never comes with two statuses.
 */
export const ERROR_STATUS = {
  VALIDATION_ERROR: 400,
  UNAUTHORIZED: 401,
  FORBIDDEN: 403,
  NOT_FOUND: 404,
  METHOD_NOT_ALLOWED: 405,
  PAYLOAD_TOO_LARGE: 413,
  UNSUPPORTED_MEDIA_TYPE: 415,
  /** The request's headers (cookies included) pass the server's limit: Node's parser stops at 16 KB. */
  HEADERS_TOO_LARGE: 431,
  /** The request's headers or body did not arrive in time. */
  REQUEST_TIMEOUT: 408,
  RATE_LIMITED: 429,
  CONFLICT: 409,
  INSUFFICIENT_FUNDS: 402,
  INVALID_PRODUCT: 400,
  IDEMPOTENCY_KEY_REUSED: 422,
  IDEMPOTENCY_KEY_IN_USE: 409,
  EMAIL_NOT_CONFIRMED: 403,
  INVALID_CREDENTIALS: 400,
  WEAK_PASSWORD: 400,
  INVALID_LINK: 400,
  LINK_EXPIRED: 400,
  INVALID_CODE: 400,
  /** An order named an FX quote whose 60 seconds are over: ask for a new one and confirm again. */
  QUOTE_EXPIRED: 409,
  /** Card funding is for live organisations; a sandbox one tops up with play money. */
  ORGANISATION_NOT_LIVE: 409,
  /** This GiftRelay has no Stripe account configured (STRIPE_SECRET_KEY, STRIPE_WEBHOOK_SECRET). */
  CARD_FUNDING_UNAVAILABLE: 409,
  /** A refund or dispute took more than the balance held: sending waits until a top-up pays the shortfall. */
  SENDING_FROZEN: 402,
  /** A Stripe webhook whose Stripe-Signature is missing, stale or does not match the body. */
  INVALID_SIGNATURE: 400,
  /** No real gift-card provider is configured here (GIFT_CARD_PROVIDER), so nobody can go live. */
  LIVE_UNAVAILABLE: 409,
  ALREADY_LIVE: 409,
  /** A request to go live already waits for an operator: withdraw it to change it. */
  LIVE_REQUEST_PENDING: 409,
  /** The request was decided or withdrawn already (or none waits). */
  NOT_PENDING: 409,
  /** Sandbox orders or batches are unsettled: they must end before the organisation goes live. */
  SANDBOX_WORK_IN_FLIGHT: 409,
  /** Another address for an order needs an owner or admin, the sender who placed it, or the key that placed it. */
  RECIPIENT_CHANGE_FORBIDDEN: 403,
  /** A sender's order an approval rule covers: an owner or admin changes its address. */
  RECIPIENT_CHANGE_NEEDS_APPROVAL: 403,
  /** A reward of the order was opened: it may be resent only to the same address. */
  REWARD_OPENED: 409,
  /** Every reward of the order was voided: its links no longer show a code, so there is nothing to resend. */
  ORDER_VOIDED: 409,
  /** Today's distinct addresses outside the organisation for sandbox rewards are used (SANDBOX_OUTSIDE_RECIPIENTS_PER_DAY). */
  SANDBOX_RECIPIENT_LIMIT: 429,
  /** A sandbox top-up would take the available balance above SANDBOX_BALANCE_MAX. */
  SANDBOX_BALANCE_LIMIT: 409,
  /** No choice set of this organisation has the id (another organisation's is not found either). */
  CHOICE_SET_NOT_FOUND: 404,
  /** No product of the choice is available and accepts the order's value in its currency. */
  CHOICE_EMPTY: 400,
  /** The recipient already picked another product: a pick is made once. */
  CHOICE_ALREADY_MADE: 409,
  /** The provider has none of that product left at the pick: the recipient picks another. */
  CHOICE_OUT_OF_STOCK: 409,
  /** The reward can no longer be chosen: voided, expired, or its order was not sent. */
  CHOICE_CLOSED: 409,
  /** A risk rule with the action `block` (the organisation's, a platform rule, or a sandbox trigger) refused the order: nothing was held. */
  RISK_BLOCKED: 422,
  /** Not a mobile number in E.164 that can take texts; `details` names the reason (`too_short: …`) and the country. */
  PHONE_INVALID: 400,
  RECIPIENT_REQUIRED: 400,
  /** The number sent STOP to GiftRelay's texts: nothing is sent to it until it sends START. */
  RECIPIENT_OPTED_OUT: 409,
  /** This GiftRelay sends email through SMTP_URL but has no SMS provider (TWILIO_*): a text would reach nobody. */
  SMS_UNAVAILABLE: 409,
  /** The sender's (or API key's) monthly budget does not cover the order or batch: the message says what is left. Nothing was written. */
  BUDGET_EXCEEDED: 422,
  /** An API key's (or OAuth grant's) spend cap per reward, UTC day or month does not cover it: the message says which and what is left. */
  SPEND_CAP_EXCEEDED: 422,
  /** The API key (or OAuth grant) may send only to its allow-listed recipient domains. */
  RECIPIENT_DOMAIN_NOT_ALLOWED: 403,
  SERVICE_UNAVAILABLE: 503,
  INTERNAL_ERROR: 500,
} as const satisfies Record<ErrorCode, number>;

export const ErrorBodySchema = z.object({
  success: z.literal(false),
  error: z.string(),
  code: ErrorCodeSchema,
  details: z.array(z.object({ path: z.string(), message: z.string() })).optional(),
  /** The request's X-Request-Id: quote it when reporting a problem. */
  request_id: z.string().optional(),
});
export type ErrorBody = z.infer<typeof ErrorBodySchema>;
