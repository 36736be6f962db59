import {
  CreateLandingPageLeadSchema,
  CreateLeadResponseSchema,
  CreateLeadSchema,
  LeadsExportQuerySchema,
  ListLeadCampaignsResponseSchema,
  ListLeadsQuerySchema,
  ListLeadsResponseSchema,
} from '@giftrelay/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { csvAttachment } from '../../lib/csv';
import { streamCsv } from '../../lib/csv-response';
import { BEARER, BODY_ERRORS, errorResponses, mediaResponse, PUBLIC } from '../../lib/openapi';
import type { RateLimitRule } from '../../plugins/rate-limits';
import { operatorGuard } from '../operators';
import { createContactLead, createLandingPageLead, exportInbox, listInbox, listInboxCampaigns } from './service';

/**
 * A person rarely writes to sales more than a few times an hour; a script does. Per IP address,
 * counted in the database like the accounts' limits, so every app process shares one count.
 */
export const LEAD_RATE_LIMIT: RateLimitRule = { name: 'lead:ip', limit: 5, windowSeconds: 15 * 60 };
/** A landing page's lead form: per address, then per email (a script cycling addresses). */
export const LANDING_LEAD_RATE_LIMIT: RateLimitRule = { name: 'lead-landing:ip', limit: 10, windowSeconds: 15 * 60 };
export const LANDING_LEAD_EMAIL_RATE_LIMIT: RateLimitRule = {
  name: 'lead-landing:email',
  limit: 5,
  windowSeconds: 60 * 60,
};

const FILTERS =
  'Filter by `source` (`contact_form`, `landing_page`), `campaign` (`landing_page_{slug}`) and `q` (part of the address, name or company).';

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

  app.post(
    '/leads/landing-page',
    {
      schema: {
        operationId: 'createLandingPageLead',
        summary: 'Leave an email on a landing page (`/lp/{slug}`); no sign-in needed',
        description:
          'Filed under the campaign `landing_page_{slug}`. The same address for the same campaign again within a day is merged into the earlier lead, whose id is answered. Rate limited per IP address and per email.',
        tags: ['leads'],
        security: PUBLIC,
        body: CreateLandingPageLeadSchema,
        response: { 201: CreateLeadResponseSchema, ...errorResponses(...BODY_ERRORS, 429) },
      },
    },
    async (request, reply) => {
      await app.rateLimits.consume(LANDING_LEAD_RATE_LIMIT, request.ip);
      await app.rateLimits.consume(LANDING_LEAD_EMAIL_RATE_LIMIT, request.body.email);
      const lead = await createLandingPageLead(app.db, request.body);
      request.log.info({ leadId: lead.id, slug: request.body.slug, merged: lead.merged }, 'landing page lead received');
      return reply.status(201).send({ success: true, lead_id: lead.id });
    },
  );

  // The inbox: GiftRelay's operators only; to anyone else these routes do not exist (decision 041).
  const guard = operatorGuard(app);

  app.get(
    '/operator/leads',
    {
      onRequest: guard,
      schema: {
        operationId: 'listLeads',
        summary: 'The leads inbox: the contact form and the landing pages, newest first',
        description: `${FILTERS} Pass \`next_cursor\` back as \`cursor\`.`,
        tags: ['leads'],
        security: BEARER,
        querystring: ListLeadsQuerySchema,
        response: { 200: ListLeadsResponseSchema, ...errorResponses(400, 404, 429) },
      },
    },
    async (request) => listInbox(app, request.query),
  );

  app.get(
    '/operator/leads/campaigns',
    {
      onRequest: guard,
      schema: {
        operationId: 'listLeadCampaigns',
        summary: 'The campaigns leads were filed under, with how many each',
        tags: ['leads'],
        security: BEARER,
        response: { 200: ListLeadCampaignsResponseSchema, ...errorResponses(404, 429) },
      },
    },
    async () => listInboxCampaigns(app),
  );

  app.get(
    '/operator/leads/export',
    {
      onRequest: guard,
      schema: {
        operationId: 'exportLeads',
        summary: 'The leads matching the filters as CSV, streamed',
        description: `${FILTERS} The CSV is an attachment; errors are JSON like everywhere else.`,
        tags: ['leads'],
        security: BEARER,
        querystring: LeadsExportQuerySchema,
        response: { 200: mediaResponse('text/csv', 'CSV, one row per lead'), ...errorResponses(400, 404, 429) },
      },
    },
    async (request, reply) => streamCsv(reply, csvAttachment('giftrelay-leads'), exportInbox(app, request.query)),
  );
};
