import { createHash } from 'node:crypto';
import type { FastifyInstance, FastifyReply, FastifyRequest, HookHandlerDoneFunction, RouteOptions } from 'fastify';
import fp from 'fastify-plugin';
import { sql } from 'kysely';
import { AppError } from '../lib/errors';

/** At most `limit` hits per subject (an address, an account) in each window of `windowSeconds`. */
export interface RateLimitRule {
  name: string;
  limit: number;
  windowSeconds: number;
}

export interface RateLimits {
  /** Counts a hit for `subject` under `rule`; throws 429 RATE_LIMITED with Retry-After when over. */
  consume(rule: RateLimitRule, subject: string): Promise<void>;
  /**
   * Takes back one hit `consume` counted in the current window: for rules that count failures
   * only (a sign-in that succeeds, decision 054). Counting first and taking back keeps the limit
   * exact under concurrent attempts.
   */
  refund(rule: RateLimitRule, subject: string): Promise<void>;
  /**
   * The same, counted in this process's memory only (no database round trip): for budgets checked
   * on every request. Answers what is left instead of throwing.
   */
  consumeLocal(rule: RateLimitRule, subject: string): LocalQuota;
}

export interface LocalQuota {
  limit: number;
  remaining: number;
  /** Seconds until the window ends and the budget is whole again (at least 1). */
  resetSeconds: number;
  isAllowed: boolean;
}

/** The per-organisation budgets of authenticated routes; a route picks one in `config.rateLimit`. */
export type OrganisationBudget = 'api' | 'orders' | 'exports';
export type OrganisationLimits = Record<OrganisationBudget, number>;

declare module 'fastify' {
  interface FastifyInstance {
    rateLimits: RateLimits;
  }
  interface FastifyContextConfig {
    /** Which organisation budget an authenticated route spends; `api` unless set. */
    rateLimit?: OrganisationBudget;
  }
}

/**
 * A subject's row in rate_limit_counters: the rule's name and a hash of the subject, so the table
 * holds no addresses. For a caller that counts in its own statement (analytics events, decision 049).
 */
export const rateLimitKey = (rule: RateLimitRule, subject: string) =>
  `${rule.name}:${createHash('sha256').update(subject).digest('base64url').slice(0, 32)}`;

/**
 * Fixed-window counters in the database, so every app process on it shares one count. Subjects
 * are hashed: the table holds no addresses. `factor` multiplies every limit (RATE_LIMIT_FACTOR).
 */
