import type { ErrorBody } from '@giftrelay/contracts';
import type { FastifyError, FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { hasZodFastifySchemaValidationErrors, isResponseSerializationError } from 'fastify-type-provider-zod';
import { AppError } from '../lib/errors';

type Detail = { path: string; message: string };

/**
 * The one place errors become HTTP answers. 5xx bodies never carry internals. (Paths no route
 * answers are the web plugin's: it tells API paths from app pages.)
 */
export const errorsPlugin = fp(
  async (app: FastifyInstance) => {
    app.setErrorHandler((err: FastifyError, request, reply) => {
      const { status, body, headers } = toErrorReply(err);
      if (status >= 500) request.log.error({ err }, 'request failed');
      else request.log.info({ code: body.code, status }, body.error);
      if (headers) reply.headers(headers);
      return reply.status(status).send(body);
    });
  },
  { name: 'errors' },
);

export function errorBody(code: ErrorBody['code'], error: string, details?: Detail[]): ErrorBody {
  return details ? { success: false, error, code, details } : { success: false, error, code };
}

function toErrorReply(err: FastifyError): { status: number; body: ErrorBody; headers?: Record<string, string> } {
  if (err instanceof AppError) {
    return { status: err.statusCode, body: errorBody(err.code, err.message, err.details), headers: err.headers };
  }
  if (hasZodFastifySchemaValidationErrors(err)) {
    const part = err.validationContext ?? 'request';
    const details = err.validation.map((v) => ({
      path: [part, ...v.instancePath.split('/').filter(Boolean)].join('.'),
      message: v.message ?? 'is invalid',
    }));
    const first = details[0];
    return {
      status: 400,
      body: errorBody('VALIDATION_ERROR', first ? `${first.path}: ${first.message}` : 'Invalid request', details),
    };
  }
  if (isResponseSerializationError(err)) {
    return { status: 500, body: errorBody('INTERNAL_ERROR', 'Internal server error') };
  }
  switch (err.code) {
    case 'FST_ERR_CTP_INVALID_JSON_BODY':
    case 'FST_ERR_CTP_EMPTY_JSON_BODY':
      return { status: 400, body: errorBody('VALIDATION_ERROR', 'The request body is not valid JSON') };
    case 'FST_ERR_CTP_BODY_TOO_LARGE':
      return { status: 413, body: errorBody('PAYLOAD_TOO_LARGE', 'The request body is too large') };
    case 'FST_ERR_CTP_INVALID_MEDIA_TYPE':
      return { status: 415, body: errorBody('UNSUPPORTED_MEDIA_TYPE', 'Send the request body as application/json') };
    case 'FST_ERR_VALIDATION':
      return { status: 400, body: errorBody('VALIDATION_ERROR', err.message) };
  }
  if (err.statusCode === 429) {
    return { status: 429, body: errorBody('RATE_LIMITED', 'Too many requests, please try again later') };
  }
  if (err.statusCode && err.statusCode >= 400 && err.statusCode < 500) {
    return { status: err.statusCode, body: errorBody('VALIDATION_ERROR', err.message) };
  }
  return { status: 500, body: errorBody('INTERNAL_ERROR', 'Internal server error') };
}
