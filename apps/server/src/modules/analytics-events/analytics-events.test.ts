import { randomUUID } from 'node:crypto';
import { Writable } from 'node:stream';
import { addDays, utcDay } from '@giftrelay/contracts';
import { sql } from 'kysely';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { bearer, type SignedUpUser, signUpVerifiedUser } from '../../../test/factories';
import { makeOperator } from '../../../test/factories/live';
import { createTestApp, TEST_DB, type TestApp, testConfig } from '../../../test/helpers';
import { buildApp } from '../../app';
import { ANALYTICS_RETENTION_DAYS } from '../../db/maintenance';
import { EVENTS_BODY_LIMIT } from './routes';
import { ADDRESS_EVENT_LIMIT, ADDRESS_FREE_EVENTS, SESSION_EVENT_LIMIT, SESSION_FREE_EVENTS } from './service';

/** Published landing pages: the only slugs whose events are taken. */
async function publishPages(t: TestApp, slugs: string[], published = true) {
  await t.database.db
    .insertInto('landing_pages')
    .values(
      slugs.map((slug) => ({
        slug,
        primary_keyword: slug.replaceAll('-', ' '),
        audience_segment: 'hr_leaders' as const,
        offer_type: 'demo' as const,
        hero_visual: 'globe' as const,
        copy: JSON.stringify({}),
        hero_svg: '<svg xmlns="http://www.w3.org/2000/svg"/>',
        published,
        published_at: published ? new Date() : null,
      })),
    )
    .execute();
}

// Each request comes from its own address so the per-address backstop bites only where meant to.
let nextIp = 1;
const fromNewIp = () => `198.51.100.${(nextIp++ % 250) + 1}`;

const view = (session: string, over: Record<string, unknown> = {}) => ({
  type: 'page_view',
  session_id: session,
  slug: 'employee-rewards',
  utm_campaign: 'spring-2026',
  primary_keyword: 'employee rewards',
  occurred_at: new Date().toISOString(),
  ...over,
});

