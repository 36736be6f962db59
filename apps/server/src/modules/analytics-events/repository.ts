import { CTA_TYPES, type CtaType, type ParsedAnalyticsEvent } from '@giftrelay/contracts';
import { sql } from 'kysely';
import type { DatabaseHandle, Db } from '../../db/database';
import { groupWriter } from '../../lib/group-writer';

/** Adds $3 hits to the counter keyed $1 (a window of $2 seconds): its count and when the window ends. */
const COUNT_HITS = `
INSERT INTO rate_limit_counters AS c (key, window_started_at, window_ends_at, hits)
VALUES ($1, now(), now() + make_interval(secs => $2), $3)
ON CONFLICT (key) DO UPDATE SET
  window_started_at = CASE WHEN c.window_ends_at <= now() THEN now() ELSE c.window_started_at END,
  window_ends_at = CASE WHEN c.window_ends_at <= now() THEN excluded.window_ends_at ELSE c.window_ends_at END,
  hits = CASE WHEN c.window_ends_at <= now() THEN excluded.hits ELSE c.hits + excluded.hits END
RETURNING hits, ceil(extract(epoch FROM window_ends_at - now()))::int AS retry_after`;

/**
 * One statement, one round trip: count the batch's events on its session's rate-limit row
 * (rate_limit_counters, the table of the database-backed limits, so every process shares the
 * count) and, when the session is still within its limit, insert every event. Nothing is written
 * to analytics_events when it is over. Prepared once per connection on PostgreSQL.
 */
const RECORD_EVENTS = `
WITH counted AS (${COUNT_HITS}), written AS (
  INSERT INTO analytics_events (type, slug, session_id, utm_campaign, primary_keyword, cta_type, occurred_at)
  SELECT e.type, e.slug, $5::uuid, e.utm_campaign, e.primary_keyword, e.cta_type, coalesce(e.occurred_at, now())
  FROM unnest($6::text[], $7::text[], $8::text[], $9::text[], $10::text[], $11::timestamptz[])
    AS e(type, slug, utm_campaign, primary_keyword, cta_type, occurred_at)
  WHERE (SELECT hits FROM counted) <= $4
  RETURNING 1
)
SELECT hits, retry_after, (SELECT count(*)::int FROM written) AS written FROM counted`;

/**
 * The events alone, of any number of sessions: a session still within what a visitor sends is
 * counted in memory only, and the batches of the requests that arrive together go in one INSERT.
 */
const INSERT_EVENTS = `
INSERT INTO analytics_events (type, slug, session_id, utm_campaign, primary_keyword, cta_type, occurred_at)
SELECT e.type, e.slug, e.session_id, e.utm_campaign, e.primary_keyword, e.cta_type, coalesce(e.occurred_at, now())
FROM unnest($1::uuid[], $2::text[], $3::text[], $4::text[], $5::text[], $6::text[], $7::timestamptz[])
  AS e(session_id, type, slug, utm_campaign, primary_keyword, cta_type, occurred_at)`;

/** Events per INSERT at most when requests' batches are grouped: a few hundred requests' worth. */
const GROUP_MAX_EVENTS = 2000;

const writers = new WeakMap<DatabaseHandle, ReturnType<typeof groupWriter<ParsedAnalyticsEvent>>>();

/**
 * Stores one request's batch; resolves once it is committed, in one INSERT with the batches of
 * the other requests handled in the same turn of the event loop (lib/group-writer).
 */
export async function insertEvents(database: DatabaseHandle, events: ParsedAnalyticsEvent[]) {
  let writer = writers.get(database);
  if (!writer) {
    writer = groupWriter<ParsedAnalyticsEvent>(
      async (all) => {
        await database.query(
          INSERT_EVENTS,
          [all.map((e) => e.session_id), ...eventColumns(all).slice(1)],
          'analytics_events_insert_many',
        );
      },
      { maxItems: GROUP_MAX_EVENTS },
    );
    writers.set(database, writer);
  }
  await writer.write(events);
  return events.length;
}

export interface SessionLimit {
  key: string;
  windowSeconds: number;
  limit: number;
}

