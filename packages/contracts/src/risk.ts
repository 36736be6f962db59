import { z } from 'zod';
import { CURRENCY_CODES } from './currency';
import { listEnvelope, pageQueryFields } from './lists';
import { DECISION_NOTE_MAX } from './orders';
import { AmountSchema, safeText } from './primitives';

/**
 * Fraud and risk controls (issue 37, decision 083). An organisation's rules hold a reward for a
 * person to review, or block it; platform rules (operators) do the same for every organisation.
 * Order-side rules run when an order is placed (API, send dialog, batches alike); claim-side rules
 * (`claim_country_mismatch`, `claims_per_address`) run when the claim page opens, and the code is
 * not shown until a person releases it.
 */
export const RISK_RULE_KINDS = [
  'recipient_domain',
  'disposable_email',
  'recipient_velocity',
  'amount_above',
  'daily_total_above',
  'claim_country_mismatch',
  'claims_per_address',
  'recipient_list',
] as const;
export type RiskRuleKind = (typeof RISK_RULE_KINDS)[number];
/** The kinds evaluated when the claim page opens; the others when the order is placed. */
export const CLAIM_RULE_KINDS: readonly RiskRuleKind[] = ['claim_country_mismatch', 'claims_per_address'];

export const RISK_ACTIONS = ['hold', 'block'] as const;
export type RiskAction = (typeof RISK_ACTIONS)[number];

/** Bounds on every list a rule takes (hostile input: a list of 10,000 domains is a 400). */
export const RISK_LIST_MAX = 500;
export const RISK_RULES_MAX = 50;
export const RISK_DOMAIN_MAX = 253;
export const RISK_EMAIL_MAX = 254;
export const RISK_PERIOD_DAYS_MAX = 365;
export const RISK_COUNT_MAX = 100_000;

