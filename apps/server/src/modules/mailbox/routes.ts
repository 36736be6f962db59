import {
  ErrorBodySchema,
  MailboxListSchema,
  MailboxMessageResponseSchema,
  MailboxQuerySchema,
} from '@giftrelay/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { notFound } from '../../lib/errors';
import { findMessage, listMessages } from './repository';

/**
 * The built-in mailbox's API. Registered only while no SMTP server is configured (never in
 * production, which requires one): it shows every email the app sent, links and all.
 */
export const mailboxRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/mailbox',
    {
      schema: {
        summary: 'Emails the built-in mailbox holds, newest first (only without SMTP_URL)',
        tags: ['mailbox'],
        querystring: MailboxQuerySchema,
        response: { 200: MailboxListSchema, 400: ErrorBodySchema },
      },
    },
    async (request) => ({ success: true as const, messages: await listMessages(app.db, request.query) }),
  );

  app.get(
    '/mailbox/:id',
    {
      schema: {
        summary: 'One email from the built-in mailbox',
        tags: ['mailbox'],
        params: z.object({ id: z.uuid({ error: 'id must be a message id' }) }),
        response: { 200: MailboxMessageResponseSchema, 400: ErrorBodySchema, 404: ErrorBodySchema },
      },
    },
    async (request) => {
      const message = await findMessage(app.db, request.params.id);
      if (!message) throw notFound('Message');
      return { success: true as const, message };
    },
  );
};
