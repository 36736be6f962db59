import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { cardFundingRoutes } from './routes';
import { createStripeClient, type Stripe } from './stripe-client';

/**
 * Card funding with Stripe (issue 17, decision 046): the SDK client when STRIPE_SECRET_KEY and
 * STRIPE_WEBHOOK_SECRET are set (`app.stripe`, else null), the checkout routes and the webhook.
 */
export const cardFundingPlugin = fp(
  async (app: FastifyInstance) => {
    app.decorate('stripe', app.config.stripe ? createStripeClient(app.config.stripe) : null);
    await app.register(cardFundingRoutes, { prefix: '/api/v1' });
  },
  { name: 'card-funding', dependencies: ['auth', 'ledger', 'events'] },
);

declare module 'fastify' {
  interface FastifyInstance {
    /** The Stripe SDK, or null when card funding is not configured. */
    stripe: Stripe | null;
  }
}
