import {
  ApiKeyIdParamsSchema,
  ApiKeyResponseSchema,
  CreateApiKeyBodySchema,
  CreateApiKeyResponseSchema,
  ListApiKeysQuerySchema,
  ListApiKeysResponseSchema,
} from '@giftrelay/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { BEARER, BODY_ERRORS, errorResponses } from '../../lib/openapi';
import { sessionOf } from '../../plugins/auth';
import { createKey, listKeys, revokeKey } from './service';

// No `apiKeyScope`: only a signed-in user manages keys (a key answers 403, and never mints keys).
const errors = errorResponses(400, 401, 403, 429);
const tags = ['api-keys'];

export const apiKeyRoutes: FastifyPluginAsyncZod = async (app) => {
  app.post(
    '/api-keys',
    {
      preHandler: app.authenticate,
      schema: {
        operationId: 'createApiKey',
        summary: 'Create an API key; the answer shows the key this once',
        description:
          'Signed-in owners and admins only (an API key gets 403). `scopes` is `read_only`, `full` or a list of scopes. 409 `CONFLICT` past 50 active keys.',
        tags,
        security: BEARER,
        body: CreateApiKeyBodySchema,
        response: { 201: CreateApiKeyResponseSchema, ...errors, ...errorResponses(...BODY_ERRORS, 409) },
      },
    },
    async (request, reply) => {
      reply.status(201);
      return createKey(app, sessionOf(request), request.body);
    },
  );

  app.get(
    '/api-keys',
    {
      preHandler: app.authenticate,
      schema: {
        operationId: 'listApiKeys',
        summary: 'The organisation’s API keys, newest first, revoked ones included (never the keys themselves)',
        tags,
        security: BEARER,
        querystring: ListApiKeysQuerySchema,
        response: { 200: ListApiKeysResponseSchema, ...errors },
      },
    },
    async (request) => listKeys(app, sessionOf(request).organisationId, request.query),
  );

  app.delete(
    '/api-keys/:id',
    {
      preHandler: app.authenticate,
      schema: {
        operationId: 'revokeApiKey',
        summary: 'Revoke an API key: refused from the next request on, on every server',
        description: 'Revoking a revoked key answers it again.',
        tags,
        security: BEARER,
        params: ApiKeyIdParamsSchema,
        response: { 200: ApiKeyResponseSchema, ...errors, ...errorResponses(404) },
      },
    },
    async (request) => ({ success: true as const, ...(await revokeKey(app, sessionOf(request), request.params.id)) }),
  );
};
