import { isIP } from 'node:net';
import path from 'node:path';
import { z } from 'zod';
import { BANK_TRANSFER_ENV, type BankTransferConfig, bankTransferFrom } from './lib/bank-transfer';
import { TWILIO_ENV, type TwilioConfig, twilioFrom } from './lib/twilio-config';

// Never echoed back in a configuration message.
const SECRET_VARIABLES = new Set([
  'AUTH_SECRET',
  'REWARD_ENCRYPTION_KEY',
  'REWARD_ENCRYPTION_KEYS',
  'MAILBOX_TOKEN',
  'METRICS_TOKEN',
  'TANGO_PLATFORM_KEY',
  'STRIPE_SECRET_KEY',
  'STRIPE_WEBHOOK_SECRET',
  'LLM_API_KEY',
  'TWILIO_AUTH_TOKEN',
]);

const LOG_LEVELS = ['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'] as const;

const portSchema = z
  .string()
  .regex(/^\d+$/, 'must be a whole number from 0 to 65535')
  .transform(Number)
  .pipe(z.number().max(65535, 'must be a whole number from 0 to 65535'));

const wholeNumber = (min: number, max: number) => {
  const message = `must be a whole number from ${min} to ${max}`;
  return z.string().regex(/^\d+$/, message).transform(Number).pipe(z.number().min(min, message).max(max, message));
};

const httpUrl = (what: string) => z.url({ protocol: /^https?$/, error: `must be an http(s) URL, such as ${what}` });

