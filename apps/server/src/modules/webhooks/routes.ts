import {
  CreateWebhookEndpointBodySchema,
  CreateWebhookEndpointResponseSchema,
  ListWebhookDeliveriesQuerySchema,
  ListWebhookDeliveriesResponseSchema,
  ListWebhookEndpointsResponseSchema,
  MessageResponseSchema,
  ReplayFailedWebhooksBodySchema,
  ReplayFailedWebhooksResponseSchema,
  ReplayWebhookBodySchema,
  RotateWebhookSecretResponseSchema,
  UpdateWebhookEndpointBodySchema,
  WebhookDeliveryResponseSchema,
  WebhookEndpointIdParamsSchema,
  WebhookEndpointResponseSchema,
} from '@giftrelay/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { BEARER, BODY_ERRORS, errorResponses } from '../../lib/openapi';
import { listDeliveries, replayEvent, replayFailedSince, sendTestEvent } from './deliveries';
import {
  createEndpoint,
  deleteEndpoint,
  getEndpoint,
  listEndpoints,
  rotateEndpointSecret,
  updateEndpoint,
} from './endpoints';

/** The scope an API key needs for every route here; a signed-in member needs none. */
export const WEBHOOKS_SCOPE = 'webhooks:write' as const;

const tags = ['webhooks'];
const errors = errorResponses(400, 401, 403, 429);

export const webhookEndpointRoutes: FastifyPluginAsyncZod = async (app) => {
  const auth = { preHandler: app.authenticate, config: { apiKeyScope: WEBHOOKS_SCOPE } };

  app.post(
    '/webhook-endpoints',
    {
      ...auth,
      schema: {
        operationId: 'createWebhookEndpoint',
        summary: 'Add a webhook endpoint; its signing secret is shown only in this answer',
        description:
          '400 `VALIDATION_ERROR` naming `body.url` for a URL that is not https:// in live mode, has user info, or points (or resolves) to a private, loopback, link-local or reserved address. 409 `CONFLICT` past 20 endpoints.',
        tags,
        security: BEARER,
        body: CreateWebhookEndpointBodySchema,
        response: { 201: CreateWebhookEndpointResponseSchema, ...errors, ...errorResponses(...BODY_ERRORS, 409) },
      },
    },
    async (request, reply) => {
      reply.status(201);
      return createEndpoint(app, request.auth, request.body);
    },
  );

  app.get(
    '/webhook-endpoints',
    {
      ...auth,
      schema: {
        operationId: 'listWebhookEndpoints',
        summary: 'The organisation’s webhook endpoints, oldest first (at most 20, one page)',
        tags,
        security: BEARER,
        response: { 200: ListWebhookEndpointsResponseSchema, ...errorResponses(401, 403, 429) },
      },
    },
    async (request) => listEndpoints(app, request.auth.organisationId),
  );

  app.get(
    '/webhook-endpoints/:id',
    {
      ...auth,
      schema: {
        operationId: 'getWebhookEndpoint',
        summary: 'One webhook endpoint (never its secret)',
        tags,
        security: BEARER,
        params: WebhookEndpointIdParamsSchema,
        response: { 200: WebhookEndpointResponseSchema, ...errors, ...errorResponses(404) },
      },
    },
    async (request) => getEndpoint(app, request.auth.organisationId, request.params.id),
  );

  app.patch(
    '/webhook-endpoints/:id',
    {
      ...auth,
      schema: {
        operationId: 'updateWebhookEndpoint',
        summary: 'Change a webhook endpoint’s URL, description, event types or enabled flag',
        tags,
        security: BEARER,
        params: WebhookEndpointIdParamsSchema,
        body: UpdateWebhookEndpointBodySchema,
        response: { 200: WebhookEndpointResponseSchema, ...errors, ...errorResponses(...BODY_ERRORS, 404) },
      },
    },
    async (request) => updateEndpoint(app, request.auth, request.params.id, request.body),
  );

  app.post(
    '/webhook-endpoints/:id/rotate-secret',
    {
      ...auth,
      schema: {
        operationId: 'rotateWebhookSecret',
        summary: 'A new signing secret; the previous one goes on signing beside it for 24 hours',
        tags,
        security: BEARER,
        params: WebhookEndpointIdParamsSchema,
        response: { 200: RotateWebhookSecretResponseSchema, ...errors, ...errorResponses(404) },
      },
    },
    async (request) => rotateEndpointSecret(app, request.auth, request.params.id),
  );

  app.delete(
    '/webhook-endpoints/:id',
    {
      ...auth,
      schema: {
        operationId: 'deleteWebhookEndpoint',
        summary: 'Remove a webhook endpoint; nothing more is delivered to it',
        tags,
        security: BEARER,
        params: WebhookEndpointIdParamsSchema,
        response: { 200: MessageResponseSchema, ...errors, ...errorResponses(404) },
      },
    },
    async (request) => deleteEndpoint(app, request.auth, request.params.id),
  );
};

