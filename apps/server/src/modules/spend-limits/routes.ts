import {
  ApiKeyIdParamsSchema,
  BudgetResponseSchema,
  MemberParamsSchema,
  SetBudgetBodySchema,
} from '@giftrelay/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { BEARER, BODY_ERRORS, errorResponses } from '../../lib/openapi';
import { sessionOf } from '../../plugins/auth';
import * as budgets from './budgets';

// Who may call each route is its rule in OPERATION_ACCESS (packages/contracts/src/permissions.ts):
// owners and admins set and clear budgets; anyone who sends (or a key) reads their own.
const read = errorResponses(401, 403, 429);
const write = errorResponses(...BODY_ERRORS, 401, 403, 404, 429);
const answer = (budget: Awaited<ReturnType<typeof budgets.budgetOf>>) => ({ success: true as const, budget });
const BUDGET_NOTE =
  'In integer minor units of the organisation’s billing currency, per UTC month. An order or batch that does not fit what is left is refused 422 `BUDGET_EXCEEDED` (decision 084).';

export const budgetRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/budgets/me',
    {
      preHandler: app.authenticate,
      config: { apiKeyScope: 'orders:read' },
      schema: {
        operationId: 'getMyBudget',
        summary: 'Your monthly budget and what is left of it this month (null: none)',
        description: `A person's own budget as a member, or the calling API key's. ${BUDGET_NOTE}`,
        tags: ['members'],
        security: BEARER,
        response: { 200: BudgetResponseSchema, ...read },
      },
    },
    async (request) => answer(await budgets.myBudget(app, request.auth)),
  );

  app.put(
    '/members/:user_id/budget',
    {
      preHandler: app.authenticate,
      schema: {
        operationId: 'setMemberBudget',
        summary: 'Set a member’s monthly budget (what they send themselves)',
        description: `Owners and admins. ${BUDGET_NOTE} Orders placed with the member's API keys count against the keys' own budgets.`,
        tags: ['members'],
        security: BEARER,
        params: MemberParamsSchema,
        body: SetBudgetBodySchema,
        response: { 200: BudgetResponseSchema, ...write },
      },
    },
    async (request) => {
      const auth = sessionOf(request);
      const holder = { kind: 'member' as const, organisationId: auth.organisationId, userId: request.params.user_id };
      return answer(await budgets.setBudget(app, auth, holder, request.body.monthly_minor));
    },
  );

  app.delete(
    '/members/:user_id/budget',
    {
      preHandler: app.authenticate,
      schema: {
        operationId: 'clearMemberBudget',
        summary: 'Clear a member’s monthly budget',
        description: 'Owners and admins. 404 when the member has no budget.',
        tags: ['members'],
        security: BEARER,
        params: MemberParamsSchema,
        response: { 200: BudgetResponseSchema, ...errorResponses(401, 403, 404, 429) },
      },
    },
    async (request) => {
      const auth = sessionOf(request);
      await budgets.clearBudget(app, auth, {
        kind: 'member',
        organisationId: auth.organisationId,
        userId: request.params.user_id,
      });
      return answer(null);
    },
  );

  app.put(
    '/api-keys/:id/budget',
    {
      preHandler: app.authenticate,
      schema: {
        operationId: 'setApiKeyBudget',
        summary: 'Set an API key’s monthly budget (everything it places: REST, batches, MCP)',
        description: `Owners and admins. ${BUDGET_NOTE}`,
        tags: ['api-keys'],
        security: BEARER,
        params: ApiKeyIdParamsSchema,
        body: SetBudgetBodySchema,
        response: { 200: BudgetResponseSchema, ...write },
      },
    },
    async (request) => {
      const auth = sessionOf(request);
      const holder = { kind: 'api_key' as const, organisationId: auth.organisationId, id: request.params.id };
      return answer(await budgets.setBudget(app, auth, holder, request.body.monthly_minor));
    },
  );

  app.delete(
    '/api-keys/:id/budget',
    {
      preHandler: app.authenticate,
      schema: {
        operationId: 'clearApiKeyBudget',
        summary: 'Clear an API key’s monthly budget',
        description: 'Owners and admins. 404 when the key has no budget.',
        tags: ['api-keys'],
        security: BEARER,
        params: ApiKeyIdParamsSchema,
        response: { 200: BudgetResponseSchema, ...errorResponses(401, 403, 404, 429) },
      },
    },
    async (request) => {
      const auth = sessionOf(request);
      await budgets.clearBudget(app, auth, {
        kind: 'api_key',
        organisationId: auth.organisationId,
        id: request.params.id,
      });
      return answer(null);
    },
  );
};