const EnvSchema = z.object({
  APP_ENV: z
    .enum(['development', 'test', 'production'], {
      error: 'must be one of development, test, production',
    })
    .default('development'),
  PORT: portSchema.default(3000),
  HOST: z.string().min(1, 'must not be empty').default('localhost'),
  PUBLIC_URL: httpUrl('http://localhost:3000').optional(),
  DATA_DIR: z.string().min(1, 'must not be empty').default('./data'),
  DATABASE_URL: z
    .url({
      protocol: /^postgres(ql)?$/,
      error: 'must be a PostgreSQL URL, such as postgres://user:password@host:5432/giftrelay',
    })
    .optional(),
  DATABASE_POOL_MAX: z
    .string()
    .regex(/^\d+$/, 'must be a whole number from 1 to 100')
    .transform(Number)
    .pipe(z.number().min(1, 'must be a whole number from 1 to 100').max(100, 'must be a whole number from 1 to 100'))
    .default(20),
  FULFILMENT_MAX_ATTEMPTS: z
    .string()
    .regex(/^\d+$/, 'must be a whole number from 1 to 20')
    .transform(Number)
    .pipe(z.number().min(1, 'must be a whole number from 1 to 20').max(20, 'must be a whole number from 1 to 20'))
    .default(7),
  FULFILMENT_RETRY_DELAY_SECONDS: z
    .string()
    .regex(/^\d+$/, 'must be a whole number from 1 to 600')
    .transform(Number)
    .pipe(z.number().min(1, 'must be a whole number from 1 to 600').max(600, 'must be a whole number from 1 to 600'))
    .default(1),
  FULFILMENT_CONCURRENCY: z
    .string()
    .regex(/^\d+$/, 'must be a whole number from 4 to 1000')
    .transform(Number)
    .pipe(z.number().min(4, 'must be a whole number from 4 to 1000').max(1000, 'must be a whole number from 4 to 1000'))
    .default(160),
  WORKERS: z.enum(['on', 'off'], { error: 'must be on or off' }).default('on'),
  MIGRATE: z.enum(['on', 'off'], { error: 'must be on or off' }).default('on'),
  SHUTDOWN_TIMEOUT_MS: wholeNumber(1000, 600_000).default(25_000),
  SELF_VACUUM: z.enum(['auto', 'on', 'off'], { error: 'must be auto, on or off' }).default('auto'),
  REWARD_ENCRYPTION_KEY: z
    .string()
    .refine((v) => Buffer.from(v, 'base64').length === 32, 'must be 32 bytes in base64 (openssl rand -base64 32)')
    .optional(),
  REWARD_ENCRYPTION_KEYS: z
    .string()
    .transform((v, ctx) => {
      const keys: { id: string; key: Buffer }[] = [];
      for (const entry of v.split(',')) {
        const at = entry.indexOf(':');
        const id = entry.slice(0, Math.max(0, at)).trim();
        const key = Buffer.from(entry.slice(at + 1).trim(), 'base64');
        if (at < 1 || !/^[A-Za-z0-9_-]{1,32}$/.test(id) || key.length !== 32 || keys.some((k) => k.id === id)) {
          ctx.addIssue({
            code: 'custom',
            message:
              'must be id:key pairs separated by commas, newest first: distinct ids of letters, digits, _ or - (at most 32), each key 32 bytes in base64',
          });
          return z.NEVER;
        }
        keys.push({ id, key });
      }
      return keys;
    })
    .optional(),
  LOG_LEVEL: z.enum(LOG_LEVELS, { error: `must be one of ${LOG_LEVELS.join(', ')}` }).default('info'),
  LOG_FORMAT: z.enum(['auto', 'json', 'pretty'], { error: 'must be auto, json or pretty' }).default('auto'),
  SMTP_URL: z
    .url({
      protocol: /^smtps?$/,
      error: 'must be an SMTP URL, such as smtps://user:password@smtp.example.com:465',
    })
    .optional(),
  MAIL_FROM: z
    .string()
    .regex(/^[^<>\r\n]*<[^<>\s@]+@[^<>\s@]+>$|^[^<>\s@]+@[^<>\s@]+$/, {
      error: 'must be an address, such as GiftRelay <rewards@example.com>',
    })
    .optional(),
  AUTH_SECRET: z.string().min(32, 'must be at least 32 characters (for example: openssl rand -base64 48)').optional(),
  TRUST_PROXY: z
    .string()
    .regex(/^(true|false|[0-9a-fA-F.:/]+(\s*,\s*[0-9a-fA-F.:/]+)*)$/, {
      error: 'must be true, false, or a comma-separated list of proxy addresses or CIDR ranges',
    })
    .optional(),
  RATE_LIMIT_FACTOR: z
    .string()
    .regex(/^\d+$/, 'must be a whole number from 1 to 10000')
    .transform(Number)
    .pipe(
      z.number().min(1, 'must be a whole number from 1 to 10000').max(10000, 'must be a whole number from 1 to 10000'),
    )
    .default(1),
  PASSWORD_HASHING: z
    .enum(['standard', 'fast-test-only'], { error: 'must be standard or fast-test-only' })
    .default('standard'),
  RATE_LIMIT_API_PER_MINUTE: wholeNumber(1, 1_000_000).default(1200),
  RATE_LIMIT_ORDERS_PER_MINUTE: wholeNumber(1, 1_000_000).default(300),
  RATE_LIMIT_EXPORTS_PER_MINUTE: wholeNumber(1, 1_000_000).default(30),
  MAILBOX_TOKEN: z.string().min(16, 'must be at least 16 characters (for example: openssl rand -hex 24)').optional(),
  METRICS_TOKEN: z
    .string()
    .min(16, 'must be at least 16 characters (for example: openssl rand -hex 24)')
    .regex(/^[\x21-\x7e]+$/, 'must be printable characters without spaces')
    .optional(),
  METRICS_PORT: wholeNumber(1, 65535).optional(),
  OTEL_EXPORTER_OTLP_ENDPOINT: httpUrl('http://localhost:4318').optional(),
  OPERATOR_EMAILS: z
    .string()
    .trim()
    .transform((v) =>
      v
        ? v
            .split(',')
            .map((e) => e.trim().toLowerCase())
            .filter(Boolean)
        : [],
    )
    .pipe(
      z.array(
        z.email({ error: 'must be email addresses separated by commas, such as ops@example.com,ada@example.com' }),
      ),
    )
    .default([]),
  GIFT_CARD_PROVIDER: z.enum(['sandbox', 'tango'], { error: 'must be sandbox or tango' }).default('sandbox'),
  // Tango Card's RaaS v2 (issue 17): their integration (sandbox) base unless told otherwise.
  TANGO_BASE_URL: z
    .url({ protocol: /^https?$/, error: 'must be an http(s) URL, such as https://api.tangocard.com/raas/v2' })
    .default('https://integration-api.tangocard.com/raas/v2'),
  TANGO_PLATFORM_NAME: z.string().max(200, 'must be at most 200 characters').optional(),
  TANGO_PLATFORM_KEY: z.string().max(500, 'must be at most 500 characters').optional(),
  TANGO_CUSTOMER_ID: z.string().max(200, 'must be at most 200 characters').optional(),
  TANGO_ACCOUNT_ID: z.string().max(200, 'must be at most 200 characters').optional(),
  TANGO_REQUESTS_PER_SECOND: wholeNumber(1, 100).default(1),
  TANGO_TIMEOUT_MS: wholeNumber(1000, 120_000).default(15_000),
  /** Below this (in the Tango account's currency, major units) the operators are emailed once a day. */
  TANGO_LOW_BALANCE: wholeNumber(0, 100_000_000).default(1000),
  // Card funding through Stripe Checkout (decision 046): both secrets, or neither.
  STRIPE_SECRET_KEY: z
    .string()
    .regex(
      /^(sk|rk)_(test|live)_[A-Za-z0-9_]{8,250}$/,
      'must be a Stripe secret key: sk_live_…, sk_test_… or a restricted rk_… key',
    )
    .optional(),
  STRIPE_WEBHOOK_SECRET: z
    .string()
    .regex(
      /^whsec_[A-Za-z0-9+/=_-]{8,250}$/,
      "must be the webhook endpoint's signing secret, whsec_… (Stripe Dashboard → Webhooks)",
    )
    .optional(),
  /** Points the SDK elsewhere (a fake in tests): scheme, host and port only. */
  STRIPE_API_BASE: z
    .url({ protocol: /^https?$/, error: 'must be an http(s) URL with no path, such as http://127.0.0.1:12111' })
    .refine((v) => {
      const u = new URL(v);
      return (u.pathname === '/' || u.pathname === '') && !u.search && !u.hash && !u.username;
    }, 'must be an http(s) URL with no path, such as http://127.0.0.1:12111')
    .optional(),
  // The account live organisations fund by bank transfer (decision 047): all of it, or none.
  ...BANK_TRANSFER_ENV,
  // Texts through Twilio (decision 082): the SID, the token and a sender, or none of them.
  ...TWILIO_ENV,
  SANDBOX_CATALOG_SIZE: wholeNumber(0, 200_000).default(0),
  SANDBOX_FAILURE_RATE: z
    .string()
    .regex(/^(0(\.\d+)?|1(\.0+)?)$/, 'must be a number from 0 to 1, such as 0.05')
    .transform(Number)
    .default(0),
  SANDBOX_LATENCY_MS: wholeNumber(0, 60_000).default(0),
  /** Distinct outside addresses a sandbox organisation's rewards may reach per UTC day (decision 063); `off`: no cap. */
  SANDBOX_OUTSIDE_RECIPIENTS_PER_DAY: z
    .union([z.literal('off'), wholeNumber(0, 1_000_000)], { error: 'must be a whole number from 0 to 1000000, or off' })
    .default(25),
  CATALOG_SYNC_CRON: z
    .string()
    .trim()
    .regex(/^(off|\S+( \S+){4})$/, 'must be a five-field cron expression, such as "0 * * * *", or off')
    .default('0 * * * *'),
  CATALOG_CACHE_SECONDS: wholeNumber(0, 3600).default(30),
  WEBHOOKS_ALLOW_PRIVATE: z.enum(['true', 'false'], { error: 'must be true or false' }).default('false'),
  WEBHOOK_DISPATCH: z.enum(['notify', 'poll'], { error: 'must be notify or poll' }).default('notify'),
  WEBHOOK_RETRY_SCALE: z
    .string()
    .regex(/^(0(\.\d+)?|1(\.0+)?)$/, 'must be a number above 0 and at most 1, such as 0.01')
    .transform(Number)
    .pipe(z.number().gt(0, 'must be a number above 0 and at most 1, such as 0.01'))
    .default(1),
  WEBHOOK_TIMEOUT_MS: wholeNumber(100, 15_000).default(15_000),
  QUEUE_SUPERVISE_SECONDS: wholeNumber(1, 10).default(10),
  // The writer (decision 050): an OpenAI-compatible chat-completions API, all three or none.
  LLM_BASE_URL: httpUrl('https://api.openai.com/v1').optional(),
  LLM_API_KEY: z.string().max(1000, 'must be at most 1000 characters').optional(),
  LLM_MODEL: z
    .string()
    .max(200, 'must be at most 200 characters')
    .regex(/^[\x21-\x7e]+$/, 'must be a model name without spaces, such as gpt-4o-mini')
    .optional(),
  LLM_TIMEOUT_MS: wholeNumber(1000, 600_000).default(60_000),
  /** Set by `npm run demo:live` (scripts/demo-live.mjs): the app and the start say it is a demo. */
  DEMO: z.enum(['true', 'false'], { error: 'must be true or false' }).default('false'),
});

