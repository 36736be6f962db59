import { z } from 'zod';

const currencyCode = z
  .string()
  .max(10, 'must be an ISO 4217 currency code such as USD, GBP or CAD')
  .trim()
  .transform((value) => value.toUpperCase())
  .pipe(z.string().regex(/^[A-Z]{3}$/, 'must be an ISO 4217 currency code such as USD, GBP or CAD'));

/** GET /api/v1/fx/rates?from=GBP&to=USD: the rate an order in `from` would be charged at in `to`. */
export const FxRateQuerySchema = z.object({
  from: currencyCode.meta({ description: 'The product’s currency', example: 'GBP' }),
  to: currencyCode.meta({ description: 'The billing currency', example: 'USD' }),
});
export type FxRateQuery = z.infer<typeof FxRateQuerySchema>;

export const FxRateSchema = z
  .object({
    success: z.literal(true),
    from: z.string(),
    to: z.string(),
    rate: z.string().meta({ description: 'Units of `to` per unit of `from`, an exact decimal', example: '1.2700' }),
    source: z.string().meta({ description: 'Where the rate comes from', example: 'sandbox-reference' }),
  })
  .meta({ id: 'FxRate' });
export type FxRate = z.infer<typeof FxRateSchema>;

/** How long a quote's rate is held (issue 16): an order naming the quote within it pays that rate. */
export const FX_QUOTE_SECONDS = 60;

/**
 * POST /api/v1/fx/quotes: lock the rate from a product's currency to the organisation's billing
 * currency (`to` defaults to it; another currency cannot be charged, so is refused).
 */
export const CreateFxQuoteBodySchema = z.object({
  from: currencyCode.meta({ description: 'The product’s currency', example: 'GBP' }),
  to: currencyCode
    .meta({ description: 'The billing currency; the organisation’s when left out', example: 'USD' })
    .optional(),
});
export type CreateFxQuoteBody = z.infer<typeof CreateFxQuoteBodySchema>;

export const FxQuoteSchema = z
  .object({
    success: z.literal(true),
    quote_id: z.uuid().meta({ description: 'Pass as `quote_id` on an order to be charged at this rate' }),
    from: z.string(),
    to: z.string(),
    rate: z.string().meta({ description: 'Units of `to` per unit of `from`, an exact decimal', example: '1.27' }),
    source: z.string(),
    created_at: z.string().meta({ description: 'ISO 8601' }),
    expires_at: z.string().meta({ description: 'ISO 8601: an order naming the quote after this is refused' }),
    expires_in: z.number().int().meta({ description: 'Seconds the rate is held from now', example: 60 }),
  })
  .meta({ id: 'FxQuote' });
export type FxQuote = z.infer<typeof FxQuoteSchema>;
