import {
  ApproveOAuthBodySchema,
  ListOAuthGrantsResponseSchema,
  OAuthAuthorizationRequestSchema,
  OAuthAuthorizationResponseSchema,
  OAuthGrantIdParamsSchema,
  OAuthGrantResponseSchema,
  OAuthRedirectResponseSchema,
} from '@giftrelay/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { BEARER, BODY_ERRORS, errorResponses } from '../../lib/openapi';
import { sessionOf } from '../../plugins/auth';
import { approve, deny, getAuthorization, listGrants, revokeGrant } from './consent';

// Signed-in people only: an API key never grants access to an assistant.
const errors = errorResponses(400, 401, 403, 429);
const tags = ['api-keys'];

/** The consent page's and Connected apps' calls (decision 075). */
export const oauthApiRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/oauth/authorization',
    {
      preHandler: app.authenticate,
      schema: {
        operationId: 'getOAuthAuthorization',
        summary: 'What an application asks for, and the organisations the person may connect it to',
        description: 'The consent page reads the parameters /oauth/authorize passed on; 400 when they are not valid.',
        tags,
        security: BEARER,
        querystring: OAuthAuthorizationRequestSchema,
        response: { 200: OAuthAuthorizationResponseSchema, ...errors },
      },
    },
    async (request) => getAuthorization(app, sessionOf(request), request.query),
  );

  app.post(
    '/oauth/authorization/approve',
    {
      preHandler: app.authenticate,
      schema: {
        operationId: 'approveOAuthAuthorization',
        summary: 'Connect the application: a grant with the scopes, caps and domains picked, and a code for it',
        description:
          'Owners and admins of the organisation picked (403 for anyone else). Answers where to send the browser: the redirect URI with the code and state.',
        tags,
        security: BEARER,
        body: ApproveOAuthBodySchema,
        response: { 200: OAuthRedirectResponseSchema, ...errors, ...errorResponses(...BODY_ERRORS) },
      },
    },
    async (request) => approve(app, sessionOf(request), request.body),
  );

  app.post(
    '/oauth/authorization/deny',
    {
      preHandler: app.authenticate,
      schema: {
        operationId: 'denyOAuthAuthorization',
        summary: 'Decline: answers the redirect URI with error=access_denied',
        tags,
        security: BEARER,
        body: OAuthAuthorizationRequestSchema,
        response: { 200: OAuthRedirectResponseSchema, ...errors, ...errorResponses(...BODY_ERRORS) },
      },
    },
    async (request) => deny(app, request.body),
  );

  app.get(
    '/oauth/grants',
    {
      preHandler: app.authenticate,
      schema: {
        operationId: 'listOAuthGrants',
        summary: 'Connected apps: the organisation’s live OAuth grants, newest first (at most 100)',
        tags,
        security: BEARER,
        response: { 200: ListOAuthGrantsResponseSchema, ...errors },
      },
    },
    async (request) => listGrants(app, sessionOf(request).organisationId),
  );

  app.delete(
    '/oauth/grants/:id',
    {
      preHandler: app.authenticate,
      schema: {
        operationId: 'revokeOAuthGrant',
        summary: 'Revoke a connected app: its tokens stop working from the next request on',
        description: 'Revoking a revoked grant answers it again.',
        tags,
        security: BEARER,
        params: OAuthGrantIdParamsSchema,
        response: { 200: OAuthGrantResponseSchema, ...errors, ...errorResponses(404) },
      },
    },
    async (request) => ({ success: true as const, ...(await revokeGrant(app, sessionOf(request), request.params.id)) }),
  );
};
