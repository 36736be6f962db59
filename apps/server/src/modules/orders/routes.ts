import {
  CreateOrderBodySchema,
  CreateOrderResponseSchema,
  IdempotencyKeyHeaderSchema,
  ListOrdersQuerySchema,
  ListOrdersResponseSchema,
  listPage,
  OrderDetailResponseSchema,
  OrderIdParamsSchema,
  OrderSearchQuerySchema,
  OrderStatsSchema,
  RequiredIdempotencyKeyHeaderSchema,
  RescheduleOrderBodySchema,
  ResendOrderBodySchema,
  ResendOrderResponseSchema,
  VoidOrderBodySchema,
  VoidOrderResponseSchema,
} from '@giftrelay/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { csvAttachment } from '../../lib/csv';
import { streamCsv } from '../../lib/csv-response';
import { BEARER, BODY_ERRORS, errorResponses, mediaResponse } from '../../lib/openapi';
import { sendStoredAnswer } from '../idempotency';
import { exportOrders } from './export-orders';
import { createOrder } from './place-order';
import { getOrderDetail, listOrders, orderStats } from './read-orders';
import { resendOrder } from './resend-order';
import { cancelScheduledOrder, rescheduleOrder } from './schedule';
import { voidOrder } from './void-order';

// Every signed-in route is rate-limited per organisation.
const errors = errorResponses(400, 401, 403, 429);