/** The counted statement's parameters for a batch of one session's events. */
export function recordEventsValues(events: ParsedAnalyticsEvent[], limit: SessionLimit): unknown[] {
  return [limit.key, limit.windowSeconds, events.length, limit.limit, ...eventColumns(events)];
}

/** The session, then one array per column. */
function eventColumns(events: ParsedAnalyticsEvent[]): unknown[] {
  const column = <T>(pick: (e: ParsedAnalyticsEvent) => T) => events.map(pick);
  return [
    events[0]?.session_id,
    column((e) => e.type),
    column((e) => e.slug),
    column((e) => e.utm_campaign),
    column((e) => e.primary_keyword),
    column((e) => (e.type === 'cta_click' ? e.cta_type : null)),
    column((e) => e.occurred_at ?? null),
  ];
}

export async function recordEvents(database: DatabaseHandle, events: ParsedAnalyticsEvent[], limit: SessionLimit) {
  const { rows } = await database.query<{ hits: number; retry_after: number; written: number }>(
    RECORD_EVENTS,
    recordEventsValues(events, limit),
    'analytics_events_record',
  );
  const row = rows[0];
  if (!row) throw new Error('the analytics events statement answered nothing');
  return row;
}

/**
 * Counts `n` events on an address's row of rate_limit_counters (its key hashes the address) and
 * answers the window's count: every process shares it. Only addresses past what a few visitors
 * send in a process get here (decision 060).
 */
export async function countAddressEvents(
  database: DatabaseHandle,
  key: string,
  events: number,
  windowSeconds: number,
): Promise<{ hits: number; retry_after: number }> {
  const { rows } = await database.query<{ hits: number; retry_after: number }>(
    COUNT_HITS,
    [key, windowSeconds, events],
    'analytics_address_count',
  );
  const row = rows[0];
  if (!row) throw new Error('the address counter answered nothing');
  return row;
}

export type FigureRow = {
  views: number;
  unique_sessions: number;
  cta_clicks: number;
  leads: number;
  conversion_rate: string | null;
} & Record<`clicks_${CtaType}`, number>;

export type SiteAnalyticsRow = FigureRow & {
  g_slug: number;
  g_campaign: number;
  g_day: number;
  slug: string | null;
  utm_campaign: string | null;
  day: string | null;
};

/**
 * Every figure of a range in one scan: per page, per campaign, per day and in total (grouping
 * sets), counted by the time the server received each event, `[from, to)`.
 */
export async function siteAnalytics(db: Db, from: Date, to: Date): Promise<SiteAnalyticsRow[]> {
  const clicks = CTA_TYPES.map(
    (t) =>
      sql`count(*) FILTER (WHERE type = 'cta_click' AND cta_type = ${sql.lit(t)})::int AS ${sql.ref(`clicks_${t}`)}`,
  );
  const { rows } = await sql<SiteAnalyticsRow>`
    SELECT
      GROUPING(slug)::int AS g_slug, GROUPING(utm_campaign)::int AS g_campaign, GROUPING(day)::int AS g_day,
      slug, utm_campaign, to_char(day, 'YYYY-MM-DD') AS day,
      count(*) FILTER (WHERE type = 'page_view')::int AS views,
      count(DISTINCT session_id)::int AS unique_sessions,
      count(*) FILTER (WHERE type = 'cta_click')::int AS cta_clicks,
      ${sql.join(clicks)},
      count(*) FILTER (WHERE type = 'lead_submitted')::int AS leads,
      round(100.0 * count(*) FILTER (WHERE type = 'lead_submitted') / nullif(count(DISTINCT session_id), 0), 1)
        AS conversion_rate
    FROM (
      SELECT type, slug, utm_campaign, session_id, cta_type, (received_at AT TIME ZONE 'UTC')::date AS day
      FROM analytics_events
      WHERE received_at >= ${from} AND received_at < ${to}
    ) e
    GROUP BY GROUPING SETS ((slug), (utm_campaign), (day), ())
  `.execute(db);
  return rows;
}
