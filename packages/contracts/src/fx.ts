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
