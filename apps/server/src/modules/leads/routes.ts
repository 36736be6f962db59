import { CreateLeadResponseSchema, CreateLeadSchema } from '@giftrelay/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { BODY_ERRORS, errorResponses, PUBLIC } from '../../lib/openapi';
import type { RateLimitRule } from '../../plugins/rate-limits';
import { createContactLead } from './service';

/**
 * A person rarely writes to sales more than a few times an hour; a script does. Per IP address,
 * counted in the database like the accounts' limits, so every app process shares one count.
 */
export const LEAD_RATE_LIMIT: RateLimitRule = { name: 'lead:ip', limit: 5, windowSeconds: 15 * 60 };

export const leadRoutes: FastifyPluginAsyncZod = async (app) => {
  app.post(
    '/leads',
    {
      schema: {
        operationId: 'createLead',
        summary: 'Send a message to the GiftRelay team (the contact form); no sign-in needed',
        tags: ['leads'],
        security: PUBLIC,
        body: CreateLeadSchema,
        response: { 201: CreateLeadResponseSchema, ...errorResponses(...BODY_ERRORS, 429) },
      },
    },
    async (request, reply) => {
      await app.rateLimits.consume(LEAD_RATE_LIMIT, request.ip);
      const lead = await createContactLead(app.db, request.body);
      // The id only: the message and the address stay out of the logs.
      request.log.info({ leadId: lead.id, topic: request.body.topic }, 'lead received');
      return reply.status(201).send({ success: true, lead_id: lead.id });
    },
  );
};
