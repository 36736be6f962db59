import {
  ApprovalRulesBodySchema,
  ApprovalRulesSchema,
  ApproveOrderBodySchema,
  OrderDecisionResponseSchema,
  OrderIdParamsSchema,
  RejectOrderBodySchema,
} from '@giftrelay/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { BEARER, BODY_ERRORS, errorResponses } from '../../lib/openapi';
import { sessionOf } from '../../plugins/auth';
import { getApprovalRules, updateApprovalRules } from './approval-rules';
import { decideOrder } from './approvals';

const errors = errorResponses(400, 401, 403, 429);
const DECISION_REFUSALS =
  '403 `FORBIDDEN` for one’s own order (another owner or admin approves it); 409 `CONFLICT` when the order is not waiting (never needed approval, already decided, or waited 7 days and was rejected).';

/** Approval rules and decisions (decision 035): owners and admins; every member reads the rules. */
export const approvalRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/approval-rules',
    {
      preHandler: app.authenticate,
      schema: {
        operationId: 'getApprovalRules',
        summary: 'Which senders’ orders wait for an owner or admin',
        tags: ['approvals'],
        security: BEARER,
        response: { 200: ApprovalRulesSchema, ...errors },
      },
    },
    async (request) => getApprovalRules(app, sessionOf(request)),
  );

  app.patch(
    '/approval-rules',
    {
      preHandler: app.authenticate,
      schema: {
        operationId: 'updateApprovalRules',
        summary: 'Change the approval rules (the fields given)',
        description: 'Amounts are USD minor units; null turns a rule off. Applies to orders placed from now on.',
        tags: ['approvals'],
        security: BEARER,
        body: ApprovalRulesBodySchema,
        response: { 200: ApprovalRulesSchema, ...errors, ...errorResponses(...BODY_ERRORS) },
      },
    },
    async (request) => updateApprovalRules(app, sessionOf(request), request.body),
  );

  app.post(
    '/orders/:id/approve',
    {
      preHandler: app.authenticate,
      schema: {
        operationId: 'approveOrder',
        summary: 'Approve a waiting order: its fulfilment starts',
        description: DECISION_REFUSALS,
        tags: ['approvals'],
        security: BEARER,
        params: OrderIdParamsSchema,
        body: ApproveOrderBodySchema.nullish(),
        response: { 200: OrderDecisionResponseSchema, ...errors, ...errorResponses(...BODY_ERRORS, 404, 409) },
      },
    },
    async (request) => ({
      success: true as const,
      ...(await decideOrder(app, sessionOf(request), request.params.id, 'approve', request.body?.note)),
    }),
  );

  app.post(
    '/orders/:id/reject',
    {
      preHandler: app.authenticate,
      schema: {
        operationId: 'rejectOrder',
        summary: 'Reject a waiting order with a note to the sender: its hold is released',
        description: '409 `CONFLICT` when the order is not waiting (never needed approval, or already decided).',
        tags: ['approvals'],
        security: BEARER,
        params: OrderIdParamsSchema,
        body: RejectOrderBodySchema,
        response: { 200: OrderDecisionResponseSchema, ...errors, ...errorResponses(...BODY_ERRORS, 404, 409) },
      },
    },
    async (request) => ({
      success: true as const,
      ...(await decideOrder(app, sessionOf(request), request.params.id, 'reject', request.body.note)),
    }),
  );
};
