import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig, redactUrl } from './config';

// What production needs beyond the defaults: a mail server and keys kept out of the database.
const PRODUCTION = {
  APP_ENV: 'production',
  SMTP_URL: 'smtp://mail.example.com',
  REWARD_ENCRYPTION_KEY: Buffer.alloc(32, 7).toString('base64'),
  AUTH_SECRET: 'a'.repeat(48),
} as const;

const problems = (env: Record<string, string>) => {
  try {
    loadConfig(env, '/srv/app');
  } catch (err) {
    if (err instanceof ConfigError) return err.problems;
    throw err;
  }
  throw new Error('expected a ConfigError');
};

describe('loadConfig', () => {
  it('gives the embedded defaults with no configuration', () => {
    const config = loadConfig({}, '/srv/app');
    expect(config).toMatchObject({
      appEnv: 'development',
      port: 3000,
      host: 'localhost',
      publicUrl: 'http://localhost:3000',
      dataDir: '/srv/app/data',
      database: { driver: 'pglite', dir: '/srv/app/data/pglite' },
      logLevel: 'info',
      logFormat: 'auto',
      selfVacuum: 'auto',
      migrateOnStart: true,
      shutdownTimeoutMs: 25_000,
    });
    // A deployment's processes check the schema instead, and may drain for longer (decision 073).
    expect(loadConfig({ MIGRATE: 'off', SHUTDOWN_TIMEOUT_MS: '60000' })).toMatchObject({
      migrateOnStart: false,
      shutdownTimeoutMs: 60_000,
    });
  });

  it('uses PostgreSQL when DATABASE_URL is set', () => {
    const config = loadConfig({ DATABASE_URL: 'postgres://u:p@db:5432/gr', DATABASE_POOL_MAX: '7' }, '/srv');
    expect(config.database).toEqual({ driver: 'postgres', url: 'postgres://u:p@db:5432/gr', poolMax: 7 });
  });

  it('follows PORT in the default PUBLIC_URL and trims a trailing slash from a given one', () => {
    expect(loadConfig({ PORT: '8080' }).publicUrl).toBe('http://localhost:8080');
    expect(loadConfig({ PUBLIC_URL: 'https://rewards.example.com/' }).publicUrl).toBe('https://rewards.example.com');
  });

  it('treats an empty variable as unset', () => {
    expect(loadConfig({ PORT: '', DATABASE_URL: '' }).port).toBe(3000);
  });

  it.each([
    [{ PORT: 'abc' }, 'PORT must be a whole number from 0 to 65535 (got "abc")'],
    [{ PORT: '70000' }, 'PORT must be a whole number from 0 to 65535 (got "70000")'],
    [{ PORT: '-1' }, 'PORT must be a whole number from 0 to 65535'],
    [{ APP_ENV: 'prod' }, 'APP_ENV must be one of development, test, production'],
    [{ DATABASE_URL: 'mysql://db/x' }, 'DATABASE_URL must be a PostgreSQL URL'],
    [{ PUBLIC_URL: 'ftp://example.com' }, 'PUBLIC_URL must be an http(s) URL'],
    [{ LOG_LEVEL: 'loud' }, 'LOG_LEVEL must be one of fatal, error, warn, info, debug, trace, silent'],
    [{ LOG_FORMAT: 'xml' }, 'LOG_FORMAT must be auto, json or pretty'],
    [{ DATABASE_POOL_MAX: '0' }, 'DATABASE_POOL_MAX must be a whole number from 1 to 100'],
    [{ SMTP_URL: 'http://mail.example.com' }, 'SMTP_URL must be an SMTP URL'],
    [{ MAIL_FROM: 'not an address' }, 'MAIL_FROM must be an address'],
    [{ TRUST_PROXY: 'yes please' }, 'TRUST_PROXY must be true, false, or a comma-separated list'],
    [{ RATE_LIMIT_FACTOR: '0' }, 'RATE_LIMIT_FACTOR must be a whole number from 1 to 10000'],
    [{ RATE_LIMIT_API_PER_MINUTE: '0' }, 'RATE_LIMIT_API_PER_MINUTE must be a whole number from 1 to 1000000'],
    [{ RATE_LIMIT_ORDERS_PER_MINUTE: 'lots' }, 'RATE_LIMIT_ORDERS_PER_MINUTE must be a whole number'],
    [{ RATE_LIMIT_EXPORTS_PER_MINUTE: '-1' }, 'RATE_LIMIT_EXPORTS_PER_MINUTE must be a whole number'],
    [{ MAILBOX_TOKEN: 'short' }, 'MAILBOX_TOKEN must be at least 16 characters'],
    [{ SELF_VACUUM: 'sometimes' }, 'SELF_VACUUM must be auto, on or off (got "sometimes")'],
    [{ MIGRATE: 'never' }, 'MIGRATE must be on or off (got "never")'],
    [{ SHUTDOWN_TIMEOUT_MS: '500' }, 'SHUTDOWN_TIMEOUT_MS must be a whole number from 1000 to 600000'],
    [{ APP_ENV: 'production' }, 'SMTP_URL must be set when APP_ENV=production'],
    [{ PASSWORD_HASHING: 'cheap' }, 'PASSWORD_HASHING must be standard or fast-test-only'],
    [{ APP_ENV: 'development', PASSWORD_HASHING: 'fast-test-only' }, 'allowed only when APP_ENV=test'],
    [{ ...PRODUCTION, PASSWORD_HASHING: 'fast-test-only' }, 'allowed only when APP_ENV=test'],
    [{ WEBHOOKS_ALLOW_PRIVATE: 'yes' }, 'WEBHOOKS_ALLOW_PRIVATE must be true or false'],
    [
      { ...PRODUCTION, WEBHOOKS_ALLOW_PRIVATE: 'true' },
      'WEBHOOKS_ALLOW_PRIVATE=true is refused when APP_ENV=production',
    ],
    [{ WEBHOOK_DISPATCH: 'push' }, 'WEBHOOK_DISPATCH must be notify or poll'],
    [{ DEMO: 'yes' }, 'DEMO must be true or false'],
    [{ ...PRODUCTION, DEMO: 'true' }, 'DEMO=true is refused when APP_ENV=production'],
    [{ APP_ENV: 'test', WEBHOOK_RETRY_SCALE: '0' }, 'WEBHOOK_RETRY_SCALE must be a number above 0 and at most 1'],
    [{ APP_ENV: 'test', WEBHOOK_RETRY_SCALE: '2' }, 'WEBHOOK_RETRY_SCALE must be a number above 0 and at most 1'],
    [{ WEBHOOK_RETRY_SCALE: '0.01' }, 'WEBHOOK_RETRY_SCALE=0.01 is allowed only when APP_ENV=test'],
    [{ APP_ENV: 'test', WEBHOOK_TIMEOUT_MS: '50' }, 'WEBHOOK_TIMEOUT_MS must be a whole number from 100 to 15000'],
    [{ WEBHOOK_TIMEOUT_MS: '1000' }, 'WEBHOOK_TIMEOUT_MS=1000 is allowed only when APP_ENV=test'],
    [{ APP_ENV: 'test', QUEUE_SUPERVISE_SECONDS: '0' }, 'QUEUE_SUPERVISE_SECONDS must be a whole number from 1 to 10'],
    [{ QUEUE_SUPERVISE_SECONDS: '1' }, 'QUEUE_SUPERVISE_SECONDS=1 is allowed only when APP_ENV=test'],
  ])('rejects %o naming the variable and what is allowed', (env, message) => {
    expect(problems(env).join('\n')).toContain(message);
  });

  it('needs every Tango Card identifier for GIFT_CARD_PROVIDER=tango, and never shows the key', () => {
    const missing = problems({ GIFT_CARD_PROVIDER: 'tango', TANGO_PLATFORM_NAME: 'GiftRelay' });
    expect(missing).toHaveLength(3);
    expect(missing[0]).toContain('TANGO_PLATFORM_KEY must be set when GIFT_CARD_PROVIDER=tango');
    expect(missing.join(' ')).toContain('TANGO_CUSTOMER_ID');
    const badRate = problems({
      GIFT_CARD_PROVIDER: 'tango',
      TANGO_REQUESTS_PER_SECOND: '0',
      TANGO_PLATFORM_KEY: 's3cret',
    });
    expect(badRate.join(' ')).toContain('TANGO_REQUESTS_PER_SECOND');
    expect(badRate.join(' ')).not.toContain('s3cret');
    const config = loadConfig({
      GIFT_CARD_PROVIDER: 'tango',
      TANGO_PLATFORM_NAME: 'GiftRelay',
      TANGO_PLATFORM_KEY: 'key',
      TANGO_CUSTOMER_ID: 'C',
      TANGO_ACCOUNT_ID: 'A',
    });
    expect(config.giftCards.tango).toMatchObject({
      baseUrl: 'https://integration-api.tangocard.com/raas/v2',
      requestsPerSecond: 1,
      lowBalance: 1000,
    });
    expect(loadConfig({}).giftCards.tango).toBeNull();
  });

  it('reports every bad variable at once', () => {
    expect(problems({ PORT: 'x', APP_ENV: 'y' })).toHaveLength(2);
  });

  it('refuses production without the reward key and AUTH_SECRET from the environment, naming each', () => {
    const base = { APP_ENV: 'production', SMTP_URL: 'smtp://mail.example.com' };
    const both = problems(base);
    expect(both).toHaveLength(2);
    expect(both[0]).toContain('REWARD_ENCRYPTION_KEYS (or REWARD_ENCRYPTION_KEY) must be set when APP_ENV=production');
    expect(both[1]).toContain('AUTH_SECRET must be set when APP_ENV=production');
    expect(problems({ ...base, AUTH_SECRET: PRODUCTION.AUTH_SECRET })).toEqual([
      expect.stringContaining('REWARD_ENCRYPTION_KEYS (or REWARD_ENCRYPTION_KEY) must be set'),
    ]);
    expect(problems({ ...base, REWARD_ENCRYPTION_KEY: PRODUCTION.REWARD_ENCRYPTION_KEY })).toEqual([
      expect.stringContaining('AUTH_SECRET must be set'),
    ]);
    // Either spelling of the reward key will do; outside production nothing is required.
    const keys = `k1:${PRODUCTION.REWARD_ENCRYPTION_KEY}`;
    expect(loadConfig({ ...base, REWARD_ENCRYPTION_KEYS: keys, AUTH_SECRET: PRODUCTION.AUTH_SECRET }).appEnv).toBe(
      'production',
    );
    expect(loadConfig(PRODUCTION).appEnv).toBe('production');
    expect(loadConfig({ APP_ENV: 'test' }).authSecret).toBeUndefined();
  });

  it('makes the first verified account an operator only without OPERATOR_EMAILS and outside production', () => {
    expect(loadConfig({}).operatorBootstrap).toBe('first-verified');
    expect(loadConfig({ APP_ENV: 'test' }).operatorBootstrap).toBe('first-verified');
    expect(loadConfig({ OPERATOR_EMAILS: 'ops@x.test' }).operatorBootstrap).toBe('none');
    expect(loadConfig({ ...PRODUCTION, OPERATOR_EMAILS: 'ops@x.test' }).operatorBootstrap).toBe('none');
    expect(loadConfig(PRODUCTION).operatorBootstrap).toBe('token');
  });

  it('never shows a database password in its messages', () => {
    const text = problems({ DATABASE_URL: 'mysql://admin:hunter2@db/x' }).join('\n');
    expect(text).not.toContain('hunter2');
    expect(text).toContain('***');
  });
});