export type Config = {
  appEnv: 'development' | 'test' | 'production';
  port: number;
  host: string;
  publicUrl: string;
  dataDir: string;
  database: { driver: 'pglite'; dir: string } | { driver: 'postgres'; url: string; poolMax: number };
  logLevel: (typeof LOG_LEVELS)[number];
  /** `auto`: readable lines in development at a terminal, JSON otherwise (lib/log.ts). */
  logFormat: 'auto' | 'json' | 'pretty';
  version: string;
  /** How often the provider is asked for a reward before its order fails, and the first retry's delay (it doubles). */
  /** `concurrency`: orders one process fulfils at once (provider calls are mostly waiting). */
  fulfilment: { maxAttempts: number; retryDelaySeconds: number; concurrency: number };
  /** Whether this process runs the job workers (fulfilment, email); off for API-only processes. */
  runWorkers: boolean;
  /**
   * Whether a start applies pending migrations (`on`), or only checks that there are none and
   * refuses to start otherwise (`off`: `npm run migrate` is the deployment's own step, decision 073).
   */
  migrateOnStart: boolean;
  /** How long SIGTERM waits for in-flight requests and jobs before it cuts them (decision 073). */
  shutdownTimeoutMs: number;
  /**
   * Whether worker processes vacuum the tables the app churns themselves: `auto` when the database
   * has no autovacuum (PGlite, or PostgreSQL with autovacuum off), `on` always, `off` never.
   */
  selfVacuum: 'auto' | 'on' | 'off';
  /** The legacy key for reward codes at rest (no key id); undefined means one kept in the database. */
  rewardEncryptionKey?: Buffer;
  /** Keys with ids, newest first: the first encrypts, every one (and the legacy key) decrypts. */
  rewardEncryptionKeys?: { id: string; key: Buffer }[];
  /** Where email goes: an SMTP server, or the built-in mailbox when none is configured. */
  mail: { transport: 'smtp'; url: string; from: string } | { transport: 'mailbox'; from: string };
  /** Signs access tokens; unset means a key generated on first start and kept in the database. */
  authSecret: string | undefined;
  /** Fastify's trustProxy: which proxies' X-Forwarded-For to believe for the client's address. */
  trustProxy: boolean | string[];
  /** Multiplies every rate limit (end-to-end runs and load tests sign up many accounts from one address). */
  rateLimitFactor: number;
  /**
   * argon2id's cost for new password hashes: `standard` (OWASP's parameters) everywhere but in
   * tests, whose thousands of sign-ups may use `fast-test-only` (APP_ENV=test only; decision 019).
   */
  passwordHashing: 'standard' | 'fast-test-only';
  /**
   * Requests per minute each organisation may make, per process, before RATE_LIMIT_FACTOR: every
   * authenticated route (`api`), and their own budgets for order creation and CSV exports.
   */
  organisationRateLimits: { api: number; orders: number; exports: number };
  /**
   * Whether sandbox organisations' webhook endpoints may be on this machine's loopback interface
   * (a local receiver in development and tests). Never any other private address; never live mode.
   */
  webhooksAllowPrivate: boolean;
  /**
   * How webhook deliveries are made (decision 030): `dispatch` wakes on the outbox's NOTIFY
   * (`poll`: every 250 ms, the old way, kept as the bench's baseline); `retryScale` multiplies the
   * retry schedule and `timeoutMs` bounds an attempt, both shortened only by tests and benches.
   */
  webhookDelivery: { dispatch: 'notify' | 'poll'; retryScale: number; timeoutMs: number };
  /**
   * How often pg-boss looks for jobs whose worker died (no heartbeat) and puts them back: every
   * 10 s; tests that kill processes look every second (decision 087).
   */
  queueSuperviseSeconds: number;
  /** Opens the built-in mailbox to callers beyond the loopback interface; unset, loopback only. */
  mailboxToken: string | undefined;
  /**
   * Where /metrics is served (decision 072): behind `token` (METRICS_TOKEN, a bearer token), on a
   * listener of its own at `port` (METRICS_PORT), or both; null: not served.
   */
  metrics: { token: string | null; port: number | null } | null;
  /** OTEL_EXPORTER_OTLP_ENDPOINT: set, traces are exported there over OTLP/HTTP (decision 072). */
  otlpEndpoint: string | null;
  /** Accounts that are platform operators by configuration (decision 041), lower-cased. */
  operatorEmails: string[];
  /**
   * How an instance without operators gets its first (decision 056): `first-verified` (the first
   * account to verify its address; only without OPERATOR_EMAILS and outside production), `token`
   * (production without OPERATOR_EMAILS: a one-time token printed at start), or `none`
   * (OPERATOR_EMAILS names them).
   */
  operatorBootstrap: 'first-verified' | 'token' | 'none';
  giftCards: {
    provider: 'sandbox' | 'tango';
    sandbox: { catalogSize: number; failureRate: number; latencyMs: number };
    /**
     * Distinct addresses outside the organisation that its sandbox rewards may reach per UTC day
     * (SANDBOX_OUTSIDE_RECIPIENTS_PER_DAY × RATE_LIMIT_FACTOR; decision 063); null: no cap.
     */
    sandboxOutsideRecipientsPerDay: number | null;
    /** Set when `provider` is tango (every field checked at boot). */
    tango: {
      baseUrl: string;
      platformName: string;
      platformKey: string;
      customerId: string;
      accountId: string;
      requestsPerSecond: number;
      timeoutMs: number;
      lowBalance: number;
    } | null;
  };
  /**
   * Card funding through Stripe Checkout (decision 046); null when not configured. `api` points
   * the SDK at another host (STRIPE_API_BASE, a fake in tests); null: Stripe's own.
   */
  stripe: {
    secretKey: string;
    webhookSecret: string;
    api: { host: string; port: number; protocol: 'http' | 'https' } | null;
  } | null;
  /** Where live organisations send bank transfers (decision 047); null: not offered on this instance. */
  bankTransfer: BankTransferConfig | null;
  /** Texts through Twilio (decision 082); null: they land in the built-in mailbox. */
  twilio: TwilioConfig | null;
  /** When the catalogue is synchronised from the provider, as cron; null: only at start. */
  catalogSyncCron: string | null;
  /** How long a process may answer catalogue listings from memory after another process synced. */
  catalogCacheSeconds: number;
  /** The writer's chat-completions API (decision 050); null: the built-in writer. */
  llm: { baseUrl: string; apiKey: string; model: string; timeoutMs: number } | null;
  /**
   * A demo instance (`npm run demo:live`, issue 35): its providers are the fakes of the tests, so
   * every screen and the start banner say "no real money".
   */
  demo: boolean;
};

