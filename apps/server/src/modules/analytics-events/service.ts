import {
  ANALYTICS_LIMITS,
  addDays,
  CTA_TYPES,
  daysBetween,
  type ParsedAnalyticsEvent,
  type SiteAnalytics,
  type SiteAnalyticsQuery,
  type SiteFigures,
  startOfUtcDay,
} from '@giftrelay/contracts';
import type { FastifyInstance } from 'fastify';
import { AppError, validationError } from '../../lib/errors';
import { describeWait, type RateLimitRule, rateLimitKey } from '../../plugins/rate-limits';
import { publishedSlugs } from '../landing-pages';
import * as repo from './repository';

/**
 * A visitor's tab sends a page view, a few clicks and perhaps a lead: a few dozen events at most.
 * Counted in events (not requests) per session in the database, so every process shares it.
 */
export const SESSION_EVENT_LIMIT: RateLimitRule = { name: 'analytics:session', limit: 300, windowSeconds: 600 };
/**
 * What a session may send through one process before the database counts it: more than any
 * visitor sends, so a visitor's batches are one INSERT and no counter row; a busy session's are
 * counted by SESSION_EVENT_LIMIT on top (at most this much more per process).
 */
export const SESSION_FREE_EVENTS: RateLimitRule = { name: 'analytics:session-free', limit: 100, windowSeconds: 600 };
/**
 * Per address, in events, in two steps like the sessions': what a few visitors send through one
 * process is counted in its memory (no write), and past that the database counts the address
 * (ADDRESS_EVENT_LIMIT), so a script that invents a session per batch meets one limit across
 * every process. An office behind one address has room for a few hundred visits in 10 minutes.
 */
export const ADDRESS_FREE_EVENTS: RateLimitRule = { name: 'analytics:address-free', limit: 200, windowSeconds: 600 };
export const ADDRESS_EVENT_LIMIT: RateLimitRule = { name: 'analytics:address', limit: 3000, windowSeconds: 600 };

/** How long the published pages' slugs are trusted before they are read again. */
const SLUGS_FRESH_MS = 30_000;
/** An unknown slug reads them again (a page just published), at most this often. */
const SLUGS_RECHECK_MS = 1_000;

const tooMany = (seconds: number) =>
  new AppError('RATE_LIMITED', `Too many analytics events. Try again in ${describeWait(seconds)}.`, undefined, {
    'retry-after': String(seconds),
  });

const slugCaches = new WeakMap<FastifyInstance, { slugs: Set<string>; readAt: number }>();

/** Whether `slug` is a published landing page: the only pages that send events (decision 049). */
async function isKnownSlug(app: FastifyInstance, slug: string): Promise<boolean> {
  const now = Date.now();
  let cache = slugCaches.get(app);
  const stale = !cache || now - cache.readAt > SLUGS_FRESH_MS;
  if (cache && !stale && (cache.slugs.has(slug) || now - cache.readAt < SLUGS_RECHECK_MS)) {
    return cache.slugs.has(slug);
  }
  cache = { slugs: new Set((await publishedSlugs(app.db)).map((p) => p.slug)), readAt: now };
  slugCaches.set(app, cache);
  return cache.slugs.has(slug);
}

