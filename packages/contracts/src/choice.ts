import { z } from 'zod';
import { normalizeCountryCode } from './countries';
import { isCurrencyCode } from './currency';
import { listEnvelope, pageQueryFields } from './lists';
import { AMOUNT_MESSAGE, AMOUNT_PATTERN, safeText } from './primitives';

/**
 * Recipient's choice (issue 32, decision 080). A choice reward is a value in a currency and a set
 * of products the recipient may pick from on the claim page: a list of product codes, or a saved
 * choice set (its own list, or a rule resolved against the catalogue at the order's value). The
 * total is held at send; nothing is asked of the provider until the pick, which issues the card.
 */

export const CHOICE_SET_NAME_MAX = 100;
/** The most products one choice may list (a rule is not capped: it is what the catalogue holds). */
export const CHOICE_PRODUCTS_MAX = 50;
/** What a choice order and its reward say in place of a product until the recipient picks. */
export const CHOICE_PRODUCT_CODE = 'RECIPIENTS-CHOICE';
export const CHOICE_PRODUCT_NAME = 'Recipient’s choice';

const productCode = safeText({
  min: 1,
  max: 100,
  required: 'each product code must be text',
  tooShort: 'a product code must not be empty',
  tooLong: 'a product code is at most 100 characters',
});

/** One to 50 product codes, each once. */
export const ChoiceProductCodesSchema = z
  .array(productCode, { error: 'product_codes must be a list of product codes' })
  .min(1, 'product_codes must list at least one product')
  .max(CHOICE_PRODUCTS_MAX, `product_codes may list at most ${CHOICE_PRODUCTS_MAX} products`)
  .refine((codes) => new Set(codes).size === codes.length, 'product_codes must not list a product twice')
  .meta({ description: 'Product codes the recipient may pick from', example: ['AMAZON-US', 'TARGET-US'] });

const RULE_COUNTRY_MESSAGE = 'country must be a country code such as US, UK or CA';
const RULE_CURRENCY_MESSAGE = 'currency must be an ISO 4217 currency code such as USD, GBP or CAD';

/**
 * A rule: every available product of the catalogue matching all the fields given that accepts
 * the order's value, resolved when the order is placed (the options are fixed then) and again
 * when a choice set is previewed.
 */
export const ChoiceRuleSchema = z
  .object({
    category: safeText({ min: 1, max: 50, tooLong: 'category must be at most 50 characters' }).optional(),
    country: z
      .string({ error: RULE_COUNTRY_MESSAGE })
      .max(10, RULE_COUNTRY_MESSAGE)
      .transform((value, ctx) => {
        const code = normalizeCountryCode(value.trim());
        if (!code) {
          ctx.addIssue({ code: 'custom', message: RULE_COUNTRY_MESSAGE });
          return z.NEVER;
        }
        return code;
      })
      .optional(),
    currency: z
      .string({ error: RULE_CURRENCY_MESSAGE })
      .max(10, RULE_CURRENCY_MESSAGE)
      .transform((value, ctx) => {
        const code = value.trim().toUpperCase();
        if (!/^[A-Z]{3}$/.test(code) || !isCurrencyCode(code)) {
          ctx.addIssue({ code: 'custom', message: RULE_CURRENCY_MESSAGE });
          return z.NEVER;
        }
        return code;
      })
      .optional(),
  })
  .strict()
  .refine((r) => r.category !== undefined || r.country !== undefined || r.currency !== undefined, {
    message: 'rule must name at least one of category, country or currency',
  })
  .meta({ description: 'Every available product matching all the fields given that accepts the order’s value' });
export type ChoiceRule = z.infer<typeof ChoiceRuleSchema>;

export const ChoiceSetSchema = z.object({
  id: z.uuid().meta({ description: 'The set’s id: an order’s `choice.choice_set_id`, a batch row’s `choice_set`' }),
  name: z.string().meta({ example: 'Coffee and books' }),
  /** Exactly one of `product_codes` and `rule` is non-null. */
  product_codes: z
    .array(z.string())
    .nullable()
    .meta({ description: 'The products, when the set lists them', example: ['AMAZON-US', 'STARBUCKS-US'] }),
  rule: z
    .object({ category: z.string().optional(), country: z.string().optional(), currency: z.string().optional() })
    .nullable()
    .meta({ description: 'The rule, when the set is one', example: null }),
  created_at: z.string(),
  updated_at: z.string(),
});
export type ChoiceSet = z.infer<typeof ChoiceSetSchema>;

