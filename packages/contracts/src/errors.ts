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
  'SERVICE_UNAVAILABLE',
  'INTERNAL_ERROR',
] as const;

export const ErrorCodeSchema = z.enum(ERROR_CODES);
export type ErrorCode = z.infer<typeof ErrorCodeSchema>;

export const ErrorBodySchema = z.object({
  success: z.literal(false),
  error: z.string(),
  code: ErrorCodeSchema,
  details: z.array(z.object({ path: z.string(), message: z.string() })).optional(),
  /** The request's X-Request-Id: quote it when reporting a problem. */
  request_id: z.string().optional(),
});
export type ErrorBody = z.infer<typeof ErrorBodySchema>;
