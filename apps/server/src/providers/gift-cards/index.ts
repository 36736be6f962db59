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
    /** The configured provider: the catalogue's source, and the issuer of live organisations' cards. */
    giftCards: GiftCardProvider;
    /**
     * The issuer of sandbox organisations' cards (decision 045): `giftCards` itself when that is
     * the sandbox, else a sandbox that issues play cards for any product of the real catalogue.
     */
    sandboxCards: SandboxProvider;
  }
}

/** The configured provider on a database; worker processes build theirs with this too. */
export function createGiftCardProvider(config: Config, db: Db): GiftCardProvider {
  const { tango } = config.giftCards;
  if (config.giftCards.provider === 'tango' && tango) return new TangoProvider({ db, ...tango });
  return createSandbox(config, db, false);
}

function createSandbox(config: Config, db: Db, anyProduct: boolean) {
  const { sandbox } = config.giftCards;
  return new SandboxProvider({
    db,
    catalogSize: sandbox.catalogSize,
    failureRate: sandbox.failureRate,
    latencyMs: sandbox.latencyMs,
    anyProduct,
  });
}

/** Whether live organisations can exist: a real provider is configured (decision 045). */
export function hasLiveProvider(provider: GiftCardProvider): boolean {
  return !provider.isSandbox;
}

/**
 * The provider that issues an order's cards: the sandbox for an order made in sandbox mode,
 * whatever the organisation is now, so a sandbox order never reaches the real provider.
 */
export function providerFor(app: FastifyInstance, order: { sandbox: boolean }): GiftCardProvider {
  if (order.sandbox) return app.sandboxCards;
  if (!hasLiveProvider(app.giftCards)) throw new Error('A live order, and no real gift-card provider is configured');
  return app.giftCards;
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
    const configured = createGiftCardProvider(opts.config, app.db);
    app.decorate('giftCards', configured);
    app.decorate(
      'sandboxCards',
      configured instanceof SandboxProvider ? configured : createSandbox(opts.config, app.db, true),
    );
  },
  { name: 'gift-cards', dependencies: ['db'] },
);
