import { randomUUID } from 'node:crypto';
import Fastify, { type FastifyServerOptions } from 'fastify';
import { serializerCompiler, validatorCompiler, type ZodTypeProvider } from 'fastify-type-provider-zod';
import type { Config } from './config';
import type { DatabaseHandle } from './db/database';
import { loggerOptions } from './lib/log';
import { healthRoutes } from './modules/health/routes';
import { leadRoutes } from './modules/leads/routes';
import { dbPlugin } from './plugins/db';
import { errorsPlugin } from './plugins/errors';
import { openapiPlugin } from './plugins/openapi';
import { queuePlugin } from './plugins/queue';
import { securityPlugin } from './plugins/security';
import { webPlugin } from './plugins/web';

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
  }).withTypeProvider<ZodTypeProvider>();
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);

  await app.register(errorsPlugin);
  await app.register(securityPlugin, { config: opts.config });
  await app.register(openapiPlugin, { config: opts.config });
  await app.register(dbPlugin, { config: opts.config, database: opts.database });
  await app.register(queuePlugin);
  await app.register(healthRoutes, { prefix: '/api', version: opts.config.version });
  await app.register(leadRoutes, { prefix: '/api/v1' });
  await app.register(webPlugin, { distDir: opts.webDistDir, publicUrl: opts.config.publicUrl });
  return app;
}

export type App = Awaited<ReturnType<typeof buildApp>>;
