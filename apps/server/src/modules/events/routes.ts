import {
  EventIdParamsSchema,
  EventResponseSchema,
  ListEventsQuerySchema,
  ListEventsResponseSchema,
} from '@giftrelay/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { BEARER, errorResponses } from '../../lib/openapi';
import { getEvent, listEvents } from './service';

// An API key reads events with the `orders:read` scope.
export const eventRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/events',
    {
      preHandler: app.authenticate,
      config: { apiKeyScope: 'orders:read' },
      schema: {
        operationId: 'listEvents',
        summary: 'The organisation’s events, newest first (kept 35 days)',
        description:
          'The same events that webhooks deliver, to poll or to reconcile after an outage. Filter by `type` and by `created_after` / `created_before` (exclusive); pass `next_cursor` back as `cursor`.',
        tags: ['events'],
        security: BEARER,
        querystring: ListEventsQuerySchema,
        response: { 200: ListEventsResponseSchema, ...errorResponses(400, 401, 403, 429) },
      },
    },
    async (request) => listEvents(app, request.auth.organisationId, request.query),
  );

  app.get(
    '/events/:id',
    {
      preHandler: app.authenticate,
      config: { apiKeyScope: 'orders:read' },
      schema: {
        operationId: 'getEvent',
        summary: 'One event',
        tags: ['events'],
        security: BEARER,
        params: EventIdParamsSchema,
        response: { 200: EventResponseSchema, ...errorResponses(400, 401, 403, 404, 429) },
      },
    },
    async (request) => getEvent(app, request.auth.organisationId, request.params.id),
  );
};
