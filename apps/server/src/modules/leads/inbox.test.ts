import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, randomIp, type SignedUpUser, signUpVerifiedUser } from '../../../test/factories';
import { makeOperator } from '../../../test/factories/live';
import { createTestApp, TEST_DB, type TestApp } from '../../../test/helpers';
import { LANDING_LEAD_EMAIL_RATE_LIMIT, LANDING_LEAD_RATE_LIMIT } from './routes';

/** Landing pages' leads and the operators' inbox (issue 14, decision 048). */
let t: TestApp;
let operator: SignedUpUser;
let customer: SignedUpUser;
beforeAll(async () => {
  t = await createTestApp();
  operator = await makeOperator(t);
  customer = await signUpVerifiedUser(t);
});
afterAll(() => t.close());

let n = 0;
const email = (prefix = 'lead') => `${prefix}-${++n}-${Date.now()}@example.com`;
const land = (payload: unknown, remoteAddress = randomIp(), headers: Record<string, string> = {}) =>
  t.app.inject({
    method: 'POST',
    url: '/api/v1/leads/landing-page',
    payload: payload as object,
    headers,
    remoteAddress,
  });
const asOperator = (url: string, token = operator.accessToken) =>
  t.app.inject({ url, headers: token ? bearer(token) : {}, remoteAddress: randomIp() });
const countLeads = async () =>
  Number(
    (
      await t.database.db
        .selectFrom('leads')
        .select((eb) => eb.fn.countAll().as('n'))
        .executeTakeFirstOrThrow()
    ).n,
  );

