import Stripe from 'stripe';
import type { Config } from '../../config';

/**
 * The official Stripe SDK, configured once (decision 046). STRIPE_API_BASE points it at another
 * host (the fake in tests). Two retries with Stripe's own backoff; every create sends an
 * idempotency key, so a retried request never makes a second checkout.
 */
export function createStripeClient(config: NonNullable<Config['stripe']>): Stripe {
  return new Stripe(config.secretKey, {
    maxNetworkRetries: 2,
    timeout: 20_000,
    telemetry: false,
    appInfo: { name: 'GiftRelay' },
    ...(config.api ? { host: config.api.host, port: config.api.port, protocol: config.api.protocol } : {}),
  });
}

export type { Stripe };
