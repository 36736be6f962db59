import { ErrorBodySchema } from '@giftrelay/contracts';
import { z } from 'zod';

const ERROR_DESCRIPTIONS = {
  400: 'The request is invalid: VALIDATION_ERROR naming the field in `details`, or a code of the operation',
  401: 'UNAUTHORIZED: the bearer token or API key is missing, invalid or expired, its session has ended or the key was revoked',
  402: 'INSUFFICIENT_FUNDS: the balance does not cover the charge; SENDING_FROZEN: a card refund or dispute left a shortfall, and sending waits until a top-up pays it',
  403: 'The caller may not do this (FORBIDDEN, EMAIL_NOT_CONFIRMED); for an API key, FORBIDDEN names the scope it lacks',
  404: 'NOT_FOUND: nothing with this identifier (in this organisation)',
  409: 'CONFLICT, QUOTE_EXPIRED for an FX quote past its 60 seconds, or IDEMPOTENCY_KEY_IN_USE while an earlier request with the key is still running',
  413: 'PAYLOAD_TOO_LARGE: the body is over 1 MiB',
  415: 'UNSUPPORTED_MEDIA_TYPE: send the body as application/json',
  422: 'IDEMPOTENCY_KEY_REUSED: the Idempotency-Key was used with a different request',
  429: 'RATE_LIMITED: too many requests; `Retry-After` says how many seconds to wait',
  503: 'SERVICE_UNAVAILABLE: the gift-card provider did not answer; the same request again (same Idempotency-Key) finishes it',
} as const;

export type ErrorStatus = keyof typeof ERROR_DESCRIPTIONS;

type ErrorResponse = { description: string; content: { 'application/json': { schema: typeof ErrorBodySchema } } };

/**
 * The documented error answers of an operation: each status with its meaning and the one error
 * body, always as JSON (also for operations whose success is CSV or SVG).
 */
export function errorResponses<S extends ErrorStatus>(...statuses: S[]): Record<S, ErrorResponse> {
  return Object.fromEntries(
    statuses.map((status) => [
      status,
      { description: ERROR_DESCRIPTIONS[status], content: { 'application/json': { schema: ErrorBodySchema } } },
    ]),
  ) as unknown as Record<S, ErrorResponse>;
}

/** What any operation with a JSON body can answer before its handler runs. */
export const BODY_ERRORS = [400, 413, 415] as const;

/** A success answer that is not JSON (CSV, SVG), documented with its own media type. */
export function mediaResponse(mediaType: string, description: string) {
  return { description, content: { [mediaType]: { schema: z.string() } } };
}

export const BEARER = [{ bearerAuth: [] }];
export const PUBLIC: [] = [];
