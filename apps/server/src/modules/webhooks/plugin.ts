import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { startDeliveryWorker } from './delivery';
import { webhookDeliveryRoutes, webhookEndpointRoutes } from './routes';
import { type Resolve, systemResolve } from './ssrf';

export interface Webhooks {
  /** How webhook hosts are resolved; tests replace it with a stub (ssrf.ts). */
  resolve: Resolve;
}

declare module 'fastify' {
  interface FastifyInstance {
    webhooks: Webhooks;
  }
}

/** Webhook endpoints per organisation, their delivery log, and the delivery worker (decision 027). */
export const webhooksPlugin = fp(
  async (app: FastifyInstance) => {
    app.decorate('webhooks', { resolve: systemResolve });
    await app.register(webhookEndpointRoutes, { prefix: '/api/v1' });
    await app.register(webhookDeliveryRoutes, { prefix: '/api/v1' });
    await startDeliveryWorker(app);
  },
  { name: 'webhooks', dependencies: ['auth', 'secrets', 'events', 'queue'] },
);
