import {
  AnalyticsEventBatchSchema,
  AnalyticsEventsAcceptedSchema,
  SiteAnalyticsQuerySchema,
  SiteAnalyticsSchema,
} from '@giftrelay/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { BEARER, BODY_ERRORS, errorResponses, PUBLIC } from '../../lib/openapi';
import { requireOperator } from '../operators';
import { recordEvents, siteAnalytics } from './service';

/** A batch of 50 events at their longest fits; a page's real batches are a few hundred bytes. */
export const EVENTS_BODY_LIMIT = 32 * 1024;

/** Landing pages' analytics events (public) and Site analytics (operators only; decision 049). */
export const analyticsEventRoutes: FastifyPluginAsyncZod = async (app) => {
  // navigator.sendBeacon sends a string as text/plain (a JSON type would need a CORS preflight it
  // cannot make): here, and only on this plugin's routes, such a body is read as JSON, with the
  // same protection against prototype poisoning as Fastify's own JSON parser.
  app.addContentTypeParser(
    'text/plain',
    { parseAs: 'string', bodyLimit: EVENTS_BODY_LIMIT },
    app.getDefaultJsonParser('error', 'error'),
  );

  app.post(
    '/analytics/events',
    {
      bodyLimit: EVENTS_BODY_LIMIT,
      schema: {
        operationId: 'recordAnalyticsEvents',
        summary: 'Record a batch of landing-page analytics events (1–50, one session); no sign-in needed',
        description:
          'The body is JSON, sent as `application/json` or as `text/plain` (what `navigator.sendBeacon` sends for a string). Every event is checked; one bad event refuses the whole batch (400) and nothing is stored. Limited per session (a few hundred events in 10 minutes) and per address (429 with `Retry-After`). A `lead_submitted` event may carry `email`, which is not stored.',
        tags: ['analytics-events'],
        security: PUBLIC,
        body: AnalyticsEventBatchSchema,
        response: { 202: AnalyticsEventsAcceptedSchema, ...errorResponses(...BODY_ERRORS, 429) },
      },
    },
    async (request, reply) => {
      const accepted = await recordEvents(app, request.body.events, request.ip);
      return reply.status(202).send({ success: true, accepted });
    },
  );

  app.get(
    '/operator/site-analytics',
    {
      // onRequest, before the query is checked: a bad query from a non-operator is 404 too.
      onRequest: (request) => requireOperator(app, request),
      schema: {
        operationId: 'getSiteAnalytics',
        summary: 'Landing pages’ views, sessions, clicks, leads and conversion, per page and per campaign',
        description:
          '`from` and `to` are inclusive UTC days, at most 366 of them. Counted by when the server received each event. Conversion rate is leads / unique sessions in percent, one decimal.',
        tags: ['operators'],
        security: BEARER,
        querystring: SiteAnalyticsQuerySchema,
        response: { 200: SiteAnalyticsSchema, ...errorResponses(400, 404, 429) },
      },
    },
    async (request) => siteAnalytics(app, request.query),
  );
};
