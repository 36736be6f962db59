import {
  ResolveRewardReviewBodySchema,
  ResolveRewardReviewResponseSchema,
  RewardReviewParamsSchema,
  RewardReviewsResponseSchema,
} from '@giftrelay/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { BEARER, BODY_ERRORS, errorResponses } from '../../lib/openapi';
import { operatorGuard } from '../operators';
import { listReviews, resolveReview } from './review';

/**
 * Rewards in review (decision 058), for GiftRelay's operators only: to anyone else these routes do
 * not exist (404), like the other operator routes (decision 041).
 */
export const reviewRoutes: FastifyPluginAsyncZod = async (app) => {
  const guard = operatorGuard(app);
  const tags = ['operators'];

  app.get(
    '/operator/reward-reviews',
    {
      onRequest: guard,
      schema: {
        operationId: 'listRewardReviews',
        summary: 'Rewards whose card may exist at the provider, their money held until an operator decides',
        tags,
        security: BEARER,
        response: { 200: RewardReviewsResponseSchema, ...errorResponses(404, 429) },
      },
    },
    async () => ({ success: true as const, data: await listReviews(app) }),
  );

  app.post(
    '/operator/reward-reviews/:reward_id',
    {
      onRequest: guard,
      schema: {
        operationId: 'resolveRewardReview',
        summary: 'Decide whether the provider issued a reward in review: its share is then charged or refunded',
        tags,
        security: BEARER,
        params: RewardReviewParamsSchema,
        body: ResolveRewardReviewBodySchema,
        response: { 200: ResolveRewardReviewResponseSchema, ...errorResponses(...BODY_ERRORS, 404, 409, 429, 503) },
      },
    },
    async (request) => resolveReview(app, request.auth.userId as string, request.params.reward_id, request.body),
  );
};
