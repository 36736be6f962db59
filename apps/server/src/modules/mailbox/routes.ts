import { timingSafeEqual } from 'node:crypto';
import { listPage, MailboxListSchema, MailboxMessageResponseSchema, MailboxQuerySchema } from '@giftrelay/contracts';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { hashToken } from '../../lib/crypto';
import { AppError, notFound } from '../../lib/errors';
import { errorResponses, PUBLIC } from '../../lib/openapi';
import { findMessage, listMessages } from './repository';

/**
 * Whether this instance is one person's, on their own machine: its PUBLIC_URL is a loopback
 * address and no proxy is trusted. Only then does the mailbox answer loopback without
 * MAILBOX_TOKEN. A proxy on the same host that sends no forwarding header (nginx's plain
 * proxy_pass) makes every visitor loopback; an instance with a public address or a trusted proxy
 * is served to others, so there the token is required (fails closed).
 */
export function isLocalInstance(publicUrl: string, trustProxy: boolean | string[]): boolean {
  if (trustProxy === true || (Array.isArray(trustProxy) && trustProxy.length > 0)) return false;
  const host = new URL(publicUrl).hostname.replace(/^\[|\]$/g, '');
  return host === 'localhost' || host.endsWith('.localhost') || /^127\./.test(host) || host === '::1';
}

/**
 * The built-in mailbox's API. Registered only while no SMTP server is configured (never in
 * production, which requires one): it shows every email the app sent, links and all. So it
 * answers only a caller on this machine (the socket's address, never X-Forwarded-For, which a
 * client can write) or one that presents MAILBOX_TOKEN; anyone else gets the 404 of a path that
 * does not exist. A request that carries a forwarding header came through a proxy: behind nginx
 * on the same host every visitor's socket is loopback, so such a request needs the token.
 */
export const mailboxRoutes: FastifyPluginAsyncZod<{ token?: string; localOnly: boolean }> = async (app, opts) => {
  app.addHook('onRequest', async (request) => {
    if (hasToken(request, opts.token)) return;
    if (opts.localOnly && isLoopback(request.socket.remoteAddress) && !isForwarded(request)) return;
    throw new AppError('NOT_FOUND', `No route for ${request.method} ${request.url.split('?')[0]}`);
  });

  app.get(
    '/mailbox',
    {
      schema: {
        operationId: 'listMailboxMessages',
        summary: 'Emails the built-in mailbox holds, newest first (only without SMTP_URL)',
        tags: ['mailbox'],
        security: PUBLIC,
        querystring: MailboxQuerySchema,
        // 404 too: a caller neither on this machine nor holding MAILBOX_TOKEN is told it does not exist.
        response: { 200: MailboxListSchema, ...errorResponses(400, 404) },
      },
    },
    async (request) => {
      // One page: the newest `limit` messages, never a cursor (it is a development tool).
      const messages = await listMessages(app.db, request.query);
      return { success: true as const, ...listPage(messages, null), messages };
    },
  );

  app.get(
    '/mailbox/:id',
    {
      schema: {
        operationId: 'getMailboxMessage',
        summary: 'One email from the built-in mailbox',
        tags: ['mailbox'],
        security: PUBLIC,
        params: z.object({ id: z.uuid({ error: 'id must be a message id' }) }),
        response: { 200: MailboxMessageResponseSchema, ...errorResponses(400, 404) },
      },
    },
    async (request) => {
      const message = await findMessage(app.db, request.params.id);
      if (!message) throw notFound('Message');
      return { success: true as const, message };
    },
  );
};

function isLoopback(address: string | undefined): boolean {
  if (!address) return false;
  return address === '::1' || address.startsWith('127.') || address.startsWith('::ffff:127.');
}

/** Headers a proxy adds for the client it forwards: any of them means the socket is not the caller. */
const FORWARDING_HEADERS = [
  'forwarded',
  'x-forwarded-for',
  'x-forwarded-host',
  'x-forwarded-proto',
  'x-real-ip',
  'x-client-ip',
  'true-client-ip',
  'cf-connecting-ip',
  'fastly-client-ip',
  'x-cluster-client-ip',
  'x-original-forwarded-for',
  'via',
];

function isForwarded(request: FastifyRequest): boolean {
  return FORWARDING_HEADERS.some((name) => request.headers[name] !== undefined);
}

function hasToken(request: FastifyRequest, token: string | undefined): boolean {
  if (!token) return false;
  const header = request.headers['x-mailbox-token'];
  const given =
    (typeof header === 'string' ? header : undefined) ?? request.headers.authorization?.match(/^Bearer\s+(\S+)$/i)?.[1];
  if (!given) return false;
  // Compared as digests: equal lengths, and no early exit that times the token out.
  return timingSafeEqual(Buffer.from(hashToken(given), 'hex'), Buffer.from(hashToken(token), 'hex'));
}