const choiceSetName = safeText({
  min: 1,
  max: CHOICE_SET_NAME_MAX,
  required: 'name is required',
  tooShort: 'name is required',
  tooLong: `name must be at most ${CHOICE_SET_NAME_MAX} characters`,
});

const ONE_FORM = 'give either product_codes or rule, not both';

/** POST /api/v1/choice-sets: a name and exactly one of `product_codes` or `rule`. */
export const CreateChoiceSetBodySchema = z
  .object({
    name: choiceSetName,
    product_codes: ChoiceProductCodesSchema.optional(),
    rule: ChoiceRuleSchema.optional(),
  })
  .strict()
  .superRefine((b, ctx) => {
    if (b.product_codes !== undefined && b.rule !== undefined)
      ctx.addIssue({ code: 'custom', path: ['rule'], message: ONE_FORM });
    if (b.product_codes === undefined && b.rule === undefined)
      ctx.addIssue({ code: 'custom', path: ['product_codes'], message: 'give product_codes or rule' });
  });
export type CreateChoiceSetBody = z.infer<typeof CreateChoiceSetBodySchema>;

/** PATCH /api/v1/choice-sets/{id}: a new name, and/or products or a rule (which replaces the other). */
export const UpdateChoiceSetBodySchema = z
  .object({
    name: choiceSetName.optional(),
    product_codes: ChoiceProductCodesSchema.optional(),
    rule: ChoiceRuleSchema.optional(),
  })
  .strict()
  .superRefine((b, ctx) => {
    if (b.product_codes !== undefined && b.rule !== undefined)
      ctx.addIssue({ code: 'custom', path: ['rule'], message: ONE_FORM });
    if (b.name === undefined && b.product_codes === undefined && b.rule === undefined)
      ctx.addIssue({ code: 'custom', path: ['name'], message: 'give name, product_codes or rule to change' });
  });
export type UpdateChoiceSetBody = z.infer<typeof UpdateChoiceSetBodySchema>;

export const ChoiceSetIdParamsSchema = z.object({ id: z.uuid('id must be a choice set id') });
export const ChoiceSetResponseSchema = z.object({ success: z.literal(true), choice_set: ChoiceSetSchema });
export const ListChoiceSetsQuerySchema = z.object({ ...pageQueryFields });
export const ListChoiceSetsResponseSchema = listEnvelope(ChoiceSetSchema);

/** A product a choice offers, as the claim page, the preview and the order detail show it. */
export const ChoiceOptionSchema = z.object({
  code: z.string().meta({ description: 'The product code: what a pick sends as `product_code`', example: 'AMAZON-US' }),
  name: z.string().meta({ example: 'Amazon.com Gift Card' }),
  brand: z.string().meta({ example: 'Amazon' }),
  logo: z
    .string()
    .meta({ description: 'The product’s logo (SVG) on this site', example: '/api/v1/products/AMAZON-US/logo.svg' }),
  terms: z.string().meta({ description: 'The card’s terms, shown beside it on the claim page' }),
  redemption_instructions: z.string(),
  available: z
    .boolean()
    .meta({ description: 'False when the provider no longer offers it, or said it is out of stock at a pick' }),
});
export type ChoiceOption = z.infer<typeof ChoiceOptionSchema>;

/**
 * GET /api/v1/choice-sets/{id}/options?amount=25&currency=USD: what the set offers at that value
 * now (a rule resolved against today's catalogue), as an order placed now would fix it.
 */