export class ConfigError extends Error {
  constructor(readonly problems: string[]) {
    super(`Invalid configuration:\n${problems.map((p) => `  ${p}`).join('\n')}`);
    this.name = 'ConfigError';
  }
}

/** Reads and checks the environment once. Throws ConfigError naming every bad variable. */
export function loadConfig(env: NodeJS.ProcessEnv = process.env, cwd = process.cwd()): Config {
  // An empty variable means "not set", as in most shells' `FOO= cmd`.
  const cleaned = Object.fromEntries(Object.entries(env).filter(([, v]) => v !== undefined && v !== ''));
  const parsed = EnvSchema.safeParse(cleaned);
  if (!parsed.success) {
    throw new ConfigError(
      parsed.error.issues.map((issue) => {
        const name = String(issue.path[0] ?? 'environment');
        const got = cleaned[name];
        const shown = got === undefined || SECRET_VARIABLES.has(name) ? '' : ` (got ${JSON.stringify(redactUrl(got))})`;
        return `${name} ${issue.message}${shown}`;
      }),
    );
  }
  const e = parsed.data;
  if (e.APP_ENV === 'production' && !e.SMTP_URL) {
    throw new ConfigError([
      'SMTP_URL must be set when APP_ENV=production: the built-in mailbox is for development and testing only',
    ]);
  }
  if (e.APP_ENV === 'production') {
    // Generated keys are kept in the database, beside what they protect: a copy of the database
    // (a backup, a dump) would carry the keys that decrypt its reward codes and sign its sessions.
    const missing = [
      ...(!e.REWARD_ENCRYPTION_KEYS && !e.REWARD_ENCRYPTION_KEY
        ? [
            'REWARD_ENCRYPTION_KEYS (or REWARD_ENCRYPTION_KEY) must be set when APP_ENV=production: keep the key that encrypts reward codes out of the database (openssl rand -base64 32)',
          ]
        : []),
      ...(!e.AUTH_SECRET
        ? [
            'AUTH_SECRET must be set when APP_ENV=production: keep the key that signs sessions out of the database (openssl rand -base64 48)',
          ]
        : []),
    ];
    if (missing.length) throw new ConfigError(missing);
  }
  if (e.PASSWORD_HASHING === 'fast-test-only' && e.APP_ENV !== 'test') {
    throw new ConfigError([
      `PASSWORD_HASHING=fast-test-only is allowed only when APP_ENV=test: it makes stolen password hashes cheap to crack (got APP_ENV=${e.APP_ENV})`,
    ]);
  }
  if (e.WEBHOOKS_ALLOW_PRIVATE === 'true' && e.APP_ENV === 'production') {
    throw new ConfigError([
      'WEBHOOKS_ALLOW_PRIVATE=true is refused when APP_ENV=production: it lets webhooks reach services on this machine',
    ]);
  }
  for (const [name, value, real] of [
    ['WEBHOOK_RETRY_SCALE', e.WEBHOOK_RETRY_SCALE, 1],
    ['WEBHOOK_TIMEOUT_MS', e.WEBHOOK_TIMEOUT_MS, 15_000],
  ] as const) {
    if (value !== real && e.APP_ENV !== 'test') {
      throw new ConfigError([
        `${name}=${value} is allowed only when APP_ENV=test: it changes the documented webhook delivery for tests and benches (got APP_ENV=${e.APP_ENV})`,
      ]);
    }
  }
  if (e.QUEUE_SUPERVISE_SECONDS !== 10 && e.APP_ENV !== 'test') {
    throw new ConfigError([
      `QUEUE_SUPERVISE_SECONDS=${e.QUEUE_SUPERVISE_SECONDS} is allowed only when APP_ENV=test: it is for tests that kill processes (got APP_ENV=${e.APP_ENV})`,
    ]);
  }
  if (e.GIFT_CARD_PROVIDER === 'tango') {
    const missing = (
      ['TANGO_PLATFORM_NAME', 'TANGO_PLATFORM_KEY', 'TANGO_CUSTOMER_ID', 'TANGO_ACCOUNT_ID'] as const
    ).filter((name) => !e[name]);
    if (missing.length) {
      throw new ConfigError(
        missing.map(
          (name) =>
            `${name} must be set when GIFT_CARD_PROVIDER=tango: it comes from your Tango Card platform (Rewards Genius → API access)`,
        ),
      );
    }
  }
  if (Boolean(e.STRIPE_SECRET_KEY) !== Boolean(e.STRIPE_WEBHOOK_SECRET)) {
    const missing = e.STRIPE_SECRET_KEY ? 'STRIPE_WEBHOOK_SECRET' : 'STRIPE_SECRET_KEY';
    throw new ConfigError([
      `${missing} must be set with ${missing === 'STRIPE_SECRET_KEY' ? 'STRIPE_WEBHOOK_SECRET' : 'STRIPE_SECRET_KEY'}: card funding needs both the API key and the webhook signing secret, or neither`,
    ]);
  }
  if (e.DEMO === 'true' && e.APP_ENV === 'production') {
    throw new ConfigError([
      'DEMO=true is refused when APP_ENV=production: a demo runs on fake providers and says so on every screen',
    ]);
  }
  if (e.METRICS_PORT !== undefined && e.METRICS_PORT === e.PORT) {
    throw new ConfigError([
      `METRICS_PORT must differ from PORT (both are ${e.PORT}): /metrics gets a listener of its own`,
    ]);
  }
  if (e.STRIPE_API_BASE && !e.STRIPE_SECRET_KEY) {
    throw new ConfigError(['STRIPE_API_BASE is set but STRIPE_SECRET_KEY and STRIPE_WEBHOOK_SECRET are not']);
  }
  const llmVariables = ['LLM_BASE_URL', 'LLM_API_KEY', 'LLM_MODEL'] as const;
  const llmMissing = llmVariables.filter((name) => !e[name]);
  if (llmMissing.length && llmMissing.length < llmVariables.length) {
    throw new ConfigError(
      llmMissing.map(
        (name) =>
          `${name} must be set with ${llmVariables.filter((n) => n !== name).join(' and ')}: the writer needs the API's address, key and model, or none of them for the built-in writer`,
      ),
    );
  }
  const bankTransfer = bankTransferFrom(e);
  if (bankTransfer.problems.length) throw new ConfigError(bankTransfer.problems);
  const twilio = twilioFrom(e);
  if (twilio.problems.length) throw new ConfigError(twilio.problems);
  const dataDir = path.resolve(cwd, e.DATA_DIR);
  const publicUrl = (e.PUBLIC_URL ?? `http://localhost:${e.PORT || 3000}`).replace(/\/+$/, '');
  return {
    appEnv: e.APP_ENV,
    port: e.PORT,
    host: e.HOST,
    publicUrl,
    dataDir,
    database: e.DATABASE_URL
      ? { driver: 'postgres', url: e.DATABASE_URL, poolMax: e.DATABASE_POOL_MAX }
      : { driver: 'pglite', dir: path.join(dataDir, 'pglite') },
    logLevel: e.LOG_LEVEL,
    logFormat: e.LOG_FORMAT,
    runWorkers: e.WORKERS === 'on',
    migrateOnStart: e.MIGRATE === 'on',
    shutdownTimeoutMs: e.SHUTDOWN_TIMEOUT_MS,
    selfVacuum: e.SELF_VACUUM,
    fulfilment: {
      maxAttempts: e.FULFILMENT_MAX_ATTEMPTS,
      retryDelaySeconds: e.FULFILMENT_RETRY_DELAY_SECONDS,
      concurrency: e.FULFILMENT_CONCURRENCY,
    },
    rewardEncryptionKey: e.REWARD_ENCRYPTION_KEY ? Buffer.from(e.REWARD_ENCRYPTION_KEY, 'base64') : undefined,
    rewardEncryptionKeys: e.REWARD_ENCRYPTION_KEYS,
    version: process.env.npm_package_version ?? '0.1.0',
    mail: e.SMTP_URL
      ? { transport: 'smtp', url: e.SMTP_URL, from: e.MAIL_FROM ?? defaultFrom(publicUrl) }
      : { transport: 'mailbox', from: e.MAIL_FROM ?? defaultFrom(publicUrl) },
    authSecret: e.AUTH_SECRET,
    trustProxy: parseTrustProxy(e.TRUST_PROXY),
    rateLimitFactor: e.RATE_LIMIT_FACTOR,
    passwordHashing: e.PASSWORD_HASHING,
    organisationRateLimits: {
      api: e.RATE_LIMIT_API_PER_MINUTE,
      orders: e.RATE_LIMIT_ORDERS_PER_MINUTE,
      exports: e.RATE_LIMIT_EXPORTS_PER_MINUTE,
    },
    mailboxToken: e.MAILBOX_TOKEN,
    metrics:
      e.METRICS_TOKEN || e.METRICS_PORT !== undefined
        ? { token: e.METRICS_TOKEN ?? null, port: e.METRICS_PORT ?? null }
        : null,
    otlpEndpoint: e.OTEL_EXPORTER_OTLP_ENDPOINT ?? null,
    operatorEmails: e.OPERATOR_EMAILS,
    operatorBootstrap: e.OPERATOR_EMAILS.length ? 'none' : e.APP_ENV === 'production' ? 'token' : 'first-verified',
    webhooksAllowPrivate: e.WEBHOOKS_ALLOW_PRIVATE === 'true',
    webhookDelivery: {
      dispatch: e.WEBHOOK_DISPATCH,
      retryScale: e.WEBHOOK_RETRY_SCALE,
      timeoutMs: e.WEBHOOK_TIMEOUT_MS,
    },
    queueSuperviseSeconds: e.QUEUE_SUPERVISE_SECONDS,
    giftCards: {
      provider: e.GIFT_CARD_PROVIDER,
      sandbox: {
        catalogSize: e.SANDBOX_CATALOG_SIZE,
        failureRate: e.SANDBOX_FAILURE_RATE,
        latencyMs: e.SANDBOX_LATENCY_MS,
      },
      sandboxOutsideRecipientsPerDay:
        e.SANDBOX_OUTSIDE_RECIPIENTS_PER_DAY === 'off'
          ? null
          : e.SANDBOX_OUTSIDE_RECIPIENTS_PER_DAY * e.RATE_LIMIT_FACTOR,
      tango:
        e.GIFT_CARD_PROVIDER === 'tango'
          ? {
              baseUrl: e.TANGO_BASE_URL,
              platformName: e.TANGO_PLATFORM_NAME as string,
              platformKey: e.TANGO_PLATFORM_KEY as string,
              customerId: e.TANGO_CUSTOMER_ID as string,
              accountId: e.TANGO_ACCOUNT_ID as string,
              requestsPerSecond: e.TANGO_REQUESTS_PER_SECOND,
              timeoutMs: e.TANGO_TIMEOUT_MS,
              lowBalance: e.TANGO_LOW_BALANCE,
            }
          : null,
    },
    stripe:
      e.STRIPE_SECRET_KEY && e.STRIPE_WEBHOOK_SECRET
        ? {
            secretKey: e.STRIPE_SECRET_KEY,
            webhookSecret: e.STRIPE_WEBHOOK_SECRET,
            api: e.STRIPE_API_BASE ? stripeApi(e.STRIPE_API_BASE) : null,
          }
        : null,
    bankTransfer: bankTransfer.config,
    twilio: twilio.config,
    catalogSyncCron: e.CATALOG_SYNC_CRON === 'off' ? null : e.CATALOG_SYNC_CRON,
    catalogCacheSeconds: e.CATALOG_CACHE_SECONDS,
    llm:
      e.LLM_BASE_URL && e.LLM_API_KEY && e.LLM_MODEL
        ? {
            baseUrl: e.LLM_BASE_URL.replace(/\/+$/, ''),
            apiKey: e.LLM_API_KEY,
            model: e.LLM_MODEL,
            timeoutMs: e.LLM_TIMEOUT_MS,
          }
        : null,
    demo: e.DEMO === 'true',
  };
}

