import { BalanceSchema, IdempotencyKeyHeaderSchema, SandboxTopupBodySchema } from '@giftrelay/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { BEARER, BODY_ERRORS, errorResponses } from '../../lib/openapi';
import { sendStoredAnswer } from '../idempotency';
import { readBalanceWithLimits, sandboxTopUp } from './service';

export const balanceRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/balance',
    {
      preHandler: app.authenticate,
      config: { apiKeyScope: 'balance:read' },
      schema: {
        operationId: 'getBalance',
        summary: 'The organisation’s balance: available to spend, and held by pending orders',
        tags: ['balance'],
        security: BEARER,
        response: { 200: BalanceSchema, ...errorResponses(401, 403, 429) },
      },
    },
    async (request) => readBalanceWithLimits(app, request.auth.organisationId),
  );

  app.post(
    '/balance/sandbox-topup',
    {
      preHandler: app.authenticate,
      schema: {
        operationId: 'topUpSandboxBalance',
        summary: 'Sandbox only: add play money to the balance',
        description:
          '403 `FORBIDDEN` for an organisation that is not a sandbox one; 409 `SANDBOX_BALANCE_LIMIT` when the available balance would pass the sandbox maximum (`sandbox_limits.max_balance` on the balance).',
        tags: ['balance'],
        security: BEARER,
        headers: IdempotencyKeyHeaderSchema,
        body: SandboxTopupBodySchema,
        response: { 200: BalanceSchema, ...errorResponses(...BODY_ERRORS, 401, 403, 409, 422, 429) },
      },
    },
    async (request, reply) =>
      sendStoredAnswer(reply, await sandboxTopUp(app, request.auth, request.body, request.headers['idempotency-key'])),
  );
};
