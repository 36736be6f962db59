import { ERROR_STATUS, type ErrorCode } from '@giftrelay/contracts';

/**
 * An error the client may see. Thrown anywhere below a route; the error plugin turns it into
 * `{success: false, error, code}` with the code's status (`ERROR_STATUS` in the contracts, the
 * one map of codes to statuses). Anything else becomes a 500 with no details.
 */
export class AppError extends Error {
  readonly statusCode: number;

  constructor(
    readonly code: ErrorCode,
    message: string,
    readonly details?: { path: string; message: string }[],
    readonly headers?: Record<string, string>,
  ) {
    super(message);
    this.name = 'AppError';
    this.statusCode = ERROR_STATUS[code];
  }
}

export const notFound = (what = 'Resource') => new AppError('NOT_FOUND', `${what} not found`);
export const validationError = (message: string, details?: { path: string; message: string }[]) =>
  new AppError('VALIDATION_ERROR', message, details);

/**
 * 401 UNAUTHORIZED. A refused bearer token (`challenge: 'bearer'`) carries the RFC 6750
 * `WWW-Authenticate` challenge; a refused refresh cookie does not, as no bearer token was sent.
 */
export const unauthorized = (message: string, challenge?: 'bearer') =>
  new AppError(
    'UNAUTHORIZED',
    message,
    undefined,
    challenge ? { 'www-authenticate': 'Bearer error="invalid_token"' } : undefined,
  );
