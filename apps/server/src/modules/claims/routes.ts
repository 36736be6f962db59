import { ClaimSchema } from '@giftrelay/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { errorResponses, PUBLIC } from '../../lib/openapi';
import { getClaim } from './service';

export const claimRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/claims/:token',
    {
      // The token is the key to a gift card: the logs show [redacted] in its place.
      config: { secretParams: ['token'] },
      // The answer shows a secret: never cache it anywhere, nor index it or follow its links. Set
      // first, so that every answer of the route, errors included, carries these headers.
      onRequest: async (_request, reply) => {
        reply.header('cache-control', 'no-store');
        reply.header('referrer-policy', 'no-referrer');
        reply.header('x-robots-tag', 'noindex, nofollow');
      },
      schema: {
        operationId: 'getClaim',
        summary: 'A reward by its claim link: no sign-in, the link is the key',
        tags: ['claims'],
        security: PUBLIC,
        params: z.object({ token: z.string().max(200) }),
        response: { 200: ClaimSchema, ...errorResponses(400, 404) },
      },
    },
    async (request) => getClaim(app, request.params.token),
  );
};
