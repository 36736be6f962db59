import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { memberRoutes } from './routes';

/** Members, roles, invitations and ownership under /api/v1 (decision 032). */
export const membersPlugin = fp(
  async (app: FastifyInstance) => {
    await app.register(memberRoutes, { prefix: '/api/v1' });
  },
  { name: 'members', dependencies: ['auth', 'accounts', 'mail', 'rate-limits'] },
);
