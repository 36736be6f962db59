import { createHash } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
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
}

declare module 'fastify' {
  interface FastifyInstance {
    rateLimits: RateLimits;
  }
}

/**
 * Fixed-window counters in the database, so every app process on it shares one count. Subjects
 * are hashed: the table holds no addresses. `factor` multiplies every limit (RATE_LIMIT_FACTOR).
 */
export const rateLimitsPlugin = fp(
  async (app: FastifyInstance, opts: { factor: number }) => {
    app.decorate('rateLimits', {
      async consume(rule, subject) {
        const key = `${rule.name}:${createHash('sha256').update(subject).digest('base64url').slice(0, 32)}`;
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
            429,
            'RATE_LIMITED',
            `Too many attempts. Try again in ${describeWait(retryAfter)}.`,
            undefined,
            { 'retry-after': String(retryAfter) },
          );
        }
      },
    } satisfies RateLimits);

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

function describeWait(seconds: number): string {
  if (seconds < 60) return `${seconds} second${seconds === 1 ? '' : 's'}`;
  const minutes = Math.ceil(seconds / 60);
  return `${minutes} minute${minutes === 1 ? '' : 's'}`;
}
