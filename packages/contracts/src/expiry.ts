import { z } from 'zod';

/**
 * Expiry that returns the value (issue 32, decision 081). A reward may carry `expires_at`: from
 * then on its claim page shows no code, and the sweep voids what nobody opened and refunds its
 * exact share. Set per order (`expires_at`, or `expires_in_days` counted from the send), or from
 * the organisation's `reward_expiry_days`; none of them: the reward never expires.
 */
export const REWARD_EXPIRY_DAYS = { min: 1, max: 730 } as const;

const EXPIRES_AT_MESSAGE = 'expires_at must be a date and time with its offset, such as 2027-03-01T00:00:00Z';
const IN_DAYS_MESSAGE = `expires_in_days must be a whole number of days from ${REWARD_EXPIRY_DAYS.min} to ${REWARD_EXPIRY_DAYS.max}`;
const ORG_DAYS_MESSAGE = `reward_expiry_days must be a whole number of days from ${REWARD_EXPIRY_DAYS.min} to ${REWARD_EXPIRY_DAYS.max}, or null`;

/** A moment a reward expires: ISO 8601 with an offset (or Z); its range is checked when placed. */
export const ExpiresAtSchema = z.iso
  .datetime({ offset: true, error: EXPIRES_AT_MESSAGE })
  .max(40, EXPIRES_AT_MESSAGE)
  .meta({
    description: `When the reward expires: at least ${REWARD_EXPIRY_DAYS.min} day after it is sent (now, or \`send_at\`) and at most ${REWARD_EXPIRY_DAYS.max} days after; unopened rewards are then voided and refunded`,
    example: '2027-03-01T00:00:00Z',
  });

export const ExpiresInDaysSchema = z
  .number({ error: IN_DAYS_MESSAGE })
  .int(IN_DAYS_MESSAGE)
  .min(REWARD_EXPIRY_DAYS.min, IN_DAYS_MESSAGE)
  .max(REWARD_EXPIRY_DAYS.max, IN_DAYS_MESSAGE)
  .meta({ description: 'The reward expires this many days after it is sent (instead of `expires_at`)' });

/** The organisation's default (Settings → Organisation); null: rewards never expire. */
export const RewardExpiryDaysSchema = z
  .number({ error: ORG_DAYS_MESSAGE })
  .int(ORG_DAYS_MESSAGE)
  .min(REWARD_EXPIRY_DAYS.min, ORG_DAYS_MESSAGE)
  .max(REWARD_EXPIRY_DAYS.max, ORG_DAYS_MESSAGE)
  .nullable();

/** An order body's two ways to say its expiry: at most one of them. */
export function refineExpiryForm(b: { expires_at?: string; expires_in_days?: number }, ctx: z.RefinementCtx) {
  if (b.expires_at !== undefined && b.expires_in_days !== undefined)
    ctx.addIssue({
      code: 'custom',
      path: ['expires_in_days'],
      message: 'give either expires_at or expires_in_days, not both',
    });
}

const DAY_MS = 86_400_000;

export type ExpiryInput = {
  expires_at?: string | null;
  expires_in_days?: number | null;
  /** When the order is sent: its `send_at`, or now. */
  sentAt: Date;
  /** The organisation's `reward_expiry_days`. */
  defaultDays: number | null;
};

/**
 * When an order's rewards expire, or why the asked-for moment cannot be: the one rule for the API,
 * the send dialog and a bulk batch's rows. The order's own value wins over the organisation's.
 */
export function resolveExpiry(input: ExpiryInput): { at: Date | null } | { error: string; field: string } {
  const days = input.expires_in_days ?? (input.expires_at ? null : input.defaultDays);
  if (days !== null && days !== undefined) return { at: new Date(input.sentAt.getTime() + days * DAY_MS) };
  if (!input.expires_at) return { at: null };
  const at = new Date(input.expires_at);
  if (Number.isNaN(at.getTime())) return { error: EXPIRES_AT_MESSAGE, field: 'expires_at' };
  const after = at.getTime() - input.sentAt.getTime();
  if (after < REWARD_EXPIRY_DAYS.min * DAY_MS)
    return {
      error: `expires_at must be at least ${REWARD_EXPIRY_DAYS.min} day after the reward is sent (now, or send_at)`,
      field: 'expires_at',
    };
  if (after > REWARD_EXPIRY_DAYS.max * DAY_MS)
    return {
      error: `expires_at must be at most ${REWARD_EXPIRY_DAYS.max} days after the reward is sent (now, or send_at)`,
      field: 'expires_at',
    };
  return { at };
}

/** What became of an order at its expiry; null on an order that has not expired. */
export const OrderExpirySchema = z.object({
  expired_at: z.string().meta({ description: 'When the sweep settled the expiry (ISO 8601)' }),
  refunded_count: z.number().int().meta({ description: 'Rewards voided at expiry and refunded' }),
  note: z.string().nullable().meta({
    description:
      'Why some value did not come back: rewards opened before they expired, or a card the provider would not cancel; null when everything unopened was refunded',
  }),
});
export type OrderExpiry = z.infer<typeof OrderExpirySchema>;