const DOMAIN_PATTERN = /^(?=.{1,253}$)([a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?\.)+[a-z]{2,63}$/;
const domain = z
  .string({ error: 'each domain must be text such as example.com' })
  .trim()
  .toLowerCase()
  .max(RISK_DOMAIN_MAX, `each domain must be at most ${RISK_DOMAIN_MAX} characters`)
  .regex(DOMAIN_PATTERN, 'each domain must be a domain name such as example.com');
const email = z
  .string({ error: 'each email must be an email address' })
  .trim()
  .toLowerCase()
  .max(RISK_EMAIL_MAX, `each email must be at most ${RISK_EMAIL_MAX} characters`)
  .pipe(z.email({ error: 'each email must be an email address' }));
const list = <T extends z.ZodType>(item: T, field: string) =>
  z
    .array(item, { error: `${field} must be a list` })
    .min(1, `${field} must name at least one`)
    .max(RISK_LIST_MAX, `${field} takes at most ${RISK_LIST_MAX} entries`)
    .transform((values) => [...new Set(values as string[])]);
const count = (field: string, max = RISK_COUNT_MAX) => {
  const message = `${field} must be a whole number from 1 to ${max}`;
  return z.number({ error: message }).int(message).min(1, message).max(max, message);
};
const currency = z.enum(CURRENCY_CODES as [string, ...string[]], {
  error: 'currency must be a three-letter currency code such as USD',
});

const action = z.enum(RISK_ACTIONS, { error: 'action must be "hold" or "block"' });
const reason = safeText({ max: 200, tooLong: 'reason must be at most 200 characters' });
/** Every rule: what it does, and an optional reason the people who decide read beside the rule's own. */
const base = { action, reason: reason.optional() };

/**
 * Each kind's own fields, as the issue names them. `recipient_domain`: `match` `deny` (the default)
 * catches the listed domains, `allow` every other. `recipient_velocity`: more than `max_rewards`
 * rewards to one address in `period_days`, across the organisation. `amount_above`: one reward's
 * face value above `amount` (in `currency`, converted at the day's rate). `daily_total_above`: the
 * organisation's charged orders of the UTC day, this one included, above `amount`.
 * `claims_per_address`: more than `max_claims` different rewards opened from one IP address in
 * `period_days`. `recipient_list`: `flag` catches the listed addresses, `allow` exempts them from
 * every other rule of the organisation (its action is not used).
 */
export const RiskRuleBodySchema = z.discriminatedUnion(
  'kind',
  [
    z
      .object({
        kind: z.literal('recipient_domain'),
        ...base,
        domains: list(domain, 'domains'),
        match: z.enum(['deny', 'allow'], { error: 'match must be "deny" or "allow"' }).default('deny'),
      })
      .strict(),
    z.object({ kind: z.literal('disposable_email'), ...base }).strict(),
    z
      .object({
        kind: z.literal('recipient_velocity'),
        ...base,
        max_rewards: count('max_rewards'),
        period_days: count('period_days', RISK_PERIOD_DAYS_MAX),
      })
      .strict(),
    z.object({ kind: z.literal('amount_above'), ...base, amount: AmountSchema, currency }).strict(),
    z.object({ kind: z.literal('daily_total_above'), ...base, amount: AmountSchema, currency }).strict(),
    z.object({ kind: z.literal('claim_country_mismatch'), ...base }).strict(),
    z
      .object({
        kind: z.literal('claims_per_address'),
        ...base,
        max_claims: count('max_claims'),
        period_days: count('period_days', RISK_PERIOD_DAYS_MAX),
      })
      .strict(),
    z
      .object({
        kind: z.literal('recipient_list'),
        ...base,
        emails: list(email, 'emails'),
        list: z.enum(['flag', 'allow'], { error: 'list must be "flag" or "allow"' }),
      })
      .strict(),
  ],
  { error: `kind must be one of ${RISK_RULE_KINDS.join(', ')}` },
);
export type RiskRuleBody = z.infer<typeof RiskRuleBodySchema>;

const money = {
  amount: z.number().meta({ description: 'In the currency’s major unit' }),
  amount_minor: z.number().int(),
  currency: z.string(),
};
const ruleCommon = {
  id: z.uuid(),
  action: z.enum(RISK_ACTIONS),
  reason: z.string().nullable(),
  created_at: z.string(),
  updated_at: z.string(),
};
/** A rule as the API answers it: the body's fields (amounts also in minor units), id and times. */
export const RiskRuleSchema = z.discriminatedUnion('kind', [
  z.object({
    kind: z.literal('recipient_domain'),
    ...ruleCommon,
    domains: z.array(z.string()),
    match: z.enum(['deny', 'allow']),
  }),
  z.object({ kind: z.literal('disposable_email'), ...ruleCommon }),
  z.object({
    kind: z.literal('recipient_velocity'),
    ...ruleCommon,
    max_rewards: z.number().int(),
    period_days: z.number().int(),
  }),
  z.object({ kind: z.literal('amount_above'), ...ruleCommon, ...money }),
  z.object({ kind: z.literal('daily_total_above'), ...ruleCommon, ...money }),
  z.object({ kind: z.literal('claim_country_mismatch'), ...ruleCommon }),
  z.object({
    kind: z.literal('claims_per_address'),
    ...ruleCommon,
    max_claims: z.number().int(),
    period_days: z.number().int(),
  }),
  z.object({
    kind: z.literal('recipient_list'),
    ...ruleCommon,
    emails: z.array(z.string()),
    list: z.enum(['flag', 'allow']),
  }),
]);
export type RiskRule = z.infer<typeof RiskRuleSchema>;

export const RiskRuleResponseSchema = z.object({ success: z.literal(true), rule: RiskRuleSchema });
export const ListRiskRulesResponseSchema = z.object({ success: z.literal(true), data: z.array(RiskRuleSchema) });
export const RiskRuleParamsSchema = z.object({ id: z.uuid('id must be a rule id') });
export const DeleteRiskRuleResponseSchema = z.object({ success: z.literal(true), id: z.uuid() });

/**
 * Platform rules (operators): an address or a domain held or blocked for every organisation.
 * `/api/v1/operator/risk/rules`.
 */
export const PLATFORM_RULE_KINDS = ['recipient_email', 'recipient_domain'] as const;
export const PlatformRiskRuleBodySchema = z.discriminatedUnion(
  'kind',
  [
    z.object({ kind: z.literal('recipient_email'), action, reason: reason.optional(), value: email }).strict(),
    z.object({ kind: z.literal('recipient_domain'), action, reason: reason.optional(), value: domain }).strict(),
  ],
  { error: `kind must be one of ${PLATFORM_RULE_KINDS.join(', ')}` },
);
export type PlatformRiskRuleBody = z.infer<typeof PlatformRiskRuleBodySchema>;
export const PlatformRiskRuleSchema = z.object({
  id: z.uuid(),
  kind: z.enum(PLATFORM_RULE_KINDS),
  value: z.string(),
  action: z.enum(RISK_ACTIONS),
  reason: z.string().nullable(),
  created_at: z.string(),
  created_by_email: z.string().nullable(),
});
export type PlatformRiskRule = z.infer<typeof PlatformRiskRuleSchema>;
export const PlatformRiskRuleResponseSchema = z.object({ success: z.literal(true), rule: PlatformRiskRuleSchema });
export const ListPlatformRiskRulesResponseSchema = z.object({
  success: z.literal(true),
  data: z.array(PlatformRiskRuleSchema),
});

/** Reviews: a held order (stage `order`) or a reward held when its claim page opened (stage `claim`). */
export const RISK_REVIEW_STATUSES = ['pending', 'released', 'blocked', 'closed'] as const;
export type RiskReviewStatus = (typeof RISK_REVIEW_STATUSES)[number];
export const RISK_REVIEW_STAGES = ['order', 'claim'] as const;

/** One rule a review matched, with the reason shown to the people who decide. */
export const RiskMatchSchema = z.object({
  /** The organisation's or platform rule; null for a sandbox trigger. */
  rule_id: z.uuid().nullable(),
  scope: z.enum(['organisation', 'platform', 'sandbox']),
  kind: z.string(),
  action: z.enum(RISK_ACTIONS),
  reason: z.string(),
});
export type RiskMatch = z.infer<typeof RiskMatchSchema>;

export const RiskReviewSchema = z.object({
  id: z.uuid(),
  /**
   * `pending`: waiting for a person, the money held (or, at the claim, the code hidden);
   * `released`: it went on; `blocked`: its value went back to the balance; `closed`: settled
   * another way while waiting (the order was voided).
   */
  status: z.enum(RISK_REVIEW_STATUSES),
  stage: z.enum(RISK_REVIEW_STAGES),
  /** `platform` when a platform rule held it: operators decide it. */
  scope: z.enum(['organisation', 'platform']),
  organisation_id: z.uuid(),
  order_id: z.uuid(),
  /** The reward held at its claim; null for a held order. */
  reward_id: z.uuid().nullable(),
  /** Decision 088: null for an order sent by text only (no address rule matches it). */
  recipient_email: z.string().nullable().meta({ description: 'The address; null for an order sent by text only' }),
  // Optional: `reward.held` events stored before decision 088 do not have it.
  recipient_phone: z.string().nullable().optional().meta({ description: 'The number texted (E.164), or null' }),
  brand: z.string(),
  product_name: z.string(),
  /** The face value of what is held (the order's, or the reward's). */
  amount: z.number(),
  amount_minor: z.number().int(),
  currency: z.string(),
  /** What the decision refunds on a block, in the charge currency. */
  held: z.number(),
  held_minor: z.number().int(),
  charge_currency: z.string(),
  matched: z.array(RiskMatchSchema),
  /** The claim's address and country (stage `claim`), and the reward's country. */
  claim: z
    .object({ ip: z.string().nullable(), country: z.string().nullable(), reward_country: z.string().nullable() })
    .nullable(),
  created_at: z.string(),
  decided_at: z.string().nullable(),
  /** The person who decided; null while pending or once they are gone. */
  decided_by_email: z.string().nullable(),
  note: z.string().nullable(),
  /**
   * A reward blocked at its claim (decision 090): its card is cancelled through the provider and
   * its exact share refunded. `requested` while the provider has not answered (retried by the
   * platform), `refunded`, or `not_refunded` with `note` saying why (the provider refused, or the
   * recipient had opened it before it was held). Null for anything else.
   */
  refund: z
    .object({
      state: z.enum(['requested', 'refunded', 'not_refunded']),
      refunded: z.number(),
      refunded_minor: z.number().int(),
      note: z.string().nullable(),
    })
    .nullable(),
  sandbox: z.boolean(),
});
export type RiskReview = z.infer<typeof RiskReviewSchema>;

/** The recipient's history in this organisation, on the one-review read. */
export const RecipientHistorySchema = z.object({
  orders: z.number().int(),
  rewards: z.number().int(),
  held_before: z.number().int().meta({ description: 'Earlier reviews of this recipient' }),
  blocked_before: z.number().int(),
  first_order_at: z.string().nullable(),
  recent: z.array(
    z.object({
      order_id: z.uuid(),
      status: z.string(),
      amount: z.number(),
      currency: z.string(),
      created_at: z.string(),
    }),
  ),
});
export const RiskReviewDetailSchema = RiskReviewSchema.extend({ recipient_history: RecipientHistorySchema });
export type RiskReviewDetail = z.infer<typeof RiskReviewDetailSchema>;

export const ListRiskReviewsQuerySchema = z.object({
  status: z
    .enum(RISK_REVIEW_STATUSES, { error: `status must be one of ${RISK_REVIEW_STATUSES.join(', ')}` })
    .optional(),
  ...pageQueryFields,
});
export type ListRiskReviewsQuery = z.infer<typeof ListRiskReviewsQuerySchema>;
export const ListRiskReviewsResponseSchema = listEnvelope(RiskReviewSchema);
export const RiskReviewResponseSchema = z.object({ success: z.literal(true), review: RiskReviewDetailSchema });
export const RiskReviewParamsSchema = z.object({ id: z.uuid('id must be a review id') });

/** POST /api/v1/risk/reviews/{id}/release and /block: an optional note, kept with the decision. */
export const RiskDecisionBodySchema = z
  .object({
    note: safeText({
      max: DECISION_NOTE_MAX,
      multiline: true,
      tooLong: `note must be at most ${DECISION_NOTE_MAX} characters`,
    }).optional(),
  })
  .strict();
export type RiskDecisionBody = z.infer<typeof RiskDecisionBodySchema>;
export const RiskDecisionResponseSchema = z.object({ success: z.literal(true), review: RiskReviewSchema });

/**
 * Deterministic sandbox triggers (documented on the docs page): in sandbox mode an order to an
 * address at `hold.sandbox.giftrelay.test` is always held, one at `block.sandbox.giftrelay.test`
 * always refused, and an order whose face value is exactly 13.13 always held.
 */
export const SANDBOX_HOLD_DOMAIN = 'hold.sandbox.giftrelay.test';
export const SANDBOX_BLOCK_DOMAIN = 'block.sandbox.giftrelay.test';
export const SANDBOX_HOLD_AMOUNT_MINOR = 1313;

/** The neutral words a recipient sees for a held or blocked reward. */
export const CLAIM_PENDING_REVIEW_MESSAGE = 'This reward is being prepared. Please check back later.';
export const CLAIM_UNAVAILABLE_MESSAGE = 'This reward is no longer available. Please contact the sender.';