/** Stores a batch of one session's events, all or none; the addresses of leads are dropped here. */
export async function recordEvents(app: FastifyInstance, events: ParsedAnalyticsEvent[], ip: string) {
  const unknown: { path: string; message: string }[] = [];
  for (const [i, e] of events.entries()) {
    if (!(await isKnownSlug(app, e.slug))) {
      unknown.push({ path: `body.events.${i}.slug`, message: 'slug must be a published landing page' });
    }
  }
  const [first] = unknown;
  if (first) throw validationError(`${first.path}: ${first.message}`, unknown);

  let byAddress = app.rateLimits.consumeLocal(ADDRESS_FREE_EVENTS, ip);
  for (let i = 1; i < events.length; i++) byAddress = app.rateLimits.consumeLocal(ADDRESS_FREE_EVENTS, ip);
  if (!byAddress.isAllowed) {
    const counted = await repo.countAddressEvents(
      app.database,
      rateLimitKey(ADDRESS_EVENT_LIMIT, ip),
      events.length,
      ADDRESS_EVENT_LIMIT.windowSeconds,
    );
    if (counted.hits > ADDRESS_EVENT_LIMIT.limit * app.config.rateLimitFactor) {
      throw tooMany(Math.max(1, counted.retry_after));
    }
  }
  const sessionId = events[0]?.session_id as string;
  let free = app.rateLimits.consumeLocal(SESSION_FREE_EVENTS, sessionId);
  for (let i = 1; i < events.length; i++) free = app.rateLimits.consumeLocal(SESSION_FREE_EVENTS, sessionId);
  if (free.isAllowed) return repo.insertEvents(app.database, events);
  const row = await repo.recordEvents(app.database, events, {
    key: rateLimitKey(SESSION_EVENT_LIMIT, sessionId),
    windowSeconds: SESSION_EVENT_LIMIT.windowSeconds,
    limit: SESSION_EVENT_LIMIT.limit * app.config.rateLimitFactor,
  });
  if (row.written === 0) throw tooMany(Math.max(1, row.retry_after));
  return row.written;
}

/** from/to are inclusive UTC days; the range is at most ANALYTICS_LIMITS.rangeDays long. */
export function siteAnalyticsRange(q: SiteAnalyticsQuery): { from: string; to: string } {
  if (q.to < q.from) {
    throw validationError('query.to: to must not be before from', [
      { path: 'query.to', message: 'must not be before from' },
    ]);
  }
  if (daysBetween(q.from, q.to) + 1 > ANALYTICS_LIMITS.rangeDays) {
    const message = `the range must be at most ${ANALYTICS_LIMITS.rangeDays} days long`;
    throw validationError(`query.from: ${message}`, [{ path: 'query.from', message }]);
  }
  return q;
}

const figures = (row: repo.FigureRow): SiteFigures => ({
  views: row.views,
  unique_sessions: row.unique_sessions,
  cta_clicks: row.cta_clicks,
  clicks_by_type: Object.fromEntries(CTA_TYPES.map((t) => [t, row[`clicks_${t}`]])) as SiteFigures['clicks_by_type'],
  leads: row.leads,
  conversion_rate: row.conversion_rate === null ? 0 : Number(row.conversion_rate),
});

const EMPTY: repo.FigureRow = {
  views: 0,
  unique_sessions: 0,
  cta_clicks: 0,
  leads: 0,
  conversion_rate: null,
  ...(Object.fromEntries(CTA_TYPES.map((t) => [`clicks_${t}`, 0])) as Record<`clicks_${string}`, number>),
} as repo.FigureRow;

const byViews =
  <T extends SiteFigures>(key: (r: T) => string) =>
  (a: T, b: T) =>
    b.views - a.views || b.unique_sessions - a.unique_sessions || key(a).localeCompare(key(b));

export async function siteAnalytics(app: FastifyInstance, q: SiteAnalyticsQuery): Promise<SiteAnalytics> {
  const { from, to } = siteAnalyticsRange(q);
  const rows = await repo.siteAnalytics(app.db, startOfUtcDay(from), startOfUtcDay(addDays(to, 1)));
  // Which grouping set a row belongs to: its own column is grouped (0), the others rolled up (1).
  const total = rows.find((r) => r.g_slug && r.g_campaign && r.g_day) ?? EMPTY;
  const days = new Map(rows.filter((r) => !r.g_day).map((r) => [r.day as string, r]));
  const byDay: SiteAnalytics['by_day'] = [];
  for (let day = from; day <= to; day = addDays(day, 1)) {
    const r = days.get(day);
    byDay.push({ day, views: r?.views ?? 0, leads: r?.leads ?? 0 });
  }
  return {
    success: true,
    from,
    to,
    totals: figures(total),
    by_page: rows
      .filter((r) => !r.g_slug)
      .map((r) => ({ slug: r.slug as string, ...figures(r) }))
      .sort(byViews((r) => r.slug)),
    by_campaign: rows
      .filter((r) => !r.g_campaign)
      .map((r) => ({ utm_campaign: r.utm_campaign, ...figures(r) }))
      // Events without a campaign come after the campaigns with as many views.
      .sort(byViews((r) => r.utm_campaign ?? '\uffff')),
    by_day: byDay,
  };
}
