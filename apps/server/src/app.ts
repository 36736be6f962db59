import { randomUUID } from 'node:crypto';
import Fastify, { type FastifyServerOptions } from 'fastify';
import { serializerCompiler, validatorCompiler, type ZodTypeProvider } from 'fastify-type-provider-zod';
import type { Config } from './config';
import type { DatabaseHandle } from './db/database';
import { catalogSyncJob } from './jobs/catalog-sync';
import { housekeepingPlugin } from './jobs/housekeeping';
import { loggerOptions } from './lib/log';
import { accountsPlugin } from './modules/accounts/plugin';
import { catalogRoutes } from './modules/catalog/routes';
import { fxRoutes } from './modules/fx/routes';
import { healthRoutes } from './modules/health/routes';
import { leadRoutes } from './modules/leads/routes';
import { mailboxRoutes } from './modules/mailbox/routes';
import { ordersPlugin } from './modules/orders/plugin';
import { reportsPlugin } from './modules/reports/plugin';
import { authPlugin } from './plugins/auth';
import { dbPlugin } from './plugins/db';
import { errorsPlugin } from './plugins/errors';
import { mailPlugin } from './plugins/mail';
import { openapiPlugin } from './plugins/openapi';
import { queuePlugin } from './plugins/queue';
import { rateLimitsPlugin } from './plugins/rate-limits';
import { secretsPlugin } from './plugins/secrets';
import { securityPlugin } from './plugins/security';
import { webPlugin } from './plugins/web';
import { giftCardsPlugin } from './providers/gift-cards';

export interface BuildAppOptions {
  config: Config;
  /** An open database to use instead of the configured one (tests); the caller closes it. */
  database?: DatabaseHandle;
  logger?: FastifyServerOptions['logger'];
  /** The web build to serve; defaults to apps/web/dist. */
  webDistDir?: string;
}

export async function buildApp(opts: BuildAppOptions) {
  const app = Fastify({
    logger: opts.logger ?? loggerOptions(opts.config.logLevel),
    genReqId: () => randomUUID(),
    bodyLimit: 1024 * 1024,
    forceCloseConnections: true,
    trustProxy: opts.config.trustProxy,
    // Start-up work (PGlite's first open, migrations, the first catalogue sync) can outlast
    // Fastify's 10-second default on a busy machine; failing to start is worse than starting late.
    pluginTimeout: 60_000,
  }).withTypeProvider<ZodTypeProvider>();
  app.decorate('config', opts.config);
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);

  await app.register(errorsPlugin);
  await app.register(securityPlugin, { config: opts.config });
  await app.register(openapiPlugin, { config: opts.config });
  await app.register(dbPlugin, { config: opts.config, database: opts.database });
  await app.register(queuePlugin);
  await app.register(healthRoutes, { prefix: '/api', version: opts.config.version });
  await app.register(mailPlugin, { config: opts.config });
  if (app.mail.transport === 'mailbox') await app.register(mailboxRoutes, { prefix: '/api' });
  await app.register(rateLimitsPlugin, { factor: opts.config.rateLimitFactor });
  await app.register(authPlugin, { config: opts.config });
  await app.register(accountsPlugin, { config: opts.config });
  await app.register(giftCardsPlugin, { config: opts.config });
  await app.register(catalogSyncJob, { cron: opts.config.catalogSyncCron });
  await app.register(catalogRoutes, { prefix: '/api/v1', cacheSeconds: opts.config.catalogCacheSeconds });
  await app.register(secretsPlugin, { config: opts.config });
  await app.register(ordersPlugin);
  await app.register(reportsPlugin);
  await app.register(housekeepingPlugin);
  await app.register(fxRoutes, { prefix: '/api/v1' });
  await app.register(leadRoutes, { prefix: '/api/v1' });
  await app.register(webPlugin, { distDir: opts.webDistDir, publicUrl: opts.config.publicUrl });
  return app;
}

declare module 'fastify' {
  interface FastifyInstance {
    config: Config;
  }
}

export type App = Awaited<ReturnType<typeof buildApp>>;