/**
 * no-reply@ the site's host. An IP address (http://192.168.1.20:3000) is no mail domain: mail
 * from no-reply@192.168.1.20 is refused or binned, so such a site, like a name without a dot
 * (localhost), sends from a .localdomain address until MAIL_FROM names a real one.
 */
function defaultFrom(publicUrl: string): string {
  const host = new URL(publicUrl).hostname.replace(/^\[|\]$/g, '');
  if (isIP(host)) return 'GiftRelay <no-reply@giftrelay.localdomain>';
  return `GiftRelay <no-reply@${host.includes('.') ? host : `${host}.localdomain`}>`;
}

/** STRIPE_API_BASE as the Stripe constructor's host, port and protocol options. */
function stripeApi(base: string): { host: string; port: number; protocol: 'http' | 'https' } {
  const url = new URL(base);
  const protocol = url.protocol === 'http:' ? 'http' : 'https';
  return {
    host: url.hostname.replace(/^\[|\]$/g, ''),
    port: url.port ? Number(url.port) : protocol === 'http' ? 80 : 443,
    protocol,
  };
}

function parseTrustProxy(value: string | undefined): boolean | string[] {
  if (value === undefined || value === 'false') return false;
  if (value === 'true') return true;
  return value.split(',').map((v) => v.trim());
}

/** Hides the password of a URL so it can be shown in messages and logs. */
export function redactUrl(value: string): string {
  try {
    const url = new URL(value);
    if (url.password) url.password = '***';
    return url.toString();
  } catch {
    return value;
  }
}
