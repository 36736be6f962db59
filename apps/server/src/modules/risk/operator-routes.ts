import {
  DeleteRiskRuleResponseSchema,
  IdempotencyKeyHeaderSchema,
  ListPlatformRiskRulesResponseSchema,
  ListRiskReviewsQuerySchema,
  ListRiskReviewsResponseSchema,
  PlatformRiskRuleBodySchema,
  PlatformRiskRuleResponseSchema,
  RiskDecisionBodySchema,
  RiskDecisionResponseSchema,
  RiskReviewParamsSchema,
  RiskReviewResponseSchema,
  RiskRuleParamsSchema,
} from '@giftrelay/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { BEARER, BODY_ERRORS, errorResponses } from '../../lib/openapi';
import type { SessionAuth } from '../../plugins/auth';
import { sendStoredAnswer } from '../idempotency';
import { operatorGuard } from '../operators';
import { decideReview, getReview, listReviews } from './reviews';
import { createPlatformRule, deletePlatformRule, listPlatformRules } from './rules';

const PLATFORM = { platform: true } as const;
const operatorOf = (auth: SessionAuth) => ({
  userId: auth.userId,
  email: auth.email,
  organisationId: auth.organisationId,
});

/**
 * Platform rules and the platform review queue (decision 083), for GiftRelay's operators only: to
 * anyone else these routes do not exist (404), like the other operator routes (decision 041).
 */
export const riskOperatorRoutes: FastifyPluginAsyncZod = async (app) => {
  const onRequest = operatorGuard(app);
  const tags = ['operators'];
  const errors = errorResponses(404, 429);

  app.get(
    '/operator/risk/rules',
    {
      onRequest,
      schema: {
        operationId: 'listPlatformRiskRules',
        summary: 'Addresses and domains held or blocked for every organisation',
        tags,
        security: BEARER,
        response: { 200: ListPlatformRiskRulesResponseSchema, ...errors },
      },
    },
    async () => listPlatformRules(app),
  );

  app.post(
    '/operator/risk/rules',
    {
      onRequest,
      schema: {
        operationId: 'createPlatformRiskRule',
        summary: 'Hold or block an address or a domain for every organisation',
        tags,
        security: BEARER,
        body: PlatformRiskRuleBodySchema,
        response: { 201: PlatformRiskRuleResponseSchema, ...errors, ...errorResponses(...BODY_ERRORS, 409) },
      },
    },
    async (request, reply) => {
      const auth = request.auth as SessionAuth;
      reply.status(201);
      return createPlatformRule(app, operatorOf(auth), request.body);
    },
  );

  app.delete(
    '/operator/risk/rules/:id',
    {
      onRequest,
      schema: {
        operationId: 'deletePlatformRiskRule',
        summary: 'Delete a platform rule',
        tags,
        security: BEARER,
        params: RiskRuleParamsSchema,
        response: { 200: DeleteRiskRuleResponseSchema, ...errors },
      },
    },
    async (request) => deletePlatformRule(app, operatorOf(request.auth as SessionAuth), request.params.id),
  );

  app.get(
    '/operator/risk/reviews',
    {
      onRequest,
      schema: {
        operationId: 'listPlatformRiskReviews',
        summary: 'Live orders and rewards a platform rule held, every organisation, newest first',
        tags,
        security: BEARER,
        querystring: ListRiskReviewsQuerySchema,
        response: { 200: ListRiskReviewsResponseSchema, ...errors, ...errorResponses(400) },
      },
    },
    async (request) => listReviews(app, PLATFORM, request.query),
  );

  app.get(
    '/operator/risk/reviews/:id',
    {
      onRequest,
      schema: {
        operationId: 'getPlatformRiskReview',
        summary: 'One platform review, with the recipient’s history in its organisation',
        tags,
        security: BEARER,
        params: RiskReviewParamsSchema,
        response: { 200: RiskReviewResponseSchema, ...errors },
      },
    },
    async (request) => getReview(app, PLATFORM, request.params.id),
  );

  for (const decision of ['release', 'block'] as const) {
    app.post(
      `/operator/risk/reviews/:id/${decision}`,
      {
        onRequest,
        schema: {
          operationId: decision === 'release' ? 'releasePlatformRiskReview' : 'blockPlatformRiskReview',
          summary: decision === 'release' ? 'Release a held live order or reward' : 'Block a held live order or reward',
          tags,
          security: BEARER,
          params: RiskReviewParamsSchema,
          headers: IdempotencyKeyHeaderSchema,
          body: RiskDecisionBodySchema.nullish(),
          response: { 200: RiskDecisionResponseSchema, ...errors, ...errorResponses(...BODY_ERRORS, 409, 422) },
        },
      },
      async (request, reply) => {
        const auth = request.auth as SessionAuth;
        const answer = await decideReview(
          app,
          { scope: PLATFORM, organisationId: null, userId: auth.userId, apiKeyId: null, email: auth.email },
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
