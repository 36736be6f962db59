import rateLimit from '@fastify/rate-limit';
import { CreateLeadResponseSchema, CreateLeadSchema, ErrorBodySchema } from '@giftrelay/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { AppError } from '../../lib/errors';
import { createContactLead } from './service';

/** A person rarely writes to sales more than a few times an hour; a script does. Per IP address. */
export const LEAD_RATE_LIMIT = { max: 5, timeWindow: 15 * 60 * 1000 } as const;

export const leadRoutes: FastifyPluginAsyncZod = async (app) => {
  // Another module may have registered the plugin higher up already; its hooks serve our routes too.
  if (!app.hasDecorator('rateLimit')) await app.register(rateLimit, { global: false });

  app.post(
    '/leads',
    {
      config: {
        rateLimit: {
          ...LEAD_RATE_LIMIT,
          errorResponseBuilder: (_request, context) =>
            new AppError(429, 'RATE_LIMITED', `Too many messages from this address. Try again in ${context.after}.`),
        },
      },
      schema: {
        summary: 'Send a message to the GiftRelay team (the contact form); no sign-in needed',
        tags: ['leads'],
        body: CreateLeadSchema,
        response: { 201: CreateLeadResponseSchema, 400: ErrorBodySchema, 429: ErrorBodySchema },
      },
    },
    async (request, reply) => {
      const lead = await createContactLead(app.db, request.body);
      // The id only: the message and the address stay out of the logs.
      request.log.info({ leadId: lead.id, topic: request.body.topic }, 'lead received');
      return reply.status(201).send({ success: true, lead_id: lead.id });
    },
  );
};
