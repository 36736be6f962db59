// Only what checks the configuration is imported up front: the app itself (Fastify, pg and the rest)
// is imported once tracing, when configured, can see those imports (decision 072).
import { type Config, ConfigError, loadConfig } from './config';
import { lockDataDir } from './db/data-lock';
import { shutdownGracefully } from './plugins/lifecycle';

/**
 * Starts GiftRelay: checks the configuration, opens and migrates the database, starts the job
 * queue and serves the API and the web app on one port. Exits non-zero with a plain message
 * when it cannot.
 */
async function main() {
  let config: Config;
  try {
    config = loadConfig();
  } catch (err) {
    if (err instanceof ConfigError) fail(err.message);
    throw err;
  }

  let unlock = () => {};
  try {
    const stopTracing = config.otlpEndpoint
      ? await (await import('./tracing')).startTracing(config.version)
      : async () => {};
    const { buildApp } = await import('./app');
    const { prepareOperatorBootstrap } = await import('./modules/operators');
    if (config.database.driver === 'pglite') unlock = lockDataDir(config.dataDir);
    // A start takes some seconds (PGlite loads and checks its files, pg-boss and the catalogue get
    // ready): say what is happening rather than sit silent.
    const started = Date.now();
    const app = await buildApp({
      config,
      onProgress: (step) => process.stdout.write(`  ${seconds(started)} ${step}…\n`),
    });
    let closing = false;
    const shutdown = async (signal: string) => {
      if (closing) {
        process.stderr.write('Forced exit.\n');
        process.exit(1);
      }
      closing = true;
      process.stdout.write(
        `\n${signal} received, shutting down: finishing the requests and jobs in flight (at most ${config.shutdownTimeoutMs / 1000} s), taking no new ones…\n`,
      );
      try {
        const { clean, tookMs } = await shutdownGracefully(app, config.shutdownTimeoutMs);
        process.stdout.write(
          clean
            ? `Stopped after ${(tookMs / 1000).toFixed(1)} s: every request answered, every job finished.\n`
            : `Stopped at the ${config.shutdownTimeoutMs / 1000} s bound: the jobs left go back to the queue for another process.\n`,
        );
      } finally {
        unlock();
        // The spans of the last requests and jobs, still in the exporter's batch.
        await stopTracing();
      }
      process.exit(0);
    };
    process.on('SIGINT', () => void shutdown('SIGINT'));
    process.on('SIGTERM', () => void shutdown('SIGTERM'));
    await app.listen({ port: config.port, host: config.host });
    const address = app.server.address();
    const port = typeof address === 'object' && address ? address.port : config.port;
    // After listening: a start that fails before it serves must not replace a printed token.
    const bootstrapToken = await prepareOperatorBootstrap(app.db, config);
    printBanner(config, port, app.database.location, seconds(started), bootstrapToken);
  } catch (err) {
    unlock();
    fail((err as Error).message);
  }
}

const seconds = (since: number) => `[${((Date.now() - since) / 1000).toFixed(1).padStart(4)} s]`;

function operatorsLine(config: Config, bootstrapToken: string | null): string[] {
  if (config.operatorBootstrap === 'none') {
    return [`  Operators: OPERATOR_EMAILS names ${config.operatorEmails.length}, and those they grant it to`];
  }
  if (config.operatorBootstrap === 'first-verified') {
    return [
      '  Operators: the first account to verify its email becomes a platform operator (the operator area, /operator)',
    ];
  }
  if (!bootstrapToken) return ['  Operators: granted in the operator area (/operator/operators)'];
  // Printed here once, never logged; only its SHA-256 is kept. The next start replaces it.
  return [
    '  Operators: none yet. Signed in with a verified account, redeem this one-time token with',
    '             POST /api/v1/operator/bootstrap {"token": "…"} (README: "The first operator").',
    '             It is valid until it is redeemed or the server starts again (a new one is then printed):',
    `             ${bootstrapToken}`,
  ];
}

function printBanner(config: Config, port: number, location: string, took: string, bootstrapToken: string | null) {
  const url = `http://localhost:${port}`;
  const db =
    config.database.driver === 'pglite' ? `PGlite (embedded PostgreSQL) in ${location}` : `PostgreSQL at ${location}`;
  process.stdout.write(
    [
      '',
      `  GiftRelay ${config.version} is running (${config.appEnv}), ready after ${took.slice(1, -1).trim()}`,
      // npm run demo:live (DEMO=true): the same words as the app's banner.
      ...(config.demo ? ['  Demo:      fake Tango and fake Stripe, no real money'] : []),
      `  URL:       ${url}`,
      // What links in emails and claim pages use (PUBLIC_URL); others on the network need it reachable.
      `  Public:    ${config.publicUrl}`,
      `  Database:  ${db}`,
      `  Jobs:      pg-boss on the same database`,
      `  Health:    ${url}/api/health`,
      `  Email:     ${config.mail.transport === 'smtp' ? 'SMTP' : `built-in mailbox at ${config.publicUrl}/mailbox`}, from ${config.mail.from}`,
      // Said at every start: it lets sandbox webhooks reach this machine, which only a local test wants.
      ...(config.webhooksAllowPrivate
        ? [
            '  Webhooks:  WEBHOOKS_ALLOW_PRIVATE=true: sandbox endpoints may point at this machine (127.0.0.1, localhost)',
          ]
        : []),
      ...operatorsLine(config, bootstrapToken),
      '  Press Ctrl-C to stop.',
      '',
      '',
    ].join('\n'),
  );
}

function fail(message: string): never {
  process.stderr.write(`GiftRelay cannot start: ${message}\n`);
  process.exit(1);
}

void main();