describe(`landing page leads (${TEST_DB})`, () => {
  it('stores a lead under landing_page_{slug} and merges a repeat within a day, not after', async () => {
    const address = email();
    const first = await land({
      email: address.toUpperCase(),
      slug: 'gift-cards-for-teams',
      utm_campaign: 'spring-2026',
      primary_keyword: 'gift cards for teams',
    });
    expect(first.statusCode, first.body).toBe(201);
    const id = first.json().lead_id;
    expect(first.json()).toEqual({ success: true, lead_id: expect.stringMatching(/^[0-9a-f-]{36}$/) });
    const row = await t.database.db.selectFrom('leads').selectAll().where('id', '=', id).executeTakeFirstOrThrow();
    expect(row).toMatchObject({
      source: 'landing_page',
      email: address,
      campaign: 'landing_page_gift-cards-for-teams',
      slug: 'gift-cards-for-teams',
      utm_campaign: 'spring-2026',
      primary_keyword: 'gift cards for teams',
      submissions: 1,
      name: null,
      message: null,
    });

    // Again within the day: the same lead, counted twice; a newer UTM wins, a missing one keeps the old.
    const again = await land({ email: address, slug: 'gift-cards-for-teams', utm_campaign: 'summer' });
    expect(again.json().lead_id).toBe(id);
    const merged = await t.database.db.selectFrom('leads').selectAll().where('id', '=', id).executeTakeFirstOrThrow();
    expect(merged).toMatchObject({ submissions: 2, utm_campaign: 'summer', primary_keyword: 'gift cards for teams' });
    expect(merged.last_submitted_at.getTime()).toBeGreaterThanOrEqual(row.last_submitted_at.getTime());

    // Another campaign is another lead.
    const other = await land({ email: address, slug: 'another-page' });
    expect(other.json().lead_id).not.toBe(id);

    // A day later: a new lead.
    await t.database.db
      .updateTable('leads')
      .set({
        created_at: sql<Date>`now() - interval '25 hours'`,
        last_submitted_at: sql<Date>`now() - interval '25 hours'`,
      })
      .where('id', '=', id)
      .execute();
    const later = await land({ email: address, slug: 'gift-cards-for-teams' });
    expect(later.statusCode).toBe(201);
    expect(later.json().lead_id).not.toBe(id);
  });

  it('files a published page’s lead under the UTM campaign and keyword its operator set (issue 35)', async () => {
    const put = (slug: string, utm: string) =>
      t.app.inject({
        method: 'PUT',
        url: `/api/v1/operator/landing-pages/${slug}`,
        headers: bearer(operator.accessToken),
        payload: {
          primary_keyword: slug.replace(/-/g, ' '),
          audience_segment: 'hr_leaders',
          offer_type: 'demo',
          hero_visual: 'globe',
          utm_campaign: utm,
          copy: {
            headline: 'h',
            subheadline: 's',
            benefits: [{ title: 't', body: 'b' }],
            steps: [1, 2, 3].map((i) => ({ title: `t${i}`, body: 'b' })),
            use_cases: Object.fromEntries(
              ['hr', 'marketing', 'finance'].map((k) => [k, { title: k, body: 'b', points: ['p'] }]),
            ),
            faq: [1, 2, 3].map((i) => ({ question: `q${i}`, answer: 'a' })),
          },
        },
      });
    expect((await put('utm-filed-page', 'autumn-push')).statusCode).toBeLessThan(300);
    // The browser sent none, or another: the page's own campaign and keyword win.
    for (const sent of [{}, { utm_campaign: 'forged', primary_keyword: 'forged' }]) {
      const res = await land({ email: email('utm'), slug: 'utm-filed-page', ...sent });
      expect(res.statusCode, res.body).toBe(201);
      const row = await t.database.db
        .selectFrom('leads')
        .select(['utm_campaign', 'primary_keyword'])
        .where('id', '=', res.json().lead_id)
        .executeTakeFirstOrThrow();
      expect(row).toEqual({ utm_campaign: 'autumn-push', primary_keyword: 'utm filed page' });
    }
    // The inbox shows it.
    const inbox = (await asOperator('/api/v1/operator/leads?campaign=landing_page_utm-filed-page')).json();
    expect(inbox.data.map((l: { utm_campaign: string }) => l.utm_campaign)).toEqual(['autumn-push', 'autumn-push']);
    // A page published without one keeps what the visitor's link carried.
    expect((await put('utm-empty-page', '')).statusCode).toBeLessThan(300);
    const own = await land({ email: email('utm'), slug: 'utm-empty-page', utm_campaign: 'from-the-link' });
    const kept = await t.database.db
      .selectFrom('leads')
      .select('utm_campaign')
      .where('id', '=', own.json().lead_id)
      .executeTakeFirstOrThrow();
    expect(kept.utm_campaign).toBe('from-the-link');
  });

  it('merges simultaneous repeats into one lead', async () => {
    const address = email('burst');
    const answers = await Promise.all(Array.from({ length: 4 }, () => land({ email: address, slug: 'burst' })));
    expect(answers.map((a) => a.statusCode)).toEqual([201, 201, 201, 201]);
    expect(new Set(answers.map((a) => a.json().lead_id)).size).toBe(1);
    const row = await t.database.db
      .selectFrom('leads')
      .select('submissions')
      .where('email', '=', address)
      .executeTakeFirstOrThrow();
    expect(row.submissions).toBe(4);
  });

  it.each([
    ['a missing email', { email: undefined }, 'body.email'],
    ['a malformed email', { email: 'not-an-email' }, 'body.email'],
    ['an upper-case slug', { slug: 'Gift-Cards' }, 'body.slug'],
    ['a slug with a double hyphen', { slug: 'gift--cards' }, 'body.slug'],
    ['a slug with a slash', { slug: '../admin' }, 'body.slug'],
    ['an over-long slug', { slug: 'a'.repeat(101) }, 'body.slug'],
    ['a NUL in the keyword', { primary_keyword: 'gift\u0000cards' }, 'body.primary_keyword'],
    ['a lone surrogate in the UTM', { utm_campaign: 'spring\udc00' }, 'body.utm_campaign'],
    ['a huge UTM', { utm_campaign: 'x'.repeat(50_000) }, 'body.utm_campaign'],
    ['a number for a slug', { slug: 42 }, 'body.slug'],
  ])('refuses %s with VALIDATION_ERROR naming the field, and stores nothing', async (_label, patch, path) => {
    const before = await countLeads();
    const res = await land({ email: email(), slug: 'valid-slug', ...patch });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ success: false, code: 'VALIDATION_ERROR' });
    expect(res.json().details.map((d: { path: string }) => d.path)).toContain(path);
    expect(await countLeads()).toBe(before);
  });

  it('refuses a text/plain body (415) and stores nothing', async () => {
    const before = await countLeads();
    const res = await land(JSON.stringify({ email: email(), slug: 'x' }), randomIp(), { 'content-type': 'text/plain' });
    expect(res.statusCode).toBe(415);
    expect(await countLeads()).toBe(before);
  });

  it('limits one address, then one email whatever the address, with 429 and Retry-After', async () => {
    const ip = randomIp();
    for (let i = 0; i < LANDING_LEAD_RATE_LIMIT.limit; i++) {
      expect((await land({ email: email('ip'), slug: 'limits' }, ip)).statusCode).toBe(201);
    }
    const limited = await land({ email: email('ip'), slug: 'limits' }, ip);
    expect(limited.statusCode).toBe(429);
    expect(limited.json().code).toBe('RATE_LIMITED');
    expect(Number(limited.headers['retry-after'])).toBeGreaterThan(0);

    const address = email('one-email');
    for (let i = 0; i < LANDING_LEAD_EMAIL_RATE_LIMIT.limit; i++) {
      expect((await land({ email: address, slug: `page-${i}` })).statusCode).toBe(201);
    }
    const before = await countLeads();
    const byEmail = await land({ email: address.toUpperCase(), slug: 'one-more' });
    expect(byEmail.statusCode).toBe(429);
    expect(await countLeads()).toBe(before);
  });
});

