import {
  ChoiceSetIdParamsSchema,
  ChoiceSetOptionsQuerySchema,
  ChoiceSetOptionsResponseSchema,
  ChoiceSetResponseSchema,
  CreateChoiceSetBodySchema,
  ListChoiceSetsQuerySchema,
  ListChoiceSetsResponseSchema,
  MessageResponseSchema,
  UpdateChoiceSetBodySchema,
} from '@giftrelay/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { BEARER, BODY_ERRORS, errorResponses } from '../../lib/openapi';
import {
  choiceSetOptions,
  createChoiceSet,
  deleteChoiceSet,
  getChoiceSet,
  listChoiceSets,
  updateChoiceSet,
} from './service';

const tags = ['choice-sets'];
const errors = errorResponses(400, 401, 403, 404, 429);

/**
 * Choice sets (decision 080). Owners, admins and senders read them (API keys: `catalog:read`);
 * owners and admins manage them (API keys: `orders:write`, as they shape what orders send).
 */
export const choiceSetRoutes: FastifyPluginAsyncZod = async (app) => {
  const read = { preHandler: app.authenticate, config: { apiKeyScope: 'catalog:read' as const } };
  const write = { preHandler: app.authenticate, config: { apiKeyScope: 'orders:write' as const } };

  app.get(
    '/choice-sets',
    {
      ...read,
      schema: {
        operationId: 'listChoiceSets',
        summary: 'The organisation’s choice sets, newest first',
        tags,
        security: BEARER,
        querystring: ListChoiceSetsQuerySchema,
        response: { 200: ListChoiceSetsResponseSchema, ...errorResponses(400, 401, 403, 429) },
      },
    },
    async (request) => listChoiceSets(app, request.auth.organisationId, request.query),
  );

  app.post(
    '/choice-sets',
    {
      ...write,
      schema: {
        operationId: 'createChoiceSet',
        summary:
          'Save a choice set: a list of products, or a rule resolved against the catalogue at each order’s value',
        description:
          'Exactly one of `product_codes` (1 to 50 codes) or `rule` (`category`, `country`, `currency`, at least one). 400 `INVALID_PRODUCT` naming each unknown code in `details`.',
        tags,
        security: BEARER,
        body: CreateChoiceSetBodySchema,
        response: { 201: ChoiceSetResponseSchema, ...errors, ...errorResponses(...BODY_ERRORS) },
      },
    },
    async (request, reply) => {
      reply.status(201);
      return createChoiceSet(app, request.auth.organisationId, request.body);
    },
  );

  app.get(
    '/choice-sets/:id',
    {
      ...read,
      schema: {
        operationId: 'getChoiceSet',
        summary: 'One choice set',
        description: '404 `CHOICE_SET_NOT_FOUND` for an unknown id or another organisation’s set.',
        tags,
        security: BEARER,
        params: ChoiceSetIdParamsSchema,
        response: { 200: ChoiceSetResponseSchema, ...errors },
      },
    },
    async (request) => getChoiceSet(app, request.auth.organisationId, request.params.id),
  );

  app.get(
    '/choice-sets/:id/options',
    {
      ...read,
      schema: {
        operationId: 'getChoiceSetOptions',
        summary: 'What a choice set offers at a value now: the options an order placed now would fix',
        tags,
        security: BEARER,
        params: ChoiceSetIdParamsSchema,
        querystring: ChoiceSetOptionsQuerySchema,
        response: { 200: ChoiceSetOptionsResponseSchema, ...errors },
      },
    },
    async (request) => choiceSetOptions(app, request.auth.organisationId, request.params.id, request.query),
  );

  app.patch(
    '/choice-sets/:id',
    {
      ...write,
      schema: {
        operationId: 'updateChoiceSet',
        summary: 'Rename a choice set or change its products or rule (orders already placed keep their options)',
        tags,
        security: BEARER,
        params: ChoiceSetIdParamsSchema,
        body: UpdateChoiceSetBodySchema,
        response: { 200: ChoiceSetResponseSchema, ...errors, ...errorResponses(...BODY_ERRORS) },
      },
    },
    async (request) => updateChoiceSet(app, request.auth.organisationId, request.params.id, request.body),
  );

  app.delete(
    '/choice-sets/:id',
    {
      ...write,
      schema: {
        operationId: 'deleteChoiceSet',
        summary: 'Delete a choice set (orders already placed keep their options)',
        tags,
        security: BEARER,
        params: ChoiceSetIdParamsSchema,
        response: { 200: MessageResponseSchema, ...errors },
      },
    },
    async (request) => deleteChoiceSet(app, request.auth.organisationId, request.params.id),
  );
};
