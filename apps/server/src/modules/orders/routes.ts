import {
  CreateOrderBodySchema,
  CreateOrderResponseSchema,
  ErrorBodySchema,
  IdempotencyKeyHeaderSchema,
  ListOrdersQuerySchema,
  ListOrdersResponseSchema,
  OrderDetailSchema,
  OrderIdParamsSchema,
  OrderSearchQuerySchema,
  OrderStatsSchema,
  ResendOrderBodySchema,
  ResendOrderResponseSchema,
} from '@giftrelay/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { csvAttachment } from '../../lib/csv';
import { streamCsv } from '../../lib/csv-response';
import { createOrder, exportOrders, getOrderDetail, listOrders, orderStats, resendOrder } from './service';

const errors = { 400: ErrorBodySchema, 401: ErrorBodySchema, 404: ErrorBodySchema };

export const orderRoutes: FastifyPluginAsyncZod = async (app) => {
  app.post(
    '/orders',
    {
      preHandler: app.authenticate,
      schema: {
        summary: 'Send a reward: charge the balance and deliver by email',
        tags: ['orders'],
        security: [{ bearerAuth: [] }],
        headers: IdempotencyKeyHeaderSchema,
        body: CreateOrderBodySchema,
        response: {
          201: CreateOrderResponseSchema,
          ...errors,
          402: ErrorBodySchema,
          409: ErrorBodySchema,
          422: ErrorBodySchema,
        },
      },
    },
    async (request, reply) => {
      const { organisationId, userId } = request.auth;
      const answer = await createOrder(
        app,
        { organisationId, userId },
        request.body,
        request.headers['idempotency-key'],
      );
      if (answer.replayed) reply.header('idempotent-replayed', 'true');
      // The stored text itself, so a replay is byte for byte the first answer.
      return reply
        .status(answer.status as 201)
        .type('application/json; charset=utf-8')
        .serializer((payload: unknown) => payload as string)
        .send(answer.body as never);
    },
  );

  app.get(
    '/orders',
    {
      preHandler: app.authenticate,
      schema: {
        summary: 'The organisation’s orders, newest first',
        tags: ['orders'],
        security: [{ bearerAuth: [] }],
        querystring: ListOrdersQuerySchema,
        response: { 200: ListOrdersResponseSchema, ...errors },
      },
    },
    async (request) => listOrders(app, request.auth.organisationId, request.query),
  );

  app.get(
    '/orders/:id',
    {
      preHandler: app.authenticate,
      schema: {
        summary: 'One order with its rewards and status history',
        tags: ['orders'],
        security: [{ bearerAuth: [] }],
        params: OrderIdParamsSchema,
        response: { 200: OrderDetailSchema.extend({ success: z.literal(true) }), ...errors },
      },
    },
    async (request) => ({
      success: true as const,
      ...(await getOrderDetail(app, request.auth.organisationId, request.params.id)),
    }),
  );

  app.get(
    '/orders/stats',
    {
      preHandler: app.authenticate,
      schema: {
        summary: 'Order counts by status and total value over the searched orders',
        tags: ['orders'],
        security: [{ bearerAuth: [] }],
        querystring: OrderSearchQuerySchema,
        response: { 200: OrderStatsSchema, ...errors },
      },
    },
    async (request) => orderStats(app, request.auth.organisationId, request.query),
  );

  app.get(
    '/orders/export',
    {
      preHandler: app.authenticate,
      schema: {
        summary: 'Every order matching the search as CSV, streamed',
        tags: ['orders'],
        security: [{ bearerAuth: [] }],
        querystring: OrderSearchQuerySchema,
        produces: ['text/csv'],
        response: { 200: z.string().describe('CSV, one row per order'), ...errors },
      },
    },
    async (request, reply) =>
      streamCsv(
        reply,
        csvAttachment('giftrelay-orders'),
        exportOrders(app, request.auth.organisationId, request.query),
      ),
  );

  app.post(
    '/orders/:id/resend',
    {
      preHandler: app.authenticate,
      schema: {
        summary: 'Email a delivered order’s claim links again, to the same or a corrected address',
        tags: ['orders'],
        security: [{ bearerAuth: [] }],
        params: OrderIdParamsSchema,
        body: ResendOrderBodySchema.nullish(),
        response: { 200: ResendOrderResponseSchema, ...errors, 409: ErrorBodySchema, 429: ErrorBodySchema },
      },
    },
    async (request) => resendOrder(app, request.auth.organisationId, request.params.id, request.body ?? {}),
  );
};