describe(`the leads inbox (${TEST_DB})`, () => {
  it('answers every inbox endpoint 404 to a customer, an API key and no token', async () => {
    const key = await t.app.inject({
      method: 'POST',
      url: '/api/v1/api-keys',
      headers: bearer(operator.accessToken),
      payload: { name: 'Ops', scopes: 'full' },
    });
    for (const url of [
      '/api/v1/operator/leads',
      '/api/v1/operator/leads?source=nonsense',
      '/api/v1/operator/leads/campaigns',
      '/api/v1/operator/leads/export',
    ]) {
      for (const token of [customer.accessToken, key.json().key as string, '']) {
        const res = await asOperator(url, token);
        expect(res.statusCode, url).toBe(404);
        expect(res.json().code).toBe('NOT_FOUND');
      }
    }
  });

  it('lists both sources newest first, filters by source, campaign and text, and pages with signed cursors', async () => {
    const contact = await t.app.inject({
      method: 'POST',
      url: '/api/v1/leads',
      remoteAddress: randomIp(),
      payload: {
        name: 'Ada Lovelace',
        email: email('contact'),
        company: 'Analytical Engines',
        topic: 'sales',
        message: 'We would like to talk about rewards for 400 people.',
      },
    });
    expect(contact.statusCode).toBe(201);
    const landed = await land({ email: email('inbox'), slug: 'inbox-page', utm_campaign: 'inbox-utm' });

    const all = await asOperator('/api/v1/operator/leads?limit=100');
    expect(all.statusCode, all.body).toBe(200);
    const ids = all.json().data.map((l: { id: string }) => l.id);
    expect(ids.indexOf(landed.json().lead_id)).toBeLessThan(ids.indexOf(contact.json().lead_id));

    const bySource = await asOperator('/api/v1/operator/leads?source=contact_form&limit=100');
    expect(bySource.json().data.every((l: { source: string }) => l.source === 'contact_form')).toBe(true);
    expect(bySource.json().data.map((l: { id: string }) => l.id)).toContain(contact.json().lead_id);

    const byCampaign = await asOperator('/api/v1/operator/leads?campaign=landing_page_inbox-page');
    expect(byCampaign.json().data).toEqual([
      expect.objectContaining({
        id: landed.json().lead_id,
        source: 'landing_page',
        campaign: 'landing_page_inbox-page',
        slug: 'inbox-page',
        utm_campaign: 'inbox-utm',
        submissions: 1,
      }),
    ]);

    const byText = await asOperator('/api/v1/operator/leads?q=analytical');
    expect(byText.json().data.map((l: { id: string }) => l.id)).toContain(contact.json().lead_id);
    // LIKE's wildcards are taken literally.
    expect((await asOperator('/api/v1/operator/leads?q=%25')).json().data).toEqual([]);

    const campaigns = await asOperator('/api/v1/operator/leads/campaigns');
    expect(campaigns.json().data).toContainEqual({ campaign: 'landing_page_inbox-page', leads: 1 });

    const seen: string[] = [];
    let cursor: string | null = null;
    do {
      const page = await asOperator(`/api/v1/operator/leads?limit=3${cursor ? `&cursor=${cursor}` : ''}`);
      expect(page.statusCode, page.body).toBe(200);
      seen.push(...page.json().data.map((l: { id: string }) => l.id));
      cursor = page.json().next_cursor;
    } while (cursor);
    expect(seen).toEqual(ids);

    const first = (await asOperator('/api/v1/operator/leads?limit=1')).json();
    for (const forged of [`${first.next_cursor.slice(0, -2)}AA`, 'not-a-cursor', 'a.b.c']) {
      const res = await asOperator(`/api/v1/operator/leads?cursor=${forged}`);
      expect(res.statusCode).toBe(400);
      expect(res.json().details.map((d: { path: string }) => d.path)).toContain('query.cursor');
    }
    for (const bad of ['source=nonsense', `campaign=${'x'.repeat(201)}`, 'q=a%00b', 'limit=0']) {
      expect((await asOperator(`/api/v1/operator/leads?${bad}`)).statusCode, bad).toBe(400);
    }
  });

  it('exports the filtered leads as formula-safe CSV', async () => {
    const hostile = await t.app.inject({
      method: 'POST',
      url: '/api/v1/leads',
      remoteAddress: randomIp(),
      payload: {
        name: '=HYPERLINK("http://evil.example","click")',
        email: email('csv'),
        company: '+Company, "quoted"',
        topic: 'other',
        message: '@SUM(A1:A9)\nsecond line',
      },
    });
    expect(hostile.statusCode, hostile.body).toBe(201);
    await land({ email: email('csv-landing'), slug: 'csv-page', primary_keyword: '-cmd' });

    const res = await asOperator('/api/v1/operator/leads/export?source=contact_form');
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(res.headers['content-disposition']).toMatch(
      /^attachment; filename="giftrelay-leads-\d{4}-\d{2}-\d{2}\.csv"$/,
    );
    const text = res.body.replace(/^\uFEFF/, '');
    expect(text.split('\r\n')[0]).toBe(
      'id,created_at,last_submitted_at,submissions,source,email,name,company,topic,plan,campaign,slug,utm_campaign,primary_keyword,message',
    );
    expect(text).toContain(hostile.json().lead_id);
    expect(text).toContain(`"'=HYPERLINK(""http://evil.example"",""click"")"`);
    expect(text).toContain(`"'+Company, ""quoted"""`);
    expect(text).toContain(`"'@SUM(A1:A9)\nsecond line"`);
    expect(text).not.toContain('landing_page_csv-page');

    const landing = await asOperator('/api/v1/operator/leads/export?campaign=landing_page_csv-page');
    const rows = landing.body
      .replace(/^\uFEFF/, '')
      .trim()
      .split('\r\n');
    expect(rows).toHaveLength(2);
    expect(rows[1]).toContain(',landing_page,');
    expect(rows[1]).toContain(",'-cmd,");
    expect((await asOperator('/api/v1/operator/leads/export?source=x')).statusCode).toBe(400);
  });
});
