import { STATUS_CODES } from 'node:http';
import type { Duplex } from 'node:stream';
import { ERROR_STATUS, type ErrorBody, type ErrorCode } from '@giftrelay/contracts';
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { hasZodFastifySchemaValidationErrors, isResponseSerializationError } from 'fastify-type-provider-zod';
import { AppError } from '../lib/errors';

type Detail = { path: string; message: string };

declare module 'fastify' {
  interface FastifyInstance {
    /**
     * The methods some route answers for `pathname` (an empty list when no route has the path).
     * The not-found handler uses it to tell a wrong method (405) from an unknown path (404).
     */
    allowedMethods(pathname: string): string[];
  }
}

/**
 * The one place errors become HTTP answers. 5xx bodies never carry internals. (Paths no route
 * answers are the web plugin's: it tells API paths from app pages, and asks `allowedMethods`
 * whether the path is known under another method.)
 */
export const errorsPlugin = fp(
  async (app: FastifyInstance) => {
    app.setErrorHandler((err: FastifyError, request, reply) => {
      const { status, body, headers } = toErrorReply(err);
      if (status >= 500) request.log.error({ err }, 'request failed');
      else request.log.info({ code: body.code, status }, body.error);
      if (headers) reply.headers(headers);
      return reply.status(status).send({ ...body, request_id: request.id });
    });

    // A JSON API reads JSON bodies only: without this, Fastify's own text/plain parser hands a
    // string to routes that expect an object, and the answer is a confusing 400 instead of 415.
    app.removeContentTypeParser('text/plain');

    const routes: { pattern: RegExp; method: string }[] = [];
    app.addHook('onRoute', (route) => {
      const methods = Array.isArray(route.method) ? route.method : [route.method];
      const pattern = routePattern(route.url ?? route.path);
      for (const method of methods) routes.push({ pattern, method: method.toUpperCase() });
    });
    app.decorate('allowedMethods', (pathname: string) => {
      const allowed = new Set<string>();
      for (const r of routes) if (r.pattern.test(pathname)) allowed.add(r.method);
      return [...allowed].sort();
    });
  },
  { name: 'errors' },
);

// A route's path as a regular expression: `:name` is one segment, `*` anything.
function routePattern(url: string): RegExp {
  const source = url
    .split(/(:[A-Za-z0-9_]+|\*)/)
    .map((part) => {
      if (part === '*') return '.*';
      if (part.startsWith(':')) return '[^/]+';
      return part.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
    })
    .join('');
  return new RegExp(`^${source}/?$`);
}

/**
 * Answers 405 METHOD_NOT_ALLOWED with an `Allow` header when `request`'s path is a route under
 * other methods; returns undefined (do the 404) otherwise.
 */
export function replyMethodNotAllowed(app: FastifyInstance, request: FastifyRequest, reply: FastifyReply) {
  const pathname = request.url.split('?')[0] ?? '/';
  const allowed = app.allowedMethods(pathname);
  if (allowed.length === 0 || allowed.includes(request.method)) return undefined;
  return reply
    .status(ERROR_STATUS.METHOD_NOT_ALLOWED)
    .header('allow', allowed.join(', '))
    .send(
      errorBody('METHOD_NOT_ALLOWED', `${request.method} is not allowed on ${pathname}; use ${allowed.join(', ')}`),
    );
}

const CLIENT_ERRORS: Record<string, { code: ErrorCode; error: string }> = {
  HPE_HEADER_OVERFLOW: { code: 'HEADERS_TOO_LARGE', error: 'The request headers are too large' },
  ERR_HTTP_REQUEST_TIMEOUT: { code: 'REQUEST_TIMEOUT', error: 'The request did not arrive in time' },
};

/**
 * Fastify's `clientErrorHandler`: what the HTTP parser refuses before there is a request (headers
 * over Node's limit, a request line that is not HTTP, a request too slow to arrive) answers the
 * API's error body with its stable code, not Node's or Fastify's own text. The connection closes:
 * the parser cannot tell where the next request would start.
 */