export const webhookDeliveryRoutes: FastifyPluginAsyncZod = async (app) => {
  const auth = { preHandler: app.authenticate, config: { apiKeyScope: WEBHOOKS_SCOPE } };

  app.get(
    '/webhook-endpoints/:id/deliveries',
    {
      ...auth,
      schema: {
        operationId: 'listWebhookDeliveries',
        summary: 'The endpoint’s delivery log, newest first: every attempt with its status, duration and answer',
        tags,
        security: BEARER,
        params: WebhookEndpointIdParamsSchema,
        querystring: ListWebhookDeliveriesQuerySchema,
        response: { 200: ListWebhookDeliveriesResponseSchema, ...errors, ...errorResponses(404) },
      },
    },
    async (request) => listDeliveries(app, request.auth.organisationId, request.params.id, request.query),
  );

  app.post(
    '/webhook-endpoints/:id/replay',
    {
      ...auth,
      schema: {
        operationId: 'replayWebhookEvent',
        summary: 'Deliver an event to this endpoint again (the same `webhook-id`, a new chain of attempts)',
        tags,
        security: BEARER,
        params: WebhookEndpointIdParamsSchema,
        body: ReplayWebhookBodySchema,
        response: { 202: WebhookDeliveryResponseSchema, ...errors, ...errorResponses(...BODY_ERRORS, 404) },
      },
    },
    async (request, reply) => {
      reply.status(202);
      return replayEvent(app, request.auth.organisationId, request.params.id, request.body.event_id);
    },
  );

  app.post(
    '/webhook-endpoints/:id/replay-failed',
    {
      ...auth,
      schema: {
        operationId: 'replayFailedWebhookDeliveries',
        summary:
          'Deliver again every event whose delivery to this endpoint failed since a time (each with its own `webhook-id`, a new chain of attempts)',
        description:
          'Events created at or after `since` (at most 30 days ago) whose latest delivery to this endpoint failed. An event already being delivered again is skipped, so a repeated call queues nothing twice. At most 1,000 events per call: `has_more` says to call again.',
        tags,
        security: BEARER,
        params: WebhookEndpointIdParamsSchema,
        body: ReplayFailedWebhooksBodySchema,
        response: { 202: ReplayFailedWebhooksResponseSchema, ...errors, ...errorResponses(...BODY_ERRORS, 404) },
      },
    },
    async (request, reply) => {
      reply.status(202);
      return replayFailedSince(app, request.auth.organisationId, request.params.id, request.body.since);
    },
  );

  app.post(
    '/webhook-endpoints/:id/test',
    {
      ...auth,
      schema: {
        operationId: 'sendWebhookTestEvent',
        summary: 'Send a `webhook.test` event to this endpoint',
        tags,
        security: BEARER,
        params: WebhookEndpointIdParamsSchema,
        response: { 202: WebhookDeliveryResponseSchema, ...errors, ...errorResponses(404) },
      },
    },
    async (request, reply) => {
      reply.status(202);
      return sendTestEvent(app, request.auth.organisationId, request.params.id);
    },
  );
};