describe('loadConfig: mail, auth and proxies', () => {
  it('uses the built-in mailbox without SMTP_URL, and SMTP with it', () => {
    expect(loadConfig({}).mail).toEqual({ transport: 'mailbox', from: 'GiftRelay <no-reply@localhost.localdomain>' });
    expect(
      loadConfig({
        ...PRODUCTION,
        SMTP_URL: 'smtps://u:p@smtp.example.com:465',
        PUBLIC_URL: 'https://gr.example.com',
      }).mail,
    ).toEqual({
      transport: 'smtp',
      url: 'smtps://u:p@smtp.example.com:465',
      from: 'GiftRelay <no-reply@gr.example.com>',
    });
    expect(loadConfig({ MAIL_FROM: 'Rewards <r@example.com>' }).mail.from).toBe('Rewards <r@example.com>');
  });

  it('an IP address in PUBLIC_URL is no mail domain: the default sender is a .localdomain address', () => {
    for (const url of ['http://192.168.1.20:3000', 'http://[::1]:3000', 'http://10.0.0.7']) {
      expect(loadConfig({ PUBLIC_URL: url }).mail.from).toBe('GiftRelay <no-reply@giftrelay.localdomain>');
    }
    expect(loadConfig({ PUBLIC_URL: 'https://rewards.example.com' }).mail.from).toBe(
      'GiftRelay <no-reply@rewards.example.com>',
    );
  });

  it('reads TRUST_PROXY and RATE_LIMIT_FACTOR', () => {
    expect(loadConfig({}).trustProxy).toBe(false);
    expect(loadConfig({ TRUST_PROXY: 'true' }).trustProxy).toBe(true);
    expect(loadConfig({ TRUST_PROXY: '10.0.0.0/8, 127.0.0.1' }).trustProxy).toEqual(['10.0.0.0/8', '127.0.0.1']);
    expect(loadConfig({}).rateLimitFactor).toBe(1);
    expect(loadConfig({ RATE_LIMIT_FACTOR: '50' }).rateLimitFactor).toBe(50);
  });

  it('is no demo unless npm run demo:live says so', () => {
    expect(loadConfig({}).demo).toBe(false);
    expect(loadConfig({ DEMO: 'true' }).demo).toBe(true);
  });

  it('keeps webhooks off private addresses unless asked', () => {
    expect(loadConfig({}).webhooksAllowPrivate).toBe(false);
    expect(loadConfig({ WEBHOOKS_ALLOW_PRIVATE: 'true' }).webhooksAllowPrivate).toBe(true);
  });

  it('delivers webhooks on the documented schedule and timeout unless a test asks otherwise', () => {
    expect(loadConfig({}).webhookDelivery).toEqual({ dispatch: 'notify', retryScale: 1, timeoutMs: 15_000 });
    expect(
      loadConfig({ APP_ENV: 'test', WEBHOOK_DISPATCH: 'poll', WEBHOOK_RETRY_SCALE: '0.01', WEBHOOK_TIMEOUT_MS: '1000' })
        .webhookDelivery,
    ).toEqual({ dispatch: 'poll', retryScale: 0.01, timeoutMs: 1000 });
    // The real values are accepted anywhere, spelt as they are documented.
    expect(loadConfig({ WEBHOOK_RETRY_SCALE: '1', WEBHOOK_TIMEOUT_MS: '15000' }).webhookDelivery.retryScale).toBe(1);
  });

  it('supervises the job queue every 10 s unless a test that kills processes asks for every second', () => {
    expect(loadConfig({}).queueSuperviseSeconds).toBe(10);
    expect(loadConfig({ QUEUE_SUPERVISE_SECONDS: '10' }).queueSuperviseSeconds).toBe(10);
    expect(loadConfig({ APP_ENV: 'test', QUEUE_SUPERVISE_SECONDS: '1' }).queueSuperviseSeconds).toBe(1);
  });

  it('hashes passwords at the standard cost unless a test asks for less', () => {
    expect(loadConfig({}).passwordHashing).toBe('standard');
    expect(loadConfig(PRODUCTION).passwordHashing).toBe('standard');
    expect(loadConfig({ APP_ENV: 'test', PASSWORD_HASHING: 'fast-test-only' }).passwordHashing).toBe('fast-test-only');
  });

  it('reads the organisation rate limits and MAILBOX_TOKEN, never echoing the token', () => {
    expect(loadConfig({}).organisationRateLimits).toEqual({ api: 1200, orders: 300, exports: 30 });
    expect(
      loadConfig({
        RATE_LIMIT_API_PER_MINUTE: '60',
        RATE_LIMIT_ORDERS_PER_MINUTE: '10',
        RATE_LIMIT_EXPORTS_PER_MINUTE: '2',
      }).organisationRateLimits,
    ).toEqual({ api: 60, orders: 10, exports: 2 });
    expect(loadConfig({}).mailboxToken).toBeUndefined();
    expect(loadConfig({ MAILBOX_TOKEN: 'x'.repeat(20) }).mailboxToken).toBe('x'.repeat(20));
    expect(problems({ MAILBOX_TOKEN: 'secret-short' }).join('\n')).not.toContain('secret-short');
  });

  it('serves /metrics only when told where and how, never echoing METRICS_TOKEN; traces only with an OTLP endpoint', () => {
    expect(loadConfig({})).toMatchObject({ metrics: null, otlpEndpoint: null });
    expect(loadConfig({ METRICS_TOKEN: 'm'.repeat(16) }).metrics).toEqual({ token: 'm'.repeat(16), port: null });
    expect(loadConfig({ METRICS_PORT: '9464' }).metrics).toEqual({ token: null, port: 9464 });
    expect(problems({ METRICS_TOKEN: 'metrics-short' }).join('\n')).not.toContain('metrics-short');
    expect(problems({ METRICS_PORT: '3000' })).toEqual([
      'METRICS_PORT must differ from PORT (both are 3000): /metrics gets a listener of its own',
    ]);
    expect(problems({ METRICS_PORT: '0' })[0]).toContain('METRICS_PORT must be a whole number from 1 to 65535');
    expect(loadConfig({ OTEL_EXPORTER_OTLP_ENDPOINT: 'http://collector:4318' }).otlpEndpoint).toBe(
      'http://collector:4318',
    );
    expect(problems({ OTEL_EXPORTER_OTLP_ENDPOINT: 'collector:4318' })[0]).toContain(
      'OTEL_EXPORTER_OTLP_ENDPOINT must be an http(s) URL',
    );
  });

  it('never echoes AUTH_SECRET', () => {
    const text = problems({ AUTH_SECRET: 'hunter2-too-short' }).join('\n');
    expect(text).toContain('AUTH_SECRET must be at least 32 characters');
    expect(text).not.toContain('hunter2');
    expect(loadConfig({ AUTH_SECRET: 'x'.repeat(32) }).authSecret).toBe('x'.repeat(32));
  });
});

