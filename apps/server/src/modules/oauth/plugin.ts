import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { oauthProtocolRoutes } from './protocol-routes';
import { oauthApiRoutes } from './routes';

/** OAuth 2.1 for assistants reaching /mcp (decision 075): the protocol endpoints, and the consent and Connected apps API. */
export const oauthPlugin = fp(
  async (app: FastifyInstance) => {
    await app.register(oauthProtocolRoutes);
    await app.register(oauthApiRoutes, { prefix: '/api/v1' });
  },
  { name: 'oauth', dependencies: ['auth'] },
);