export const rateLimitsPlugin = fp(
  async (app: FastifyInstance, opts: { factor: number; perMinute: OrganisationLimits }) => {
    const local = new LocalWindows();
    app.decorate('rateLimits', {
      consumeLocal(rule, subject) {
        return local.take(rule.name, subject, rule.limit * opts.factor, rule.windowSeconds * 1000);
      },
      async refund(rule, subject) {
        await app.db
          .updateTable('rate_limit_counters')
          .set({ hits: sql`greatest(hits - 1, 0)` })
          .where('key', '=', rateLimitKey(rule, subject))
          .where('window_ends_at', '>', sql<Date>`now()`)
          .execute();
      },
      async consume(rule, subject) {
        const key = rateLimitKey(rule, subject);
        const window = `${rule.windowSeconds} seconds`;
        const expired = sql`rate_limit_counters.window_ends_at <= now()`;
        const row = await app.db
          .insertInto('rate_limit_counters')
          .values({
            key,
            window_started_at: sql`now()`,
            window_ends_at: sql`now() + ${window}::interval`,
            hits: 1,
          })
          .onConflict((oc) =>
            oc.column('key').doUpdateSet({
              window_started_at: sql`CASE WHEN ${expired} THEN now() ELSE rate_limit_counters.window_started_at END`,
              window_ends_at: sql`CASE WHEN ${expired} THEN excluded.window_ends_at ELSE rate_limit_counters.window_ends_at END`,
              hits: sql`CASE WHEN ${expired} THEN 1 ELSE rate_limit_counters.hits + 1 END`,
            }),
          )
          .returning(['hits', sql<number>`ceil(extract(epoch FROM window_ends_at - now()))::int`.as('retry_after')])
          .executeTakeFirstOrThrow();
        if (row.hits > rule.limit * opts.factor) {
          const retryAfter = Math.max(1, row.retry_after);
          throw new AppError(
            'RATE_LIMITED',
            `Too many attempts. Try again in ${describeWait(retryAfter)}.`,
            undefined,
            { 'retry-after': String(retryAfter) },
          );
        }
      },
    } satisfies RateLimits);

    // Every route behind `authenticate` or `verifyToken` spends its organisation's budget, right
    // after the token names the organisation (so per organisation, not per address).
    const rules: Record<OrganisationBudget, RateLimitRule> = {
      api: { name: 'org-api', limit: opts.perMinute.api, windowSeconds: 60 },
      orders: { name: 'org-orders', limit: opts.perMinute.orders, windowSeconds: 60 },
      exports: { name: 'org-exports', limit: opts.perMinute.exports, windowSeconds: 60 },
    };
    // A route with a large body authenticates in `onRequest`, before the body is read (batches):
    // its budget is spent there too, so a caller over it is refused without sending the body.
    app.addHook('onRoute', (route: RouteOptions) => {
      if (!app.hasDecorator('authenticate')) return;
      const isAuth = (fn: unknown) => fn === app.authenticate || fn === app.verifyToken;
      const rule = rules[route.config?.rateLimit ?? 'api'];
      const early = route.onRequest === undefined ? [] : [route.onRequest].flat();
      if (early.some(isAuth)) {
        route.onRequest = [...early, organisationLimiter(app.rateLimits, rule)];
        return;
      }
      const pre = route.preHandler === undefined ? [] : [route.preHandler].flat();
      if (!pre.some(isAuth)) return;
      route.preHandler = [...pre, organisationLimiter(app.rateLimits, rule)];
    });

    const localSweep = setInterval(() => local.sweep(), 60_000);
    localSweep.unref();
    app.addHook('onClose', () => clearInterval(localSweep));

    // Old windows are dead weight: sweep them now and then.
    const sweep = setInterval(() => {
      app.db
        .deleteFrom('rate_limit_counters')
        .where('window_ends_at', '<', sql<Date>`now() - interval '1 hour'`)
        .execute()
        .catch((err) => app.log.warn({ err }, 'could not sweep old rate-limit counters'));
    }, 3_600_000);
    sweep.unref();
    app.addHook('onClose', () => clearInterval(sweep));
  },
  { name: 'rate-limits', dependencies: ['db'] },
);

function organisationLimiter(limits: RateLimits, rule: RateLimitRule) {
  return function limitOrganisation(request: FastifyRequest, reply: FastifyReply, done: HookHandlerDoneFunction) {
    const organisationId = request.auth?.organisationId ?? request.token?.organisationId;
    if (!organisationId) return done();
    const quota = limits.consumeLocal(rule, organisationId);
    reply.header('ratelimit-limit', quota.limit);
    reply.header('ratelimit-remaining', quota.remaining);
    reply.header('ratelimit-reset', quota.resetSeconds);
    if (quota.isAllowed) return done();
    done(
      new AppError('RATE_LIMITED', `Too many requests. Try again in ${describeWait(quota.resetSeconds)}.`, undefined, {
        'retry-after': String(quota.resetSeconds),
      }),
    );
  };
}

/**
 * Fixed windows counted in memory. A window starts at a subject's first hit; ended ones are
 * replaced on the next hit and swept now and then.
 */
class LocalWindows {
  // One map per rule, keyed by the bare subject: no key string is built per request.
  private readonly rules = new Map<string, Map<string, { hits: number; endsAt: number }>>();

  take(rule: string, subject: string, limit: number, windowMs: number): LocalQuota {
    let windows = this.rules.get(rule);
    if (!windows) {
      windows = new Map();
      this.rules.set(rule, windows);
    }
    const now = Date.now();
    let w = windows.get(subject);
    if (!w || w.endsAt <= now) {
      w = { hits: 0, endsAt: now + windowMs };
      windows.set(subject, w);
    }
    w.hits++;
    return {
      limit,
      remaining: Math.max(0, limit - w.hits),
      resetSeconds: Math.max(1, Math.ceil((w.endsAt - now) / 1000)),
      isAllowed: w.hits <= limit,
    };
  }

  sweep() {
    const now = Date.now();
    for (const windows of this.rules.values()) {
      for (const [subject, w] of windows) if (w.endsAt <= now) windows.delete(subject);
    }
  }
}

export function describeWait(seconds: number): string {
  if (seconds < 60) return `${seconds} second${seconds === 1 ? '' : 's'}`;
  const minutes = Math.ceil(seconds / 60);
  return `${minutes} minute${minutes === 1 ? '' : 's'}`;
}
