import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { apiKeyRoutes } from './routes';

/** Creating, listing and revoking API keys under /api/v1/api-keys (verification is in plugins/auth). */
export const apiKeysPlugin = fp(
  async (app: FastifyInstance) => {
    await app.register(apiKeyRoutes, { prefix: '/api/v1' });
  },
  { name: 'api-keys', dependencies: ['auth'] },
);
