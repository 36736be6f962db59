import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import type { Config } from '../../config';
import { accountsRoutes } from './routes';
import { securityRoutes } from './security-routes';
import { createSecurityService } from './security-service';
import { createAccountsService, type OrganisationCreatedHook } from './service';

export interface Accounts {
  /**
   * Adds work to every sign-up, run inside its transaction once the organisation and its owner
   * exist (for example: granting a new sandbox organisation its starting funds). Register hooks
   * from a plugin that declares `dependencies: ['accounts']`.
   */
  onOrganisationCreated(hook: OrganisationCreatedHook): void;
}

declare module 'fastify' {
  interface FastifyInstance {
    accounts: Accounts;
  }
}

/** Sign-up, email verification, sessions and passwords under /api/v1/auth. */
export const accountsPlugin = fp(
  async (app: FastifyInstance, opts: { config: Config }) => {
    const hooks: OrganisationCreatedHook[] = [];
    app.decorate('accounts', {
      onOrganisationCreated(hook) {
        hooks.push(hook);
      },
    } satisfies Accounts);
    const security = createSecurityService({
      db: app.db,
      mail: app.mail,
      rateLimits: app.rateLimits,
      secretKey: app.secrets.rewardCodeKey,
      passwordHashing: opts.config.passwordHashing,
      publicUrl: opts.config.publicUrl,
      operatorEmails: opts.config.operatorEmails.map((e) => e.toLowerCase()),
    });
    const service = createAccountsService({
      db: app.db,
      mail: app.mail,
      rateLimits: app.rateLimits,
      accessTokens: app.accessTokens,
      publicUrl: opts.config.publicUrl,
      passwordHashing: opts.config.passwordHashing,
      organisationCreatedHooks: hooks,
      security,
      operatorEmails: opts.config.operatorEmails.map((e) => e.toLowerCase()),
      firstVerifiedIsOperator: opts.config.operatorBootstrap === 'first-verified',
      instanceKey: app.secrets.instanceKey,
    });
    await app.register(securityRoutes, { prefix: '/api/v1/auth', service: security });
    await app.register(accountsRoutes, {
      prefix: '/api/v1/auth',
      service,
      secureCookies: opts.config.publicUrl.startsWith('https:'),
    });
  },
  { name: 'accounts', dependencies: ['db', 'mail', 'auth', 'rate-limits', 'secrets'] },
);
