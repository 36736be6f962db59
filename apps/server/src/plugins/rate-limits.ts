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
   * The same, counted in this process's memory only (no database round trip): for soft budgets
   * that only damp abuse (analytics events; decision 071). Answers what is left instead of throwing.
   */
  consumeLocal(rule: RateLimitRule, subject: string): LocalQuota;
  /**
   * A budget every process on the database shares (the organisation budgets), checked on every
   * request: hits are leased from rate_limit_counters in small blocks, so most requests cost no
   * round trip and the processes together never grant more than the limit (decision 071).
   * Answers what is left instead of throwing; synchronously while the lease lasts.
   */
  consumeShared(rule: RateLimitRule, subject: string): LocalQuota | Promise<LocalQuota>;
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
    /**
     * Adds `hits` to a subject's window (starting a new window when the last one ended) and answers
     * the window's count after it and how long the window has left.
     */
    const countHits = async (rule: RateLimitRule, subject: string, hits: number) => {
      const key = rateLimitKey(rule, subject);
      const window = `${rule.windowSeconds} seconds`;
      const expired = sql`rate_limit_counters.window_ends_at <= now()`;
      const row = await app.db
        .insertInto('rate_limit_counters')
        .values({
          key,
          window_started_at: sql`now()`,
          window_ends_at: sql`now() + ${window}::interval`,
          hits,
        })
        .onConflict((oc) =>
          oc.column('key').doUpdateSet({
            window_started_at: sql`CASE WHEN ${expired} THEN now() ELSE rate_limit_counters.window_started_at END`,
            window_ends_at: sql`CASE WHEN ${expired} THEN excluded.window_ends_at ELSE rate_limit_counters.window_ends_at END`,
            hits: sql`CASE WHEN ${expired} THEN excluded.hits ELSE rate_limit_counters.hits + excluded.hits END`,
          }),
        )
        .returning(['hits', sql<number>`ceil(extract(epoch FROM window_ends_at - now()) * 1000)::int`.as('ends_in_ms')])
        .executeTakeFirstOrThrow();
      return { hits: row.hits, endsInMs: Math.max(0, row.ends_in_ms) };
    };
    const shared = new SharedWindows(countHits, (err) =>
      app.log.warn({ err }, 'could not lease a shared rate-limit budget; letting the request through'),
    );
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
        const row = await countHits(rule, subject, 1);
        if (row.hits > rule.limit * opts.factor) {
          const retryAfter = Math.max(1, Math.ceil(row.endsInMs / 1000));
          throw new AppError(
            'RATE_LIMITED',
            `Too many attempts. Try again in ${describeWait(retryAfter)}.`,
            undefined,
            { 'retry-after': String(retryAfter) },
          );
        }
      },
      consumeShared(rule, subject) {
        return shared.take(rule, subject, rule.limit * opts.factor);
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

    const localSweep = setInterval(() => {
      local.sweep();
      shared.sweep();
    }, 60_000);
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
    const quota = limits.consumeShared(rule, organisationId);
    if (quota instanceof Promise) {
      quota.then((q) => answer(reply, q, done), done);
      return;
    }
    answer(reply, quota, done);
  };
}

function answer(reply: FastifyReply, quota: LocalQuota, done: HookHandlerDoneFunction) {
  reply.header('ratelimit-limit', quota.limit);
  reply.header('ratelimit-remaining', quota.remaining);
  reply.header('ratelimit-reset', quota.resetSeconds);
  if (quota.isAllowed) return done();
  done(
    new AppError('RATE_LIMITED', `Too many requests. Try again in ${describeWait(quota.resetSeconds)}.`, undefined, {
      'retry-after': String(quota.resetSeconds),
    }),
  );
}

type CountHits = (rule: RateLimitRule, subject: string, hits: number) => Promise<{ hits: number; endsInMs: number }>;

/** Hits this process leased from a shared window, and what the database said when it did. */
interface Lease {
  granted: number;
  used: number;
  /** The window's count in the database right after this lease was taken (every process's hits). */
  countAfter: number;
  endsAt: number;
  /** A lease being taken: concurrent requests wait for it instead of each asking the database. */
  pending?: Promise<void>;
}

/**
 * Fixed windows shared through rate_limit_counters. A process leases hits in blocks of about a
 * fiftieth of the limit (at most 100) and spends them from memory; the database's count includes
 * every lease, so all processes together never grant more than the limit. A block asked for when
 * less than that is left is granted only what is left; near the end blocks shrink to one hit, so an
 * unused lease elsewhere withholds little. Once the database says the window is spent, this process
 * refuses from memory until the window ends: no round trip per refused request.
 */
export class SharedWindows {
  private readonly leases = new Map<string, Lease>();

  constructor(
    private readonly countHits: CountHits,
    private readonly onError: (err: unknown) => void,
    private readonly now: () => number = Date.now,
  ) {}

  take(rule: RateLimitRule, subject: string, limit: number): LocalQuota | Promise<LocalQuota> {
    const key = `${rule.name}\0${subject}`;
    const lease = this.leases.get(key);
    const now = this.now();
    if (lease && lease.endsAt > now && !lease.pending) {
      if (lease.used < lease.granted) {
        lease.used++;
        return this.quota(lease, limit, now, true);
      }
      if (lease.countAfter >= limit) return this.quota(lease, limit, now, false);
    }
    return this.takeSlowly(key, rule, subject, limit);
  }

  private async takeSlowly(key: string, rule: RateLimitRule, subject: string, limit: number): Promise<LocalQuota> {
    for (;;) {
      const lease = this.leases.get(key);
      const now = this.now();
      if (lease?.pending) {
        await lease.pending;
        continue;
      }
      if (lease && lease.endsAt > now) {
        if (lease.used < lease.granted) {
          lease.used++;
          return this.quota(lease, limit, now, true);
        }
        if (lease.countAfter >= limit) return this.quota(lease, limit, now, false);
      }
      const base = Math.min(100, Math.max(1, Math.floor(limit / 50)));
      const known = lease && lease.endsAt > now ? lease.countAfter : 0;
      const ask = Math.min(base, Math.max(1, Math.floor((limit - known) / 2)));
      const next: Lease = { granted: 0, used: 0, countAfter: known, endsAt: now + rule.windowSeconds * 1000 };
      next.pending = this.countHits(rule, subject, ask).then(
        ({ hits, endsInMs }) => {
          // The database added `ask`; only what fits under the limit is ours.
          next.granted = Math.max(0, Math.min(ask, limit - (hits - ask)));
          next.countAfter = hits;
          next.endsAt = this.now() + endsInMs;
          next.pending = undefined;
        },
        (err) => {
          // Without the database the request fails on its own; the limiter does not add a 500.
          this.onError(err);
          next.granted = 1;
          next.countAfter = 0;
          next.endsAt = this.now() + 1000;
          next.pending = undefined;
        },
      );
      this.leases.set(key, next);
    }
  }

  private quota(lease: Lease, limit: number, now: number, isAllowed: boolean): LocalQuota {
    return {
      limit,
      remaining: Math.max(0, limit - lease.countAfter) + (lease.granted - lease.used),
      resetSeconds: Math.max(1, Math.ceil((lease.endsAt - now) / 1000)),
      isAllowed,
    };
  }

  sweep() {
    const now = this.now();
    for (const [key, lease] of this.leases) if (!lease.pending && lease.endsAt <= now) this.leases.delete(key);
  }
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
