import { z } from 'zod';
import { normalizeCountryCode } from './countries';
import { isCurrencyCode } from './currency';
import { deprecatedListKey, listEnvelope } from './lists';
import { AMOUNT_MESSAGE, AMOUNT_PATTERN, opaqueToken, safeText } from './primitives';

/**
 * The catalogue API. Amounts are decimal numbers in the currency's major unit, exact to its minor
 * unit (see currency.ts): `minValue: 25.5` in USD is 2550 cents inside. Products come from the
 * gift-card provider through the catalogue sync; a product the provider no longer offers stays
 * readable by code with `available: false` but is no longer listed.
 */

export const PAYOUT_TYPES = ['gift_card', 'prepaid_card'] as const;
export const PayoutTypeSchema = z.enum(PAYOUT_TYPES);
export type PayoutType = z.infer<typeof PayoutTypeSchema>;

export const PAYOUT_TYPE_LABELS: Record<PayoutType, string> = {
  gift_card: 'Gift card',
  prepaid_card: 'Prepaid card',
};

export const ProductSchema = z
  .object({
    id: z.string().meta({ description: 'Stable identifier of the product in GiftRelay' }),
    code: z.string().meta({ description: 'The product code to order with (`product_code`)', example: 'AMAZON-US' }),
    name: z.string().meta({ example: 'Amazon.com Gift Card' }),
    brand: z.string().meta({ example: 'Amazon' }),
    country: z.string().meta({ description: 'Where the card can be redeemed', example: 'US' }),
    currency: z.string().meta({ description: 'ISO 4217 code of the card value', example: 'USD' }),
    minValue: z.number().meta({ description: 'Smallest value, in the major unit', example: 1 }),
    maxValue: z.number().meta({ description: 'Largest value, in the major unit', example: 2000 }),
    denominations: z.array(z.number()).nullable().meta({
      description: 'The only values allowed, for fixed-value cards; null when any value in range is',
      example: null,
    }),
    payoutType: PayoutTypeSchema,
    category: z.string().meta({ example: 'Retail' }),
    logoUrl: z.string().meta({ description: 'SVG logo', example: '/api/v1/products/AMAZON-US/logo.svg' }),
    description: z.string(),
    redemptionInstructions: z.string(),
    terms: z.string(),
    available: z.boolean().meta({ description: 'False once the provider stops offering it' }),
  })
  .meta({ id: 'Product' });
export type Product = z.infer<typeof ProductSchema>;

export const PRODUCT_SEARCH_MAX_LENGTH = 100;

/**
 * Listing orders: by name (the default); popular first (orders of the brand across GiftRelay in
 * the last 30 days); or by value, the smallest starting value first, compared in major units.
 */
export const PRODUCT_SORTS = ['name', 'popular', 'value'] as const;
export type ProductSort = (typeof PRODUCT_SORTS)[number];
export const PRODUCT_CATEGORY_MAX_LENGTH = 50;
export const PRODUCT_PAGE_SIZE = 50;
export const PRODUCT_PAGE_MAX = 100;

// A parameter sent empty (`?minValue=`) counts as not sent, as the web app omits unset filters.
const optionalParam = <T extends z.ZodType>(schema: T) =>
  z.preprocess((v) => (typeof v === 'string' && v.trim() === '' ? undefined : v), schema.optional());

const countryParam = z
  .string()
  .max(10, 'must be a country code such as US, UK or CA')
  .transform((value, ctx) => {
    const code = normalizeCountryCode(value.trim());
    if (!code) {
      ctx.addIssue({ code: 'custom', message: 'must be a country code such as US, UK or CA' });
      return z.NEVER;
    }
    return code;
  });

const currencyParam = z
  .string()
  .max(10, 'must be an ISO 4217 currency code such as USD, GBP or CAD')
  .transform((value, ctx) => {
    const code = value.trim().toUpperCase();
    if (!/^[A-Z]{3}$/.test(code) || !isCurrencyCode(code)) {
      ctx.addIssue({ code: 'custom', message: 'must be an ISO 4217 currency code such as USD, GBP or CAD' });
      return z.NEVER;
    }
    return code;
  });

const categoryParam = safeText({ max: PRODUCT_CATEGORY_MAX_LENGTH });

