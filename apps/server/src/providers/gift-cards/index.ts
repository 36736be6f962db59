import { exponentOf } from '@giftrelay/money';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import type { Config } from '../../config';
import type { Db } from '../../db/database';
import { SandboxProvider } from './sandbox';
import { TangoProvider } from './tango/tango-provider';
import type { GiftCardProvider } from './types';

export * from './types';

declare module 'fastify' {
  interface FastifyInstance {
    giftCards: GiftCardProvider;
  }
}

/** The configured provider on a database; worker processes build theirs with this too. */
export function createGiftCardProvider(config: Config, db: Db): GiftCardProvider {
  const { sandbox, tango } = config.giftCards;
  if (config.giftCards.provider === 'tango' && tango) return new TangoProvider({ db, ...tango });
  return new SandboxProvider({
    db,
    catalogSize: sandbox.catalogSize,
    failureRate: sandbox.failureRate,
    latencyMs: sandbox.latencyMs,
  });
}

/**
 * The level below which GiftRelay's own account with a real provider counts as low (issue 17):
 * TANGO_LOW_BALANCE, in minor units of the account's currency; null when nothing is configured.
 */
export function lowFundsLevelMinor(config: Config, currency: string): number | null {
  const level = config.giftCards.tango?.lowBalance;
  return level === undefined ? null : level * 10 ** exponentOf(currency);
}

/** The sandbox behind a provider, for tests and sandbox-only tools; throws for a real provider. */
export function sandboxOf(provider: GiftCardProvider): SandboxProvider {
  if (!(provider instanceof SandboxProvider)) throw new Error(`The ${provider.name} provider is not the sandbox`);
  return provider;
}

/** `app.giftCards`: the gift-card provider everything else orders from. */
export const giftCardsPlugin = fp(
  async (app: FastifyInstance, opts: { config: Config }) => {
    app.decorate('giftCards', createGiftCardProvider(opts.config, app.db));
  },
  { name: 'gift-cards', dependencies: ['db'] },
);
