import { FxRateQuerySchema, FxRateSchema } from '@giftrelay/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { AppError } from '../../lib/errors';
import { errorResponses, PUBLIC } from '../../lib/openapi';
import { getRate } from './rates';

/**
 * The rates orders are charged at, so a sender sees the charge in the billing currency before
 * sending. Public: they are reference rates, the same for everyone.
 */
export const fxRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/fx/rates',
    {
      schema: {
        operationId: 'getFxRate',
        summary: 'The exchange rate an order in one currency is charged at in another',
        tags: ['orders'],
        security: PUBLIC,
        querystring: FxRateQuerySchema,
        response: { 200: FxRateSchema, ...errorResponses(400, 404) },
      },
    },
    async (request, reply) => {
      const { from, to } = request.query;
      const rate = getRate(from, to);
      if (!rate) throw new AppError('NOT_FOUND', `No exchange rate from ${from} to ${to}`);
      // Rates move; a minute old is close enough for a preview (the order takes the current one).
      reply.header('cache-control', 'public, max-age=60');
      return { success: true as const, ...rate };
    },
  );
};
