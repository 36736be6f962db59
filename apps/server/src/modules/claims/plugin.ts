import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { claimRoutes } from './routes';

/** The claim page's API: a reward read by its claim link, no sign-in. */
export const claimsPlugin = fp(
  async (app: FastifyInstance) => {
    await app.register(claimRoutes, { prefix: '/api/v1' });
  },
  { name: 'claims', dependencies: ['secrets'] },
);
