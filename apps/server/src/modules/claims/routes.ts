import { ClaimChoiceSchema, ClaimSchema, PickChoiceBodySchema } from '@giftrelay/contracts';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { errorResponses, PUBLIC } from '../../lib/openapi';
import { getClaimChoice, pickClaimChoice } from '../orders';
import { getClaim } from './service';

const secretAnswer = {
  // The token is the key to a gift card: the logs show [redacted] in its place.
  config: { secretParams: ['token'] },
  // The answer shows a secret: never cache it anywhere, nor index it or follow its links. Set
  // first, so that every answer of the route, errors included, carries these headers.
  onRequest: async (_request: FastifyRequest, reply: FastifyReply) => {
    reply.header('cache-control', 'no-store');
    reply.header('referrer-policy', 'no-referrer');
    reply.header('x-robots-tag', 'noindex, nofollow');
  },
};

export const claimRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/claims/:token',
    {
      ...secretAnswer,
      schema: {
        operationId: 'getClaim',
        summary: 'A reward by its claim link: no sign-in, the link is the key',
        tags: ['claims'],
        security: PUBLIC,
        params: z.object({ token: z.string().max(200) }),
        response: { 200: ClaimSchema, ...errorResponses(400, 404) },
      },
    },
    async (request) => getClaim(app, request.params.token, request.ip),
  );

  // Recipient's choice (decision 080): the options, and the pick.
  app.get(
    '/claims/:token/choice',
    {
      ...secretAnswer,
      schema: {
        operationId: 'getClaimChoice',
        summary: 'A choice reward’s options at its value, and the pick once made (the claim link is the key)',
        tags: ['claims'],
        security: PUBLIC,
        params: z.object({ token: z.string().max(200) }),
        response: { 200: ClaimChoiceSchema, ...errorResponses(400, 404) },
      },
    },
    async (request) => getClaimChoice(app, request.params.token),
  );
  app.post(
    '/claims/:token/choice',
    {
      ...secretAnswer,
      schema: {
        operationId: 'pickClaimChoice',
        summary:
          'Pick a choice reward’s product: its card is issued (idempotent: the same pick again answers the same)',
        description:
          '400 `INVALID_PRODUCT`: not one of its options. 409 `CHOICE_OUT_OF_STOCK`: that product is not available now (pick another), `CHOICE_ALREADY_MADE`: another product was picked, `CHOICE_CLOSED`: voided, expired or not sent. 503 `SERVICE_UNAVAILABLE`: the provider refused, try again later (the value is kept). `status: pending` means the card is still on its way: ask again with GET.',
        tags: ['claims'],
        security: PUBLIC,
        params: z.object({ token: z.string().max(200) }),
        body: PickChoiceBodySchema,
        response: { 200: ClaimChoiceSchema, ...errorResponses(400, 404, 409, 413, 415, 503) },
      },
    },
    async (request) => pickClaimChoice(app, request.params.token, request.body.product_code),
  );
};
