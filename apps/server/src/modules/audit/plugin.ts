import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { auditRoutes } from './routes';

/** The audit log under /api/v1/audit-events (decision 033); recordAudit writes it. */
export const auditPlugin = fp(
  async (app: FastifyInstance) => {
    await app.register(auditRoutes, { prefix: '/api/v1' });
  },
  { name: 'audit', dependencies: ['auth'] },
);
