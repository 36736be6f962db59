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
  'INVALID_CODE',
  'QUOTE_EXPIRED',
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