export const ChoiceSetOptionsQuerySchema = z.object({
  amount: z
    .string({ error: `amount ${AMOUNT_MESSAGE}` })
    .max(20, `amount ${AMOUNT_MESSAGE}`)
    .regex(AMOUNT_PATTERN, `amount ${AMOUNT_MESSAGE}`)
    .meta({ description: 'The reward’s value, in the major unit of `currency`', example: '25' }),
  currency: z
    .string({ error: RULE_CURRENCY_MESSAGE })
    .max(10, RULE_CURRENCY_MESSAGE)
    .transform((v) => v.trim().toUpperCase())
    .refine((v) => /^[A-Z]{3}$/.test(v) && isCurrencyCode(v), RULE_CURRENCY_MESSAGE)
    .meta({ example: 'USD' }),
});
export const ChoiceSetOptionsResponseSchema = z.object({
  success: z.literal(true),
  options: z.array(ChoiceOptionSchema),
});

/**
 * The order body's choice form (`choice` with `amount` and `currency`, instead of `product_code`):
 * a list of product codes, or a saved choice set.
 */
export const OrderChoiceBodySchema = z.union(
  [
    z.object({ product_codes: ChoiceProductCodesSchema }).strict(),
    z.object({ choice_set_id: z.uuid({ error: 'choice_set_id must be a choice set id' }) }).strict(),
  ],
  { error: 'choice must be {product_codes: [...]} or {choice_set_id}' },
);
export type OrderChoiceBody = z.infer<typeof OrderChoiceBodySchema>;

/**
 * A choice order's and reward's choice, in order answers and events: the set it came from (if
 * any), the options fixed when it was placed, and the recipient's pick once made.
 */
export const OrderChoiceSchema = z.object({
  choice_set_id: z.uuid().nullable().meta({ description: 'The choice set it was placed with, or null for a list' }),
  choice_set_name: z.string().nullable(),
  product_codes: z.array(z.string()).meta({ description: 'The options fixed when the order was placed' }),
  chosen_product_code: z.string().nullable().meta({ description: 'The recipient’s pick; null until they pick' }),
  chosen_at: z.string().nullable(),
});
export type OrderChoice = z.infer<typeof OrderChoiceSchema>;

/**
 * The claim page of a choice reward: GET /api/v1/claims/{token}/choice lists the options valid
 * for its value. POST /api/v1/claims/{token}/choice `{product_code}` picks one (idempotent: the
 * same pick again answers the same; another product once one is picked is 409 CHOICE_ALREADY_MADE).
 */
export const ClaimChoiceSchema = z.object({
  success: z.literal(true),
  /** `awaiting_choice` until the pick; `pending` while the card is being issued; then `issued`. */
  status: z.enum(['awaiting_choice', 'pending', 'issued', 'failed', 'voided']).meta({
    description:
      '`awaiting_choice` until the pick; `pending` while the card is being issued (ask again); `issued` once it is (GET /claims/{token} shows the code); `voided` when the sender voided it or it expired before the pick; `failed` when it could not be issued (the value went back to the sender).',
    example: 'awaiting_choice',
  }),
  currency: z.string().meta({ example: 'USD' }),
  amount: z.number().meta({ description: 'The reward’s value, in the major unit of `currency`', example: 25 }),
  options: z.array(ChoiceOptionSchema),
  chosen_product_code: z
    .string()
    .nullable()
    .meta({ description: 'The product picked; null until the pick', example: null }),
  /**
   * Why the last pick came back to the recipient, while `awaiting_choice`: `out_of_stock` (that
   * product ran out: it shows unavailable, pick another) or `try_again_later` (the provider
   * refused; the value is kept). Null otherwise.
   */
  problem: z.enum(['out_of_stock', 'try_again_later']).nullable().meta({
    description:
      'Why the last pick came back, while `awaiting_choice`: `out_of_stock` (that product ran out: it shows unavailable, pick another) or `try_again_later` (the provider refused; the value is kept). Null otherwise.',
    example: null,
  }),
});
export type ClaimChoice = z.infer<typeof ClaimChoiceSchema>;

export const PickChoiceBodySchema = z
  .object({
    product_code: safeText({
      min: 1,
      max: 100,
      required: 'product_code is required',
      tooShort: 'product_code is required',
      tooLong: 'product_code is too long',
    }).meta({ description: 'One of the options’ `code`', example: 'AMAZON-US' }),
  })
  .strict();
export type PickChoiceBody = z.infer<typeof PickChoiceBodySchema>;
