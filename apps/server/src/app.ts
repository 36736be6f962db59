import { ERROR_STATUS } from '@giftrelay/contracts';
import Fastify, { type FastifyReply, type FastifyServerOptions } from 'fastify';
import { validatorCompiler, type ZodTypeProvider } from 'fastify-type-provider-zod';
import type { Config } from './config';
import type { DatabaseHandle } from './db/database';
import { catalogSyncJob } from './jobs/catalog-sync';
import { housekeepingPlugin } from './jobs/housekeeping';
import { reencryptSecretsJob } from './jobs/reencrypt-secrets';
import { isPrettyLog, loggerOptions, QuietRequestLogs } from './lib/log';
import { responseSerializerCompiler } from './lib/response-serializer';
import { accountsPlugin } from './modules/accounts';
import { analyticsEventsPlugin } from './modules/analytics-events';
import { apiKeysPlugin } from './modules/api-keys';
import { auditPlugin } from './modules/audit';
import { bankTransfersPlugin } from './modules/bank-transfers';
import { batchesPlugin } from './modules/batches';
import { blogPlugin } from './modules/blog';
import { cardFundingPlugin } from './modules/card-funding';
import { catalogRoutes } from './modules/catalog';
import { choiceSetRoutes } from './modules/choice-sets';
import { claimsPlugin } from './modules/claims';
import { eventsPlugin } from './modules/events';
import { fxRoutes } from './modules/fx';
import { healthRoutes, probeRoutes } from './modules/health';
import { landingPagesPlugin } from './modules/landing-pages';
import { leadRoutes } from './modules/leads';
import { ledgerPlugin } from './modules/ledger';
import { liveModePlugin } from './modules/live-mode';
import { isLocalInstance, mailboxRoutes } from './modules/mailbox';
import { mcpPlugin } from './modules/mcp';
import { membersPlugin } from './modules/members';
import { oauthPlugin } from './modules/oauth';
import { isOperatorRequest, operatorRoutes } from './modules/operators';
import { ordersPlugin } from './modules/orders';
import { organisationPlugin } from './modules/organisation';
import { reportsPlugin } from './modules/reports';
import { riskPlugin } from './modules/risk';
import { smsRoutes } from './modules/sms';
import { spendLimitsPlugin } from './modules/spend-limits';
import { testimonialRoutes } from './modules/testimonials';
import { webhooksPlugin } from './modules/webhooks';
import { authPlugin } from './plugins/auth';
import { dbPlugin } from './plugins/db';
import { dynamicPagesPlugin } from './plugins/dynamic-pages';
import { clientErrorHandler, errorBody, errorsPlugin } from './plugins/errors';
import { lifecyclePlugin } from './plugins/lifecycle';
import { mailPlugin } from './plugins/mail';
import { metricsPlugin } from './plugins/metrics';
import { openapiPlugin } from './plugins/openapi';
import { queuePlugin } from './plugins/queue';
import { rateLimitsPlugin } from './plugins/rate-limits';
import { requestId, requestIdPlugin } from './plugins/request-id';
import { secretPathsPlugin } from './plugins/secret-paths';
import { secretsPlugin } from './plugins/secrets';
import { securityPlugin } from './plugins/security';
import { smsPlugin } from './plugins/sms';
import { webPlugin } from './plugins/web';
import { giftCardsPlugin } from './providers/gift-cards';

export interface BuildAppOptions {
  config: Config;
  /** An open database to use instead of the configured one (tests); the caller closes it. */
  database?: DatabaseHandle;
  logger?: FastifyServerOptions['logger'];
  /** The web build to serve; defaults to apps/web/dist. */
  webDistDir?: string;
  /** Told each slow start-up step as it begins (`npm start` prints them). */
  onProgress?: (step: string) => void;
}

