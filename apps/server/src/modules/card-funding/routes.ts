import {
  CardCheckoutParamsSchema,
  CardCheckoutSessionSchema,
  CardFundingSchema,
  CreateCardCheckoutBodySchema,
  StripeWebhookAnswerSchema,
} from '@giftrelay/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { BEARER, BODY_ERRORS, errorResponses, PUBLIC } from '../../lib/openapi';
import { createCheckout, readCardFunding, readCheckout } from './checkout';
import { receiveStripeEvent } from './webhook';

const tags = ['balance'];

/** Card funding for owners and admins; whether it is open, and the freeze, for every member. */
export const cardFundingRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/balance/card-funding',
    {
      preHandler: app.authenticate,
      config: { apiKeyScope: 'balance:read' },
      schema: {
        operationId: 'getCardFunding',
        summary: 'Whether the balance can be topped up by card here, its limits and fee, and whether sending is frozen',
        tags,
        security: BEARER,
        response: { 200: CardFundingSchema, ...errorResponses(401, 403, 429) },
      },
    },
    async (request) => readCardFunding(app, request.auth.organisationId),
  );

  app.post(
    '/balance/checkout-sessions',
    {
      preHandler: app.authenticate,
      schema: {
        operationId: 'createCardCheckoutSession',
        summary: 'Start a card top-up: a Stripe Checkout page for the amount plus the card fee',
        description:
          'Answers the hosted payment page’s `url`: send the person there. The balance is credited only once Stripe reports the payment (`status` becomes `completed`). 409 `ORGANISATION_NOT_LIVE` for a sandbox organisation, 409 `CARD_FUNDING_UNAVAILABLE` when this GiftRelay has no Stripe account, 503 `SERVICE_UNAVAILABLE` when Stripe did not answer (nothing is charged).',
        tags,
        security: BEARER,
        body: CreateCardCheckoutBodySchema,
        response: { 201: CardCheckoutSessionSchema, ...errorResponses(...BODY_ERRORS, 401, 403, 409, 429, 503) },
      },
    },
    async (request, reply) => reply.status(201).send(await createCheckout(app, request.auth, request.body)),
  );

  app.get(
    '/balance/checkout-sessions/:id',
    {
      preHandler: app.authenticate,
      schema: {
        operationId: 'getCardCheckoutSession',
        summary: 'A card top-up’s state, for the page Stripe returns to',
        description: 'By GiftRelay’s id, or Stripe’s `cs_…` id as the return URL carries it.',
        tags,
        security: BEARER,
        params: z.object({
          id: z.union([
            CardCheckoutParamsSchema.shape.id,
            z.string().regex(/^cs_[A-Za-z0-9_]{1,250}$/, 'id must be a checkout id'),
          ]),
        }),
        response: { 200: CardCheckoutSessionSchema, ...errorResponses(400, 401, 403, 404, 429) },
      },
    },
    async (request) => readCheckout(app, request.auth.organisationId, request.params.id),
  );

  await app.register(stripeWebhookRoutes);
};

/**
 * Stripe's webhook, in a context of its own: here a JSON body is kept as the exact bytes received,
 * because the signature is over those bytes (a parsed and re-serialised body would not verify).
 */
const stripeWebhookRoutes: FastifyPluginAsyncZod = async (app) => {
  app.removeContentTypeParser('application/json');
  app.addContentTypeParser('application/json', { parseAs: 'buffer' }, (_request, body, done) => done(null, body));
  // The body is checked by its signature, not by a schema: this one only documents the shape.
  app.setValidatorCompiler(({ httpPart, schema }) =>
    httpPart === 'body'
      ? (data: unknown) => ({ value: data })
      : (data: unknown) => {
          const r = (schema as z.ZodType).safeParse(data);
          return r.success ? { value: r.data } : { error: r.error as unknown as Error };
        },
  );

  app.post(
    '/stripe/webhook',
    {
      schema: {
        operationId: 'receiveStripeWebhook',
        summary: 'Stripe’s events about card top-ups (signed with the webhook secret)',
        description:
          'For Stripe only. The `Stripe-Signature` header must sign the exact body with STRIPE_WEBHOOK_SECRET within 5 minutes, or the answer is 400 `INVALID_SIGNATURE` and nothing is written. Handled: `checkout.session.completed` and `checkout.session.async_payment_succeeded` (credit, once per checkout), `checkout.session.expired`, `charge.refunded`, `charge.dispute.created`, `charge.dispute.closed`; any other type is answered 200 and ignored. A repeated event id answers 200 with `duplicate: true` and changes nothing.',
        tags,
        security: PUBLIC,
        headers: z.object({ 'stripe-signature': z.string().max(2000).optional() }),
        body: z.looseObject({ id: z.string(), type: z.string(), data: z.looseObject({}) }),
        response: { 200: StripeWebhookAnswerSchema, ...errorResponses(...BODY_ERRORS, 409) },
      },
    },
    async (request) => {
      const { duplicate } = await receiveStripeEvent(
        app,
        request.body as unknown as Buffer,
        request.headers['stripe-signature'],
      );
      return { success: true as const, duplicate };
    },
  );
};