export const orderRoutes: FastifyPluginAsyncZod = async (app) => {
  app.post(
    '/orders',
    {
      // The session is checked inside the order's own statement (place-order.ts).
      preHandler: app.verifyToken,
      config: { apiKeyScope: 'orders:write', rateLimit: 'orders' },
      schema: {
        operationId: 'createOrder',
        summary: 'Send a reward: charge the balance and deliver by email, by text, or both',
        description:
          'The recipient is `email`, `phone` (E.164, texted the claim link) or both; neither is 400 `RECIPIENT_REQUIRED`, and an order with only a phone is `delivery_method: sms` with `recipient_email: null`. With an `Idempotency-Key`, a repeat of the same request answers the first answer again (with `Idempotent-Replayed: true`) and sends nothing more. 400 `INVALID_PRODUCT` for a product that is not on offer.',
        tags: ['orders'],
        security: BEARER,
        headers: IdempotencyKeyHeaderSchema,
        body: CreateOrderBodySchema,
        response: {
          201: CreateOrderResponseSchema,
          ...errors,
          ...errorResponses(...BODY_ERRORS, 402, 409, 422),
        },
      },
    },
    async (request, reply) =>
      sendStoredAnswer(reply, await createOrder(app, request.token, request.body, request.headers['idempotency-key'])),
  );

  app.get(
    '/orders',
    {
      preHandler: app.authenticate,
      config: { apiKeyScope: 'orders:read' },
      schema: {
        operationId: 'listOrders',
        summary: 'The organisation’s orders, newest first',
        tags: ['orders'],
        security: BEARER,
        querystring: ListOrdersQuerySchema,
        response: { 200: ListOrdersResponseSchema, ...errors },
      },
    },
    async (request) => {
      const page = await listOrders(app, request.auth.organisationId, request.query);
      return { ...page, ...listPage(page.orders, page.next_cursor) };
    },
  );

  app.get(
    '/orders/:id',
    {
      preHandler: app.authenticate,
      config: { apiKeyScope: 'orders:read' },
      schema: {
        operationId: 'getOrder',
        summary: 'One order with its rewards and status history',
        tags: ['orders'],
        security: BEARER,
        params: OrderIdParamsSchema,
        response: { 200: OrderDetailResponseSchema, ...errors, ...errorResponses(404) },
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
      config: { apiKeyScope: 'orders:read' },
      schema: {
        operationId: 'getOrderStats',
        summary: 'Order counts by status and total value over the searched orders',
        tags: ['orders'],
        security: BEARER,
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
      config: { apiKeyScope: 'orders:read', rateLimit: 'exports' },
      schema: {
        operationId: 'exportOrders',
        summary: 'Every order matching the search as CSV, streamed',
        description: 'The CSV is an attachment; errors are JSON like everywhere else.',
        tags: ['orders'],
        security: BEARER,
        querystring: OrderSearchQuerySchema,
        response: { 200: mediaResponse('text/csv', 'CSV, one row per order'), ...errors },
      },
    },
    async (request, reply) =>
      streamCsv(
        reply,
        // A sandbox export says so in its name: these orders are not real rewards.
        csvAttachment(request.query.mode === 'sandbox' ? 'giftrelay-orders-sandbox' : 'giftrelay-orders'),
        exportOrders(app, request.auth.organisationId, request.query),
      ),
  );

  app.post(
    '/orders/:id/resend',
    {
      preHandler: app.authenticate,
      config: { apiKeyScope: 'orders:write' },
      schema: {
        operationId: 'resendOrder',
        summary: 'Send a delivered order’s claim links again, to the same or a corrected address or number',
        description:
          'Emailed to the address and texted to the number the order has (an order by text only is texted only); `email` or `phone` corrects either, and a corrected number is checked as an order’s (400 `PHONE_INVALID`, 409 `RECIPIENT_OPTED_OUT`, 409 `SMS_UNAVAILABLE`). 409 `CONFLICT` while the order is still being delivered, or when it failed. Another address or number than the order’s own gives its rewards new claim links (the old ones stop working) and is for owners and admins, the sender who placed the order in the app, or the API key that placed it: anyone else is refused 403 `RECIPIENT_CHANGE_FORBIDDEN`; a sender whose order an approval rule covers 403 `RECIPIENT_CHANGE_NEEDS_APPROVAL`; once a reward was opened 409 `REWARD_OPENED`. The same address and number again are allowed to every sender.',
        tags: ['orders'],
        security: BEARER,
        params: OrderIdParamsSchema,
        headers: IdempotencyKeyHeaderSchema,
        body: ResendOrderBodySchema.nullish(),
        response: { 200: ResendOrderResponseSchema, ...errors, ...errorResponses(...BODY_ERRORS, 404, 409, 422, 429) },
      },
    },
    async (request, reply) =>
      sendStoredAnswer(
        reply,
        await resendOrder(app, request.auth, request.params.id, request.body ?? {}, request.headers['idempotency-key']),
      ),
  );

  app.post(
    '/orders/:id/void',
    {
      preHandler: app.authenticate,
      config: { apiKeyScope: 'orders:write' },
      schema: {
        operationId: 'voidOrder',
        summary: 'Void a delivered order’s unopened rewards and get their value back',
        description:
          'Every reward of the order that nobody has opened stops showing its code at once; the provider is asked to cancel each card, and what it cancels is refunded to the available balance (the reward’s share of the subtotal and fee). A card the provider will not cancel is `not_cancelled` and not refunded. `Idempotency-Key` is required. 409 `CONFLICT` while the order is being delivered, after it failed, or when nothing is left to void; 503 when the provider did not answer (void again with the same key).',
        tags: ['orders'],
        security: BEARER,
        params: OrderIdParamsSchema,
        headers: RequiredIdempotencyKeyHeaderSchema,
        body: VoidOrderBodySchema.nullish(),
        response: {
          200: VoidOrderResponseSchema,
          ...errors,
          ...errorResponses(...BODY_ERRORS, 404, 409, 422, 503),
        },
      },
    },
    async (request, reply) =>
      sendStoredAnswer(
        reply,
        await voidOrder(app, request.auth, request.params.id, request.body ?? {}, request.headers['idempotency-key']),
      ),
  );

  app.post(
    '/orders/:id/cancel',
    {
      preHandler: app.authenticate,
      config: { apiKeyScope: 'orders:write' },
      schema: {
        operationId: 'cancelOrder',
        summary: 'Cancel a scheduled order before it starts; its hold is released',
        description: '409 `CONFLICT` once it has started (or was never scheduled, or is cancelled already).',
        tags: ['orders'],
        security: BEARER,
        params: OrderIdParamsSchema,
        headers: IdempotencyKeyHeaderSchema,
        response: { 200: CreateOrderResponseSchema, ...errors, ...errorResponses(404, 409, 422) },
      },
    },
    async (request, reply) =>
      sendStoredAnswer(
        reply,
        await cancelScheduledOrder(
          app,
          request.auth.organisationId,
          request.params.id,
          request.headers['idempotency-key'],
        ),
      ),
  );

  app.patch(
    '/orders/:id',
    {
      preHandler: app.authenticate,
      config: { apiKeyScope: 'orders:write' },
      schema: {
        operationId: 'rescheduleOrder',
        summary: 'Move a scheduled order to another time before it starts',
        description: '400 for a time less than a minute or more than a year away; 409 `CONFLICT` once it has started.',
        tags: ['orders'],
        security: BEARER,
        params: OrderIdParamsSchema,
        body: RescheduleOrderBodySchema,
        response: { 200: CreateOrderResponseSchema, ...errors, ...errorResponses(...BODY_ERRORS, 404, 409) },
      },
    },
    async (request) => ({
      success: true as const,
      ...(await rescheduleOrder(app, request.auth.organisationId, request.params.id, request.body)),
    }),
  );
};
