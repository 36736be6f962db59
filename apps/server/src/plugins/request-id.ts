import { randomUUID } from 'node:crypto';
import type { IncomingMessage } from 'node:http';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';

/** What a caller's own X-Request-Id may be; anything else is replaced, never echoed. */
const REQUEST_ID = /^[A-Za-z0-9._:-]{1,128}$/;

/**
 * Fastify's `genReqId`: the caller's `X-Request-Id` when it is well-formed (so one id follows a
 * request through the caller's logs and ours), else a fresh UUID. Fastify's own
 * `requestIdHeader` would take any header value as it is, control characters and all.
 */
export function requestId(req: IncomingMessage): string {
  const given = req.headers['x-request-id'];
  return typeof given === 'string' && REQUEST_ID.test(given) ? given : randomUUID();
}

/**
 * Every answer carries `X-Request-Id`: routes, errors, 404s and static files alike (an
 * `onRequest` hook on the root runs before all of them). Logs carry it as `reqId`, error bodies
 * as `request_id` (the errors plugin).
 */
export const requestIdPlugin = fp(
  async (app: FastifyInstance) => {
    app.addHook('onRequest', (request, reply, done) => {
      reply.header('x-request-id', request.id);
      done();
    });
  },
  { name: 'request-id' },
);
