import type { ErrorCode } from '@giftrelay/contracts';

/**
 * An error the client may see. Thrown anywhere below a route; the error plugin turns it into
 * `{success: false, error, code}` with this status. Anything else becomes a 500 with no details.
 */
export class AppError extends Error {
  constructor(
    readonly statusCode: number,
    readonly code: ErrorCode,
    message: string,
    readonly details?: { path: string; message: string }[],
    readonly headers?: Record<string, string>,
  ) {
    super(message);
    this.name = 'AppError';
  }
}

export const notFound = (what = 'Resource') => new AppError(404, 'NOT_FOUND', `${what} not found`);
export const validationError = (message: string, details?: { path: string; message: string }[]) =>
  new AppError(400, 'VALIDATION_ERROR', message, details);
export const unauthorized = (message = 'Invalid or expired token') => new AppError(401, 'UNAUTHORIZED', message);
