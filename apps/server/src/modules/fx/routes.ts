import { CreateFxQuoteBodySchema, FxQuoteSchema, FxRateQuerySchema, FxRateSchema } from '@giftrelay/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { AppError } from '../../lib/errors';
import { BEARER, BODY_ERRORS, errorResponses, PUBLIC } from '../../lib/openapi';
import { createQuote } from './quotes';
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

  app.post(
    '/fx/quotes',
    {
      preHandler: app.authenticate,
      config: { apiKeyScope: 'orders:write' },
      schema: {
        operationId: 'createFxQuote',
        summary: 'Lock an exchange rate for 60 seconds',
        description:
          'The rate from a product’s currency to the organisation’s billing currency, held for 60 seconds. An order (or a batch) that passes the `quote_id` is charged at exactly this rate, or refused with 409 `QUOTE_EXPIRED` after it.',
        tags: ['orders'],
        security: BEARER,
        body: CreateFxQuoteBodySchema,
        response: { 201: FxQuoteSchema, ...errorResponses(401, 403, 404, 429, ...BODY_ERRORS) },
      },
    },
    async (request, reply) => {
      reply.status(201);
      return createQuote(app.db, request.auth.organisationId, request.body);
    },
  );
};