export function clientErrorHandler(this: FastifyInstance, err: NodeJS.ErrnoException, socket: Duplex): void {
  if (err.code === 'ECONNRESET' || socket.destroyed) return;
  const known = CLIENT_ERRORS[err.code ?? ''];
  const { code, error } = known ?? { code: 'VALIDATION_ERROR' as const, error: 'The request is not valid HTTP' };
  const status = ERROR_STATUS[code];
  this.log.debug({ code, parserError: err.code }, 'client error');
  if (socket.writable) {
    const body = JSON.stringify(errorBody(code, error));
    socket.write(
      `HTTP/1.1 ${status} ${STATUS_CODES[status]}\r\nContent-Type: application/json; charset=utf-8\r\nContent-Length: ${Buffer.byteLength(body)}\r\nCache-Control: no-store\r\nX-Content-Type-Options: nosniff\r\nConnection: close\r\n\r\n${body}`,
    );
  }
  socket.destroy();
}

export function errorBody(code: ErrorBody['code'], error: string, details?: Detail[]): ErrorBody {
  return details ? { success: false, error, code, details } : { success: false, error, code };
}

// Fastify says `querystring`; the API's error paths say `query`, as the OpenAPI `in` does.
const PART_NAMES: Record<string, string> = { querystring: 'query', body: 'body', params: 'params', headers: 'headers' };

/** The field path every error detail uses: `body.x`, `query.x`, `params.x`, `headers.x`. */
export function fieldPath(part: string, path: readonly PropertyKey[] | string): string {
  const segments = typeof path === 'string' ? path.split('/').filter(Boolean) : path.map(String);
  return [PART_NAMES[part] ?? part, ...segments].join('.');
}

const CODE_BY_STATUS: Record<number, ErrorCode> = {
  401: 'UNAUTHORIZED',
  403: 'FORBIDDEN',
  404: 'NOT_FOUND',
  405: 'METHOD_NOT_ALLOWED',
  409: 'CONFLICT',
  413: 'PAYLOAD_TOO_LARGE',
  415: 'UNSUPPORTED_MEDIA_TYPE',
  429: 'RATE_LIMITED',
};

type ErrorReply = { status: number; body: ErrorBody; headers?: Record<string, string> };

/** An answer with `code`'s own status. */
function answer(code: ErrorCode, error: string, details?: Detail[]): ErrorReply {
  return { status: ERROR_STATUS[code], body: errorBody(code, error, details) };
}

function toErrorReply(err: FastifyError): ErrorReply {
  if (err instanceof AppError) {
    return { status: err.statusCode, body: errorBody(err.code, err.message, err.details), headers: err.headers };
  }
  if (hasZodFastifySchemaValidationErrors(err)) {
    const part = err.validationContext ?? 'request';
    const details = err.validation.map((v) => ({
      path: fieldPath(part, v.instancePath),
      message: v.message ?? 'is invalid',
    }));
    const first = details[0];
    return answer('VALIDATION_ERROR', first ? `${first.path}: ${first.message}` : 'Invalid request', details);
  }
  if (isResponseSerializationError(err)) return answer('INTERNAL_ERROR', 'Internal server error');
  switch (err.code) {
    case 'FST_ERR_CTP_INVALID_JSON_BODY':
    case 'FST_ERR_CTP_EMPTY_JSON_BODY':
      return answer('VALIDATION_ERROR', 'The request body is not valid JSON');
    case 'FST_ERR_CTP_BODY_TOO_LARGE':
      return answer('PAYLOAD_TOO_LARGE', 'The request body is too large');
    case 'FST_ERR_CTP_INVALID_MEDIA_TYPE':
    case 'FST_ERR_CTP_INVALID_CONTENT_LENGTH':
      return err.statusCode === 415
        ? answer('UNSUPPORTED_MEDIA_TYPE', 'Send the request body as application/json')
        : answer('VALIDATION_ERROR', 'The request body does not match its Content-Length');
    case 'FST_ERR_VALIDATION':
      return answer('VALIDATION_ERROR', err.message);
  }
  if (err.statusCode === 429) return answer('RATE_LIMITED', 'Too many requests, please try again later');
  if (err.statusCode && err.statusCode >= 400 && err.statusCode < 500) {
    // Framework errors (FST_*, the JSON parser's) carry their status, kept as it is; the code
    // follows from it (the other way round from ERROR_STATUS, for statuses no code of ours makes).
    return {
      status: err.statusCode,
      body: errorBody(CODE_BY_STATUS[err.statusCode] ?? 'VALIDATION_ERROR', err.message),
    };
  }
  return answer('INTERNAL_ERROR', 'Internal server error');
}