describe('redactUrl', () => {
  it('masks the password and keeps the rest', () => {
    expect(redactUrl('postgres://u:secret@h:5432/d')).toBe('postgres://u:***@h:5432/d');
    expect(redactUrl('not a url')).toBe('not a url');
  });
});

describe('gift-card provider and catalogue configuration', () => {
  it('defaults to the sandbox with its hand-written catalogue, no failures, and an hourly sync', () => {
    const config = loadConfig({}, '/srv/app');
    expect(config.giftCards).toEqual({
      provider: 'sandbox',
      sandbox: { catalogSize: 0, failureRate: 0, latencyMs: 0 },
      sandboxOutsideRecipientsPerDay: 25,
      tango: null,
    });
    expect(config.catalogSyncCron).toBe('0 * * * *');
    expect(config.catalogCacheSeconds).toBe(30);
  });

  it('caps sandbox outside recipients per day, scaled like every rate limit, or not at all with off', () => {
    expect(loadConfig({ SANDBOX_OUTSIDE_RECIPIENTS_PER_DAY: '5' }).giftCards.sandboxOutsideRecipientsPerDay).toBe(5);
    expect(
      loadConfig({ SANDBOX_OUTSIDE_RECIPIENTS_PER_DAY: '5', RATE_LIMIT_FACTOR: '100' }).giftCards
        .sandboxOutsideRecipientsPerDay,
    ).toBe(500);
    expect(
      loadConfig({ SANDBOX_OUTSIDE_RECIPIENTS_PER_DAY: 'off' }).giftCards.sandboxOutsideRecipientsPerDay,
    ).toBeNull();
    expect(problems({ SANDBOX_OUTSIDE_RECIPIENTS_PER_DAY: 'lots' }).join('\n')).toMatch(
      /SANDBOX_OUTSIDE_RECIPIENTS_PER_DAY/,
    );
  });

  it('reads the sandbox knobs and the schedule', () => {
    const config = loadConfig({
      SANDBOX_CATALOG_SIZE: '10000',
      SANDBOX_FAILURE_RATE: '0.25',
      SANDBOX_LATENCY_MS: '150',
      CATALOG_SYNC_CRON: '*/15 * * * *',
      CATALOG_CACHE_SECONDS: '0',
    });
    expect(config.catalogCacheSeconds).toBe(0);
    expect(config.giftCards.sandbox).toEqual({ catalogSize: 10_000, failureRate: 0.25, latencyMs: 150 });
    expect(config.catalogSyncCron).toBe('*/15 * * * *');
    expect(loadConfig({ CATALOG_SYNC_CRON: 'off' }).catalogSyncCron).toBeNull();
  });

  it('names each bad value and what it allows', () => {
    expect(
      problems({
        GIFT_CARD_PROVIDER: 'paypal',
        SANDBOX_CATALOG_SIZE: '-1',
        SANDBOX_FAILURE_RATE: '1.5',
        SANDBOX_LATENCY_MS: 'fast',
        CATALOG_SYNC_CRON: 'hourly',
        CATALOG_CACHE_SECONDS: '1h',
      }),
    ).toEqual([
      'GIFT_CARD_PROVIDER must be sandbox or tango (got "paypal")',
      'SANDBOX_CATALOG_SIZE must be a whole number from 0 to 200000 (got "-1")',
      'SANDBOX_FAILURE_RATE must be a number from 0 to 1, such as 0.05 (got "1.5")',
      'SANDBOX_LATENCY_MS must be a whole number from 0 to 60000 (got "fast")',
      'CATALOG_SYNC_CRON must be a five-field cron expression, such as "0 * * * *", or off (got "hourly")',
      'CATALOG_CACHE_SECONDS must be a whole number from 0 to 3600 (got "1h")',
    ]);
    expect(problems({ SANDBOX_CATALOG_SIZE: '300000' })).toEqual([
      'SANDBOX_CATALOG_SIZE must be a whole number from 0 to 200000 (got "300000")',
    ]);
  });
});