describe(`Analytics events and Site analytics (${TEST_DB})`, () => {
  let t: TestApp;
  let operator: SignedUpUser;
  let customer: SignedUpUser;
  beforeAll(async () => {
    t = await createTestApp();
    operator = await makeOperator(t);
    customer = await signUpVerifiedUser(t);
    await publishPages(t, ['employee-rewards', 'a', ...Array.from({ length: 40 }, (_, i) => `page-${i}`)]);
    await publishPages(t, ['withdrawn-page'], false);
  });
  afterAll(() => t.close());
  beforeEach(async () => {
    await t.database.db.deleteFrom('analytics_events').execute();
  });

  const post = (payload: unknown, headers: Record<string, string> = {}, remoteAddress = fromNewIp()) =>
    t.app.inject({
      method: 'POST',
      url: '/api/v1/analytics/events',
      payload: typeof payload === 'string' ? payload : (payload as object),
      headers: { 'content-type': 'application/json', ...headers },
      remoteAddress,
    });
  const stored = () => t.database.db.selectFrom('analytics_events').selectAll().orderBy('id').execute();
  const report = (query: string, token: string | null = operator.accessToken) =>
    t.app.inject({ url: `/api/v1/operator/site-analytics?${query}`, headers: token ? bearer(token) : {} });

  describe('POST /api/v1/analytics/events', () => {
    it('stores a JSON batch of every kind of event at once and answers 202', async () => {
      const session = randomUUID();
      const res = await post({
        events: [
          view(session),
          { ...view(session), type: 'cta_click', cta_type: 'secondary' },
          { ...view(session), type: 'lead_submitted', email: 'ada@example.com' },
        ],
      });
      expect(res.statusCode, res.body).toBe(202);
      expect(res.json()).toEqual({ success: true, accepted: 3 });
      const rows = await stored();
      expect(rows.map((r) => [r.type, r.cta_type, r.slug, r.session_id, r.utm_campaign, r.primary_keyword])).toEqual([
        ['page_view', null, 'employee-rewards', session, 'spring-2026', 'employee rewards'],
        ['cta_click', 'secondary', 'employee-rewards', session, 'spring-2026', 'employee rewards'],
        ['lead_submitted', null, 'employee-rewards', session, 'spring-2026', 'employee rewards'],
      ]);
      // The lead's address is dropped at the edge: no column holds it.
      expect(JSON.stringify(rows)).not.toContain('ada@example.com');
      expect(rows[0]?.received_at.getTime()).toBeLessThanOrEqual(Date.now() + 1000);
    });

    it('stores many sessions’ batches sent at once, each event under its own session, each answer counting its own', async () => {
      // Requests handled in the same turn share one INSERT (decision 049): every row must still
      // carry its own session, campaign, click type and time.
      const batches = Array.from({ length: 40 }, (_, i) => {
        const session = randomUUID();
        const at = new Date(Math.floor(Date.now() / 1000) * 1000 - i * 1000).toISOString();
        return {
          session,
          events: Array.from({ length: (i % 5) + 1 }, (_, j) =>
            j === 1
              ? view(session, { type: 'cta_click', cta_type: 'primary', utm_campaign: `c-${i}`, occurred_at: at })
              : view(session, { slug: `page-${i}`, utm_campaign: `c-${i}`, occurred_at: at }),
          ),
        };
      });
      const answers = await Promise.all(batches.map((b) => post({ events: b.events })));
      expect(answers.map((r) => r.statusCode)).toEqual(batches.map(() => 202));
      expect(answers.map((r) => r.json().accepted)).toEqual(batches.map((b) => b.events.length));
      const rows = await stored();
      expect(rows).toHaveLength(batches.reduce((n, b) => n + b.events.length, 0));
      for (const [i, b] of batches.entries()) {
        const mine = rows.filter((r) => r.session_id === b.session);
        expect(mine).toHaveLength(b.events.length);
        for (const r of mine) {
          expect(r.utm_campaign).toBe(`c-${i}`);
          expect(r.occurred_at.toISOString()).toBe(b.events[0]?.occurred_at);
        }
        expect(mine.filter((r) => r.type === 'cta_click').map((r) => r.cta_type)).toEqual(
          b.events.length > 1 ? ['primary'] : [],
        );
      }
    });

    it('reads a text/plain body as JSON, as navigator.sendBeacon sends it', async () => {
      const session = randomUUID();
      const res = await post(JSON.stringify({ events: [view(session, { utm_campaign: undefined })] }), {
        'content-type': 'text/plain;charset=UTF-8',
      });
      expect(res.statusCode, res.body).toBe(202);
      const [row] = await stored();
      expect(row).toMatchObject({ session_id: session, utm_campaign: null });
    });

    it('takes an event without occurred_at (the server time is used) or optional fields', async () => {
      const res = await post({
        events: [{ type: 'page_view', session_id: randomUUID(), slug: 'a', occurred_at: undefined }],
      });
      expect(res.statusCode, res.body).toBe(202);
      const [row] = await stored();
      expect(row).toMatchObject({ utm_campaign: null, primary_keyword: null });
    });

    it('takes 50 events and refuses 0 or 51, storing nothing', async () => {
      const session = randomUUID();
      expect((await post({ events: Array.from({ length: 50 }, () => view(session)) })).statusCode).toBe(202);
      await t.database.db.deleteFrom('analytics_events').execute();
      for (const events of [[], Array.from({ length: 51 }, () => view(session))]) {
        const res = await post({ events });
        expect(res.statusCode).toBe(400);
        expect(res.json()).toMatchObject({ code: 'VALIDATION_ERROR', details: [{ path: 'body.events' }] });
      }
      expect(await stored()).toEqual([]);
    });

    const old = new Date(Date.now() - 25 * 3_600_000).toISOString();
    const future = new Date(Date.now() + 2 * 3_600_000).toISOString();
    it.each([
      ['an unknown type', { type: 'purchase' }, 'body.events.1.type'],
      ['a missing type', { type: undefined }, 'body.events.1.type'],
      ['a session id that is not a UUID', { session_id: 'abc' }, 'body.events.1.session_id'],
      ['another session in the batch', { session_id: randomUUID() }, 'body.events.1.session_id'],
      ['a slug with capitals', { slug: 'Employee-Rewards' }, 'body.events.1.slug'],
      ['a slug with a double hyphen', { slug: 'a--b' }, 'body.events.1.slug'],
      ['a slug with a path', { slug: '../admin' }, 'body.events.1.slug'],
      ['an over-long slug', { slug: 'a'.repeat(101) }, 'body.events.1.slug'],
      ['a NUL in the campaign', { utm_campaign: 'spring\u0000' }, 'body.events.1.utm_campaign'],
      ['a lone surrogate in the keyword', { primary_keyword: 'x\uD800' }, 'body.events.1.primary_keyword'],
      ['an over-long keyword', { primary_keyword: 'k'.repeat(201) }, 'body.events.1.primary_keyword'],
      ['a click without its cta_type', { type: 'cta_click' }, 'body.events.1.cta_type'],
      ['a click on an unknown cta_type', { type: 'cta_click', cta_type: 'banner' }, 'body.events.1.cta_type'],
      ['a cta_type on a page view', { cta_type: 'primary' }, 'body.events.1'],
      ['an email on a page view', { email: 'a@example.com' }, 'body.events.1'],
      ['a lead with a malformed email', { type: 'lead_submitted', email: 'nope' }, 'body.events.1.email'],
      ['an unknown field', { admin: true }, 'body.events.1'],
      ['occurred_at more than a day ago', { occurred_at: old }, 'body.events.1.occurred_at'],
      ['occurred_at hours ahead', { occurred_at: future }, 'body.events.1.occurred_at'],
      ['occurred_at without an offset', { occurred_at: '2026-01-01T10:00:00' }, 'body.events.1.occurred_at'],
      ['a number for the slug', { slug: 42 }, 'body.events.1.slug'],
    ])('refuses %s with 400 naming the field, and stores none of the batch', async (_name, change, path) => {
      const session = randomUUID();
      const res = await post({ events: [view(session), view(session, change)] });
      expect(res.statusCode, res.body).toBe(400);
      const body = res.json();
      expect(body.code).toBe('VALIDATION_ERROR');
      expect(body.details.map((d: { path: string }) => d.path)).toContain(path);
      expect(await stored()).toEqual([]);
    });

    it.each([
      ['not JSON', 'text/plain', '{"events": ['],
      ['JSON that is not an object', 'application/json', '[1,2,3]'],
      ['a string', 'text/plain', '"hello"'],
      ['null', 'application/json', 'null'],
      ['events that is not a list', 'application/json', '{"events": {"0": 1}}'],
      ['an event that is not an object', 'application/json', '{"events": [42]}'],
      ['a prototype-poisoning key', 'text/plain', '{"events": [], "__proto__": {"admin": true}}'],
      ['a constructor-poisoning key', 'text/plain', '{"constructor": {"prototype": {"x": 1}}, "events": []}'],
    ])('answers a hostile body (%s) with 400, never 500', async (_name, type, body) => {
      const res = await post(body, { 'content-type': type });
      expect(res.statusCode, res.body).toBe(400);
      expect(res.json().code).toBe('VALIDATION_ERROR');
      expect(await stored()).toEqual([]);
    });

    it('refuses another media type (415) and a body over the limit (413)', async () => {
      const form = await post('events=1', { 'content-type': 'application/x-www-form-urlencoded' });
      expect(form.statusCode).toBe(415);
      const huge = JSON.stringify({ events: [view(randomUUID(), { primary_keyword: 'x'.repeat(EVENTS_BODY_LIMIT) })] });
      for (const type of ['application/json', 'text/plain']) {
        const res = await post(huge, { 'content-type': type });
        expect(res.statusCode).toBe(413);
        expect(res.json().code).toBe('PAYLOAD_TOO_LARGE');
      }
      expect(await stored()).toEqual([]);
    });

    it('keeps text/plain to this route: elsewhere it is still 415', async () => {
      const res = await t.app.inject({
        method: 'POST',
        url: '/api/v1/leads',
        payload: '{}',
        headers: { 'content-type': 'text/plain' },
        remoteAddress: fromNewIp(),
      });
      expect(res.statusCode).toBe(415);
    });

    it('limits each session to its events per window (429 with Retry-After), whatever the address', async () => {
      const session = randomUUID();
      const batch = { events: Array.from({ length: 50 }, () => view(session)) };
      // What a visitor sends is counted in memory; beyond it, the database counts the limit.
      const allowed = SESSION_FREE_EVENTS.limit + SESSION_EVENT_LIMIT.limit;
      const rounds = allowed / 50;
      const counters = async () =>
        (
          await t.database.db
            .selectFrom('rate_limit_counters')
            .select('hits')
            .where('key', 'like', `${SESSION_EVENT_LIMIT.name}:%`)
            .execute()
        ).map((r) => r.hits);
      const before = await counters();
      for (let i = 0; i < rounds; i++) {
        expect((await post(batch)).statusCode).toBe(202);
        // No counter row while the session sends what a visitor does.
        if ((i + 1) * 50 <= SESSION_FREE_EVENTS.limit) expect(await counters()).toEqual(before);
      }
      expect((await counters()).length).toBe(before.length + 1);
      const refused = await post({ events: [view(session)] });
      expect(refused.statusCode).toBe(429);
      expect(refused.json().code).toBe('RATE_LIMITED');
      expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
      expect(await stored()).toHaveLength(allowed);
      // Another session goes on.
      expect((await post({ events: [view(randomUUID())] })).statusCode).toBe(202);
    });
    it('takes events of published landing pages only: another slug is a 400 naming it, nothing stored', async () => {
      for (const slug of ['no-such-page', 'withdrawn-page']) {
        const session = randomUUID();
        const res = await post({ events: [view(session), view(session, { slug })] });
        expect(res.statusCode, res.body).toBe(400);
        expect(res.json()).toMatchObject({
          code: 'VALIDATION_ERROR',
          details: [{ path: 'body.events.1.slug', message: 'slug must be a published landing page' }],
        });
      }
      expect(await stored()).toEqual([]);
    });

    it('limits an address in the database, so another process meets the same limit', async () => {
      const ip = '203.0.113.77';
      const batch = () => {
        const session = randomUUID();
        return { events: Array.from({ length: 50 }, () => view(session)) };
      };
      const freeBatches = ADDRESS_FREE_EVENTS.limit / 50;
      const countedBatches = ADDRESS_EVENT_LIMIT.limit / 50;
      for (let i = 0; i < freeBatches + countedBatches; i++) {
        const res = await post(batch(), {}, ip);
        expect(res.statusCode, `batch ${i}: ${res.body}`).toBe(202);
      }
      const refused = await post(batch(), {}, ip);
      expect(refused.statusCode).toBe(429);
      expect(refused.json().code).toBe('RATE_LIMITED');
      expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
      // Another address goes on.
      expect((await post(batch(), {}, '203.0.113.78')).statusCode).toBe(202);

      // A second process on the same database: its memory lets a visitor's share through, then
      // the database's count, already full, refuses.
      const other = await buildApp({
        config: testConfig(),
        database: t.database,
        logger: { level: 'error', stream: new Writable({ write: (_c, _e, done) => done() }) },
        webDistDir: '/nonexistent-web-dist',
      });
      await other.ready();
      try {
        const postOther = () =>
          other.inject({
            method: 'POST',
            url: '/api/v1/analytics/events',
            payload: batch(),
            remoteAddress: ip,
          });
        for (let i = 0; i < freeBatches; i++) expect((await postOther()).statusCode).toBe(202);
        expect((await postOther()).statusCode).toBe(429);
      } finally {
        await other.close();
      }
      expect(await stored()).toHaveLength((2 * freeBatches + countedBatches + 1) * 50);
    });

    it(`keeps events ${ANALYTICS_RETENTION_DAYS} days: the housekeeping sweep deletes older ones`, async () => {
      const at = (days: number) => sql<Date>`now() - make_interval(days => ${days})`;
      for (const [slug, days] of [
        ['old', ANALYTICS_RETENTION_DAYS + 1],
        ['kept', ANALYTICS_RETENTION_DAYS - 1],
      ] as const) {
        await t.database.db
          .insertInto('analytics_events')
          .values({ type: 'page_view', slug, session_id: randomUUID(), occurred_at: at(days), received_at: at(days) })
          .execute();
      }
      const report = await t.app.housekeeping.run({ sweep: true });
      expect(report.swept?.analytics_events).toBe(1);
      expect((await stored()).map((r) => r.slug)).toEqual(['kept']);
    });
  });

  describe('GET /api/v1/operator/site-analytics', () => {
    const today = utcDay();
    const yesterday = addDays(today, -1);
    const longAgo = addDays(today, -40);

    /** Events written as received on a given day (the server's time is what reports count). */
    async function seed(
      day: string,
      rows: { type: string; slug: string; session: string; campaign?: string | null; cta?: string }[],
    ) {
      await t.database.db
        .insertInto('analytics_events')
        .values(
          rows.map((r) => ({
            type: r.type as 'page_view',
            slug: r.slug,
            session_id: r.session,
            utm_campaign: r.campaign === undefined ? 'spring' : r.campaign,
            primary_keyword: null,
            cta_type: (r.cta ?? null) as 'primary' | null,
            occurred_at: `${day}T12:00:00Z`,
            received_at: `${day}T12:00:01Z`,
          })),
        )
        .execute();
    }

    it('answers exact figures per page, per campaign, per day and in total, within the range only', async () => {
      const [s1, s2, s3, s4] = [randomUUID(), randomUUID(), randomUUID(), randomUUID()];
      await seed(today, [
        { type: 'page_view', slug: 'rewards', session: s1 },
        { type: 'page_view', slug: 'rewards', session: s1 },
        { type: 'cta_click', slug: 'rewards', session: s1, cta: 'primary' },
        { type: 'cta_click', slug: 'rewards', session: s1, cta: 'secondary' },
        { type: 'lead_submitted', slug: 'rewards', session: s1 },
        { type: 'page_view', slug: 'rewards', session: s2 },
        { type: 'cta_click', slug: 'rewards', session: s2, cta: 'primary' },
        { type: 'page_view', slug: 'gift-cards', session: s3, campaign: null },
        { type: 'cta_click', slug: 'gift-cards', session: s3, campaign: null, cta: 'use_case_hr' },
      ]);
      await seed(yesterday, [
        { type: 'page_view', slug: 'rewards', session: s4, campaign: 'autumn' },
        { type: 'lead_submitted', slug: 'rewards', session: s4, campaign: 'autumn' },
      ]);
      // Outside the range: never counted.
      await seed(longAgo, [{ type: 'page_view', slug: 'rewards', session: randomUUID() }]);

      const res = await report(`from=${addDays(today, -6)}&to=${today}`);
      expect(res.statusCode, res.body).toBe(200);
      const body = res.json();
      const clicks = (c: Partial<Record<string, number>>) => ({
        primary: 0,
        secondary: 0,
        use_case_hr: 0,
        use_case_marketing: 0,
        use_case_finance: 0,
        ...c,
      });
      expect(body.totals).toEqual({
        views: 5,
        unique_sessions: 4,
        cta_clicks: 4,
        clicks_by_type: clicks({ primary: 2, secondary: 1, use_case_hr: 1 }),
        leads: 2,
        conversion_rate: 50,
      });
      expect(body.by_page).toEqual([
        {
          slug: 'rewards',
          views: 4,
          unique_sessions: 3,
          cta_clicks: 3,
          clicks_by_type: clicks({ primary: 2, secondary: 1 }),
          leads: 2,
          conversion_rate: 66.7,
        },
        {
          slug: 'gift-cards',
          views: 1,
          unique_sessions: 1,
          cta_clicks: 1,
          clicks_by_type: clicks({ use_case_hr: 1 }),
          leads: 0,
          conversion_rate: 0,
        },
      ]);
      expect(body.by_campaign).toEqual([
        expect.objectContaining({
          utm_campaign: 'spring',
          views: 3,
          unique_sessions: 2,
          leads: 1,
          conversion_rate: 50,
        }),
        expect.objectContaining({
          utm_campaign: 'autumn',
          views: 1,
          unique_sessions: 1,
          leads: 1,
          conversion_rate: 100,
        }),
        expect.objectContaining({ utm_campaign: null, views: 1, unique_sessions: 1, leads: 0, conversion_rate: 0 }),
      ]);
      expect(body.by_day).toHaveLength(7);
      expect(body.by_day.at(-1)).toEqual({ day: today, views: 4, leads: 1 });
      expect(body.by_day.at(-2)).toEqual({ day: yesterday, views: 1, leads: 1 });

      // Today alone.
      const one = (await report(`from=${today}&to=${today}`)).json();
      expect(one.totals).toMatchObject({ views: 4, unique_sessions: 3, leads: 1, conversion_rate: 33.3 });
      expect(one.by_day).toEqual([{ day: today, views: 4, leads: 1 }]);
    });

    it('answers zeros for a range with no events', async () => {
      const body = (await report('from=2020-01-01&to=2020-01-02')).json();
      expect(body.totals).toMatchObject({ views: 0, unique_sessions: 0, leads: 0, conversion_rate: 0 });
      expect(body.by_page).toEqual([]);
      expect(body.by_campaign).toEqual([]);
      expect(body.by_day).toEqual([
        { day: '2020-01-01', views: 0, leads: 0 },
        { day: '2020-01-02', views: 0, leads: 0 },
      ]);
    });

    it.each([
      ['to before from', 'from=2026-02-01&to=2026-01-01', 'query.to'],
      ['a range over 366 days', 'from=2024-01-01&to=2025-01-01', 'query.from'],
      ['a malformed date', 'from=2026-1-1&to=2026-01-02', 'query.from'],
      ['an impossible date', 'from=2026-02-30&to=2026-03-02', 'query.from'],
      ['a missing to', 'from=2026-01-01', 'query.to'],
    ])('refuses %s with 400', async (_name, query, path) => {
      const res = await report(query);
      expect(res.statusCode, res.body).toBe(400);
      expect(res.json().details.map((d: { path: string }) => d.path)).toContain(path);
    });

    it('is a 404 to a customer, to no token, and to an operator’s API key, even with a bad query', async () => {
      for (const token of [customer.accessToken, null]) {
        for (const query of ['from=2026-01-01&to=2026-01-31', 'from=nope']) {
          const res = await report(query, token);
          expect(res.statusCode).toBe(404);
          expect(res.json().code).toBe('NOT_FOUND');
        }
      }
      const key = await t.app.inject({
        method: 'POST',
        url: '/api/v1/api-keys',
        headers: bearer(operator.accessToken),
        payload: { name: 'reports', scopes: 'full' },
      });
      expect(key.statusCode, key.body).toBe(201);
      expect((await report('from=2026-01-01&to=2026-01-31', key.json().key)).statusCode).toBe(404);
    });
  });
});
