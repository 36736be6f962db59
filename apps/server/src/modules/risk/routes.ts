import {
  DeleteRiskRuleResponseSchema,
  IdempotencyKeyHeaderSchema,
  ListRiskReviewsQuerySchema,
  ListRiskReviewsResponseSchema,
  ListRiskRulesResponseSchema,
  RiskDecisionBodySchema,
  RiskDecisionResponseSchema,
  RiskReviewParamsSchema,
  RiskReviewResponseSchema,
  RiskRuleBodySchema,
  RiskRuleParamsSchema,
  RiskRuleResponseSchema,
} from '@giftrelay/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { BEARER, BODY_ERRORS, errorResponses } from '../../lib/openapi';
import { sendStoredAnswer } from '../idempotency';
import { decideReview, getReview, listReviews } from './reviews';
import { createRule, deleteRule, listRules, updateRule } from './rules';

const tags = ['risk'];
const errors = errorResponses(400, 401, 403, 429);

const DECISION_DESCRIPTION =
  'A conditional update from `pending`: a release racing a block (or a second of either) settles one way, and the other is told 409 `CONFLICT`. With the same `Idempotency-Key` and body, the first answer is given again. 403 `FORBIDDEN` for a live order a platform rule held (an operator decides it).';

/** Risk rules and the review queue (issue 37, decision 083): owners and admins, or keys with the risk scopes. */
export const riskRoutes: FastifyPluginAsyncZod = async (app) => {
  const read = { preHandler: app.authenticate, config: { apiKeyScope: 'risk:read' as const } };
  const write = { preHandler: app.authenticate, config: { apiKeyScope: 'risk:write' as const } };

  app.get(
    '/risk/rules',
    {
      ...read,
      schema: {
        operationId: 'listRiskRules',
        summary: 'The organisation’s risk rules, oldest first',
        tags,
        security: BEARER,
        response: { 200: ListRiskRulesResponseSchema, ...errors },
      },
    },
    async (request) => listRules(app, request.auth),
  );

  app.post(
    '/risk/rules',
    {
      ...write,
      schema: {
        operationId: 'createRiskRule',
        summary: 'Add a rule that holds rewards for review or blocks them',
        description:
          'Each rule is `{kind, action: "hold" | "block", …}`: `recipient_domain` (`domains`, `match`), `disposable_email`, `recipient_velocity` (`max_rewards`, `period_days`), `amount_above` and `daily_total_above` (`amount`, `currency`), `claim_country_mismatch`, `claims_per_address` (`max_claims`, `period_days`), `recipient_list` (`emails`, `list`: flag or allow). Lists take at most 500 entries; an organisation at most 50 rules (409 `CONFLICT`).',
        tags,
        security: BEARER,
        body: RiskRuleBodySchema,
        response: { 201: RiskRuleResponseSchema, ...errors, ...errorResponses(...BODY_ERRORS, 409) },
      },
    },
    async (request, reply) => {
      reply.status(201);
      return createRule(app, request.auth, request.body);
    },
  );

  app.put(
    '/risk/rules/:id',
    {
      ...write,
      schema: {
        operationId: 'updateRiskRule',
        summary: 'Replace a rule’s settings (its kind stays)',
        description: '404 for a rule of another organisation; 409 `CONFLICT` when the body names another kind.',
        tags,
        security: BEARER,
        params: RiskRuleParamsSchema,
        body: RiskRuleBodySchema,
        response: { 200: RiskRuleResponseSchema, ...errors, ...errorResponses(...BODY_ERRORS, 404, 409) },
      },
    },
    async (request) => updateRule(app, request.auth, request.params.id, request.body),
  );

  app.delete(
    '/risk/rules/:id',
    {
      ...write,
      schema: {
        operationId: 'deleteRiskRule',
        summary: 'Delete a rule (reviews it made stay in the queue)',
        tags,
        security: BEARER,
        params: RiskRuleParamsSchema,
        response: { 200: DeleteRiskRuleResponseSchema, ...errors, ...errorResponses(404) },
      },
    },
    async (request) => deleteRule(app, request.auth, request.params.id),
  );

  app.get(
    '/risk/reviews',
    {
      ...read,
      schema: {
        operationId: 'listRiskReviews',
        summary: 'Held orders and rewards, newest first',
        tags,
        security: BEARER,
        querystring: ListRiskReviewsQuerySchema,
        response: { 200: ListRiskReviewsResponseSchema, ...errors },
      },
    },
    async (request) => listReviews(app, { organisationId: request.auth.organisationId }, request.query),
  );

  app.get(
    '/risk/reviews/:id',
    {
      ...read,
      schema: {
        operationId: 'getRiskReview',
        summary: 'One review, with the recipient’s history in the organisation',
        tags,
        security: BEARER,
        params: RiskReviewParamsSchema,
        response: { 200: RiskReviewResponseSchema, ...errors, ...errorResponses(404) },
      },
    },
    async (request) => getReview(app, { organisationId: request.auth.organisationId }, request.params.id),
  );

  for (const decision of ['release', 'block'] as const) {
    app.post(
      `/risk/reviews/:id/${decision}`,
      {
        ...write,
        schema: {
          operationId: decision === 'release' ? 'releaseRiskReview' : 'blockRiskReview',
          summary:
            decision === 'release'
              ? 'Release a held order or reward: it goes on (fulfilment, or the claim page shows the code)'
              : 'Block a held order or reward: its value goes back to the balance, exactly',
          description: DECISION_DESCRIPTION,
          tags,
          security: BEARER,
          params: RiskReviewParamsSchema,
          headers: IdempotencyKeyHeaderSchema,
          body: RiskDecisionBodySchema.nullish(),
          response: { 200: RiskDecisionResponseSchema, ...errors, ...errorResponses(...BODY_ERRORS, 404, 409, 422) },
        },
      },
      async (request, reply) => {
        const auth = request.auth;
        const answer = await decideReview(
          app,
          {
            scope: { organisationId: auth.organisationId },
            organisationId: auth.organisationId,
            userId: auth.kind === 'session' ? auth.userId : null,
            apiKeyId: auth.kind === 'api_key' ? auth.apiKeyId : null,
            email: auth.kind === 'session' ? auth.email : null,
          },
          request.params.id,
          decision,
          request.body ?? {},
          request.headers['idempotency-key'],
        );
        return sendStoredAnswer(reply, answer);
      },
    );
  }
};