export async function buildApp(opts: BuildAppOptions) {
  const pretty = !opts.logger && isPrettyLog(opts.config.logFormat, opts.config.appEnv);
  const progress = opts.onProgress ?? (() => {});
  const app = Fastify({
    logger: opts.logger ?? loggerOptions(opts.config.logLevel, { pretty }),
    // At a terminal in development, request lines go to debug: a page load is dozens of requests.
    ...(pretty ? { logController: new QuietRequestLogs() } : {}),
    genReqId: requestId,
    requestIdHeader: false,
    bodyLimit: 1024 * 1024,
    // Room for every path parameter's own cap (checked by its schema, which names the field).
    routerOptions: { maxParamLength: 256 },
    // A longer path parameter, or a URL Fastify cannot decode (`/api/v1/orders/%E0%A4%A`),
    // answers the standard error body instead of the framework's own.
    frameworkErrors: (err, _request, reply: FastifyReply) => {
      const message =
        err.code === 'FST_ERR_MAX_PARAM_LENGTH' ? 'A path parameter is too long' : 'The request URL is not valid';
      reply.status(ERROR_STATUS.VALIDATION_ERROR).send(errorBody('VALIDATION_ERROR', message));
    },
    // Headers over Node's limit or a request that is not HTTP: the standard error body too.
    clientErrorHandler,
    forceCloseConnections: true,
    trustProxy: opts.config.trustProxy,
    // Start-up work (PGlite's first open, migrations, the first catalogue sync) can outlast
    // Fastify's 10-second default on a busy machine; failing to start is worse than starting late.
    pluginTimeout: 60_000,
  }).withTypeProvider<ZodTypeProvider>();
  app.decorate('config', opts.config);
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(responseSerializerCompiler);

  // First: it collects the secret path parameters of every route added after it, for the logger.
  await app.register(secretPathsPlugin);
  await app.register(requestIdPlugin);
  await app.register(lifecyclePlugin);
  await app.register(errorsPlugin);
  // Early: its request timing sees every route, and modules count into app.metrics.
  await app.register(metricsPlugin, { config: opts.config });
  await app.register(dynamicPagesPlugin);
  await app.register(securityPlugin, { config: opts.config });
  await app.register(openapiPlugin, { config: opts.config, isOperator: (request) => isOperatorRequest(app, request) });
  progress('Opening the database and applying migrations');
  await app.register(dbPlugin, { config: opts.config, database: opts.database });
  progress('Starting the job queue');
  await app.register(queuePlugin);
  await app.register(probeRoutes, { prefix: '/api' });
  await app.register(healthRoutes, {
    prefix: '/api',
    version: opts.config.version,
    demo: opts.config.demo,
    isOperator: (request) => isOperatorRequest(app, request),
  });
  await app.register(mailPlugin, { config: opts.config });
  await app.register(smsPlugin, { config: opts.config });
  if (app.mail.transport === 'mailbox')
    await app.register(mailboxRoutes, {
      prefix: '/api',
      token: opts.config.mailboxToken,
      localOnly: isLocalInstance(opts.config.publicUrl, opts.config.trustProxy),
    });
  await app.register(rateLimitsPlugin, {
    factor: opts.config.rateLimitFactor,
    perMinute: opts.config.organisationRateLimits,
  });
  await app.register(authPlugin, { config: opts.config });
  await app.register(secretsPlugin, { config: opts.config });
  await app.register(accountsPlugin, { config: opts.config });
  progress('Connecting the gift-card provider and its catalogue');
  await app.register(giftCardsPlugin, { config: opts.config });
  await app.register(catalogSyncJob, { cron: opts.config.catalogSyncCron });
  await app.register(apiKeysPlugin);
  await app.register(oauthPlugin);
  await app.register(membersPlugin);
  await app.register(spendLimitsPlugin);
  await app.register(organisationPlugin);
  await app.register(auditPlugin);
  await app.register(catalogRoutes, { prefix: '/api/v1', cacheSeconds: opts.config.catalogCacheSeconds });
  await app.register(choiceSetRoutes, { prefix: '/api/v1' });
  progress('Starting the workers');
  await app.register(eventsPlugin);
  await app.register(ledgerPlugin);
  await app.register(cardFundingPlugin);
  await app.register(ordersPlugin);
  await app.register(riskPlugin);
  await app.register(smsRoutes, { prefix: '/api/v1' });
  await app.register(batchesPlugin);
  await app.register(claimsPlugin);
  await app.register(reportsPlugin);
  await app.register(webhooksPlugin);
  await app.register(housekeepingPlugin);
  await app.register(reencryptSecretsJob);
  await app.register(fxRoutes, { prefix: '/api/v1' });
  await app.register(operatorRoutes, { prefix: '/api/v1' });
  await app.register(liveModePlugin);
  await app.register(bankTransfersPlugin);
  await app.register(leadRoutes, { prefix: '/api/v1' });
  await app.register(blogPlugin);
  await app.register(analyticsEventsPlugin);
  await app.register(testimonialRoutes, { prefix: '/api/v1' });
  await app.register(landingPagesPlugin);
  await app.register(mcpPlugin);
  progress('Loading the web app');
  await app.register(webPlugin, { distDir: opts.webDistDir, publicUrl: opts.config.publicUrl });
  return app;
}

declare module 'fastify' {
  interface FastifyInstance {
    config: Config;
  }
}

export type App = Awaited<ReturnType<typeof buildApp>>;
