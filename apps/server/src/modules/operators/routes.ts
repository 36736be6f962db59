import {
  GrantOperatorBodySchema,
  ListOperatorsResponseSchema,
  OperatorParamsSchema,
  OperatorStatusSchema,
  RedeemOperatorBootstrapBodySchema,
} from '@giftrelay/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { BEARER, BODY_ERRORS, errorResponses } from '../../lib/openapi';
import { sessionOf } from '../../plugins/auth';
import { redeemOperatorBootstrap } from './bootstrap';
import { grantOperator, listOperators, operatorGuard, revokeOperator } from './service';

/** GiftRelay's own staff (decision 041); to anyone else these routes do not exist (404). */
export const operatorRoutes: FastifyPluginAsyncZod = async (app) => {
  // onRequest, before the body is read or checked: a bad body from a non-operator is 404 too.
  const guard = operatorGuard(app);
  const tags = ['operators'];
  const userId = (request: { auth: { userId: string | null } }) => request.auth.userId as string;

  app.get(
    '/operator',
    {
      onRequest: guard,
      schema: {
        operationId: 'getOperatorStatus',
        summary: 'Whether the signed-in person is a platform operator (200), or not (404)',
        tags,
        security: BEARER,
        response: { 200: OperatorStatusSchema, ...errorResponses(404, 429) },
      },
    },
    async () => ({ success: true as const, operator: true as const }),
  );

  // Not behind the guard: whoever holds the token printed at start is not an operator yet.
  app.post(
    '/operator/bootstrap',
    {
      preHandler: app.authenticate,
      schema: {
        operationId: 'redeemOperatorBootstrap',
        summary: 'Become the first platform operator with the one-time token printed at start (decision 056)',
        tags,
        security: BEARER,
        body: RedeemOperatorBootstrapBodySchema,
        response: { 200: OperatorStatusSchema, ...errorResponses(...BODY_ERRORS, 401, 403, 429) },
      },
    },
    async (request) => {
      await redeemOperatorBootstrap(app, sessionOf(request), request.body.token, request.ip);
      return { success: true as const, operator: true as const };
    },
  );

  app.get(
    '/operators',
    {
      onRequest: guard,
      schema: {
        operationId: 'listOperators',
        summary: 'The platform operators: granted, and named by OPERATOR_EMAILS',
        tags,
        security: BEARER,
        response: { 200: ListOperatorsResponseSchema, ...errorResponses(404, 429) },
      },
    },
    async () => listOperators(app),
  );

  app.post(
    '/operators',
    {
      onRequest: guard,
      schema: {
        operationId: 'grantOperator',
        summary: 'Make a verified account a platform operator',
        tags,
        security: BEARER,
        body: GrantOperatorBodySchema,
        response: { 200: ListOperatorsResponseSchema, ...errorResponses(...BODY_ERRORS, 404, 429) },
      },
    },
    async (request) => grantOperator(app, userId(request), request.body),
  );

  app.delete(
    '/operators/:user_id',
    {
      onRequest: guard,
      schema: {
        operationId: 'revokeOperator',
        summary: 'Take the operator role back (never from the last one)',
        tags,
        security: BEARER,
        params: OperatorParamsSchema,
        response: { 200: ListOperatorsResponseSchema, ...errorResponses(400, 404, 409, 429) },
      },
    },
    async (request) => revokeOperator(app, request.params.user_id),
  );
};