// Kept as text so the server converts it to minor units exactly, in the product's currency.
const amountParam = z.string().max(20, AMOUNT_MESSAGE).regex(AMOUNT_PATTERN, AMOUNT_MESSAGE).meta({ example: '25' });

const catalogFilterShape = {
  country: optionalParam(countryParam).meta({ description: 'Country code (US, UK, CA, …)' }),
  currency: optionalParam(currencyParam).meta({ description: 'ISO 4217 currency code' }),
  category: optionalParam(categoryParam).meta({ description: 'Category name, exactly as listed in the facets' }),
  minValue: optionalParam(amountParam).meta({
    description: 'Products whose value range reaches at least this much (major unit of each product’s currency)',
  }),
  maxValue: optionalParam(amountParam).meta({ description: 'Products whose value range starts at or below this' }),
  q: optionalParam(safeText({ max: PRODUCT_SEARCH_MAX_LENGTH })).meta({
    description: 'Case-insensitive search in brand and product name',
  }),
};

function rangeInOrder(query: { minValue?: string; maxValue?: string }, ctx: z.RefinementCtx) {
  if (query.minValue !== undefined && query.maxValue !== undefined && Number(query.minValue) > Number(query.maxValue)) {
    ctx.addIssue({ code: 'custom', path: ['minValue'], message: 'must not be greater than maxValue' });
  }
}

/** What narrows the catalogue: the listing's filters, which the facets count under too. */
export const CatalogFiltersSchema = z.object(catalogFilterShape).superRefine(rangeInOrder);
export type CatalogFiltersQuery = z.infer<typeof CatalogFiltersSchema>;

export const ProductListQuerySchema = z
  .object({
    ...catalogFilterShape,
    sort: optionalParam(z.enum(PRODUCT_SORTS, { error: `must be one of ${PRODUCT_SORTS.join(', ')}` })).meta({
      description: 'name (default), popular (most ordered brands of the last 30 days first) or value (lowest first)',
    }),
    cursor: optionalParam(opaqueToken({ max: 512, message: 'is not a cursor from this API' })).meta({
      description: 'next_cursor from the previous page',
    }),
    limit: optionalParam(
      z
        .string()
        .max(10, `must be a whole number from 1 to ${PRODUCT_PAGE_MAX}`)
        .regex(/^\d+$/, `must be a whole number from 1 to ${PRODUCT_PAGE_MAX}`)
        .transform(Number)
        .pipe(
          z
            .number()
            .min(1, `must be a whole number from 1 to ${PRODUCT_PAGE_MAX}`)
            .max(PRODUCT_PAGE_MAX, `must be a whole number from 1 to ${PRODUCT_PAGE_MAX}`),
        ),
    ).meta({ description: `Page size, default ${PRODUCT_PAGE_SIZE}` }),
  })
  .superRefine(rangeInOrder);
export type ProductListQuery = z.infer<typeof ProductListQuerySchema>;

export const ProductListResponseSchema = listEnvelope(ProductSchema).extend({
  products: deprecatedListKey(ProductSchema, 'products'),
});
export type ProductListResponse = z.infer<typeof ProductListResponseSchema>;

export const ProductResponseSchema = z.object({ success: z.literal(true), product: ProductSchema });
export type ProductResponse = z.infer<typeof ProductResponseSchema>;

export const ProductCodeParamsSchema = z.object({ code: safeText({ min: 1, max: 64, trim: false }) });

/**
 * The filter options the catalogue has, from its available products. With filters given, each
 * list counts the products matching every other filter, the search and value range included (a
 * country's count under the chosen currency, category, range and search), and still names every
 * option so a choice can be changed. `totals` describe the whole catalogue.
 */
export const CatalogFacetsSchema = z.object({
  success: z.literal(true),
  countries: z.array(z.object({ code: z.string(), name: z.string(), count: z.number().int() })),
  currencies: z.array(z.object({ code: z.string(), count: z.number().int() })),
  categories: z.array(z.object({ name: z.string(), count: z.number().int() })),
  totals: z.object({
    products: z.number().int(),
    brands: z.number().int(),
    countries: z.number().int(),
  }),
  sandbox: z.boolean().meta({ description: 'True when the catalogue comes from the sandbox provider' }),
});
export type CatalogFacets = z.infer<typeof CatalogFacetsSchema>;
