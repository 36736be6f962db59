import { BalanceSchema, ErrorBodySchema, SandboxTopupBodySchema } from '@giftrelay/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { readBalance, sandboxTopUp } from './service';

export const balanceRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/balance',
    {
      preHandler: app.authenticate,
      schema: {
        summary: 'The organisation’s balance: available to spend, and held by pending orders',
        tags: ['balance'],
        security: [{ bearerAuth: [] }],
        response: { 200: BalanceSchema, 401: ErrorBodySchema },
      },
    },
    async (request) => readBalance(app, request.auth.organisationId),
  );

  app.post(
    '/balance/sandbox-topup',
    {
      preHandler: app.authenticate,
      schema: {
        summary: 'Sandbox only: add play money to the balance',
        tags: ['balance'],
        security: [{ bearerAuth: [] }],
        body: SandboxTopupBodySchema,
        response: { 200: BalanceSchema, 400: ErrorBodySchema, 401: ErrorBodySchema, 403: ErrorBodySchema },
      },
    },
    async (request) => sandboxTopUp(app, request.auth.organisationId, request.body.amount),
  );
};
