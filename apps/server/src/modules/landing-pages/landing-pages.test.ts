import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { HERO_VISUALS, type LandingCopy, landingPageSlug } from '@giftrelay/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, type SignedUpUser, signUpVerifiedUser } from '../../../test/factories';
import { makeOperator } from '../../../test/factories/live';
import { createTestApp, TEST_DB, type TestApp } from '../../../test/helpers';

const SHELL =
  '<!doctype html><html><head><title>GiftRelay - Digital Rewards That Scale</title><meta name="description" content="Default"></head><body><div id="root"></div><script type="module" src="/assets/index-abc.js"></script></body></html>';

const BASE = '/api/v1/operator/landing-pages';

/** Every tag closed in order and no bare `<` or `&` in the text: the SVG is well-formed XML. */
function expectWellFormedXml(xml: string) {
  const stack: string[] = [];
  const tokens = xml.replace(/^<\?xml[^>]*\?>/, '').split(/(<[^>]*>)/);
  for (const token of tokens) {
    if (!token) continue;
    if (token.startsWith('<')) {
      const m = /^<(\/?)([a-zA-Z][\w:-]*)((?:\s+[\w:-]+="[^"<]*")*)\s*(\/?)>$/.exec(token);
      expect(m, `malformed tag ${token}`).not.toBeNull();
      const [, closing, name, attrs, selfClosing] = m as RegExpExecArray;
      for (const [, value] of (attrs ?? '').matchAll(/="([^"]*)"/g)) expect(value).not.toMatch(/&(?![a-z]+;|#\d+;)/);
      if (closing) expect(stack.pop(), `unexpected </${name}>`).toBe(name);
      else if (!selfClosing) stack.push(name as string);
    } else {
      expect(token, 'text with a bare < or &').not.toMatch(/<|&(?![a-z]+;|#\d+;)/);
    }
  }
  expect(stack).toEqual([]);
}

const fromDataUrl = (url: string) => {
  expect(url).toMatch(/^data:image\/svg\+xml;base64,/);
  return Buffer.from(url.split(',')[1] ?? '', 'base64').toString('utf8');
};

describe(`landing pages (${TEST_DB})`, () => {
  let t: TestApp;
  let dist: string;
  let operator: SignedUpUser;
  let customer: SignedUpUser;
  let copy: LandingCopy;

  beforeAll(async () => {
    dist = mkdtempSync(path.join(tmpdir(), 'gr-dist-lp-'));
    mkdirSync(path.join(dist, 'assets'));
    writeFileSync(path.join(dist, 'index.html'), SHELL);
    writeFileSync(path.join(dist, 'app.html'), SHELL);
    t = await createTestApp({ webDistDir: dist });
    operator = await makeOperator(t);
    customer = await signUpVerifiedUser(t);
    const res = await asOperator('POST', `${BASE}/generate`, {
      primary_keyword: 'Employee Gift Cards',
      audience_segment: 'hr_leaders',
      offer_type: 'demo',
      seed: 7,
    });
    expect(res.statusCode, res.body).toBe(200);
    copy = res.json().copy;
  });
  afterAll(async () => {
    await t.close();
    rmSync(dist, { recursive: true, force: true });
  });

  const call = (method: string, url: string, payload?: unknown, headers: Record<string, string> = {}) =>
    t.app.inject({
      method: method as 'GET',
      url,
      headers,
      ...(payload === undefined ? {} : { payload: payload as object }),
    });
  const asOperator = (method: string, url: string, payload?: unknown) =>
    call(method, url, payload, bearer(operator.accessToken));
  const page = (keyword: string, extra: Record<string, unknown> = {}) => ({
    primary_keyword: keyword,
    supporting_keywords: 'spot awards, recognition',
    audience_segment: 'hr_leaders',
    offer_type: 'demo',
    hero_visual: 'card_stack',
    utm_campaign: 'spring-2026',
    copy,
    ...extra,
  });
  const publish = (keyword: string, extra: Record<string, unknown> = {}) =>
    asOperator('PUT', `${BASE}/${landingPageSlug(keyword)}`, page(keyword, extra));

  it('answers 404, as if nothing were there, to customers and to no token on every operator endpoint', async () => {
    await publish('Hidden Page');
    const endpoints: [string, string, unknown?][] = [
      ['POST', `${BASE}/generate`, { primary_keyword: 'x', audience_segment: 'hr_leaders', offer_type: 'demo' }],
      ['POST', `${BASE}/hero-image`, { hero_visual: 'globe', primary_keyword: 'x' }],
      ['GET', BASE],
      ['GET', `${BASE}/hidden-page`],
      ['PUT', `${BASE}/hidden-page`, page('Hidden Page')],
      ['PATCH', `${BASE}/hidden-page`, { utm_campaign: 'x' }],
      ['POST', `${BASE}/hidden-page/unpublish`],
      ['DELETE', `${BASE}/hidden-page`],
      // A bad body is not even looked at.
      ['POST', `${BASE}/generate`, { primary_keyword: '\u0000' }],
    ];
    for (const [method, url, payload] of endpoints) {
      for (const headers of [{}, bearer(customer.accessToken), bearer('not-a-token')]) {
        const res = await call(method, url, payload, headers);
        expect(res.statusCode, `${method} ${url}`).toBe(404);
        expect(res.json().code).toBe('NOT_FOUND');
      }
    }
    expect((await asOperator('GET', `${BASE}/hidden-page`)).json().page.status).toBe('published');
  });

  it('writes copy that varies with the seed and the offer, with no template slots left', async () => {
    const gen = (seed: number, offer_type: string) =>
      asOperator('POST', `${BASE}/generate`, {
        primary_keyword: 'Remote team rewards',
        supporting_keywords: 'gift cards, prepaid cards',
        audience_segment: 'finance_directors',
        offer_type,
        seed,
      }).then((r) => r.json().copy as LandingCopy);
    const seeds = await Promise.all([1, 2, 3, 4, 5].map((s) => gen(s, 'trial')));
    expect(new Set(seeds.map((c) => JSON.stringify(c))).size).toBeGreaterThan(1);
    expect(await gen(3, 'trial')).toEqual(seeds[2]);
    const trial = JSON.stringify(await gen(1, 'trial'));
    const enterprise = JSON.stringify(await gen(1, 'enterprise'));
    expect(trial).not.toEqual(enterprise);
    const strings = (value: unknown): string[] =>
      typeof value === 'string' ? [value] : Object.values(value as object).flatMap(strings);
    for (const text of [trial, enterprise].flatMap((c) => strings(JSON.parse(c)))) {
      expect(text).not.toMatch(/\{|\}|\bundefined\b|\bnull\b|\[object|\$\{/);
      expect(text.trim()).toBe(text);
      expect(text.length).toBeGreaterThan(1);
    }
    expect(seeds[0]?.steps).toHaveLength(3);
    expect(seeds[0]?.faq).toHaveLength(3);
    expect(Object.keys(seeds[0]?.use_cases ?? {})).toEqual(['hr', 'marketing', 'finance']);
  });

  it.each(HERO_VISUALS)('draws a well-formed %s hero that escapes the keyword', async (hero_visual) => {
    const keyword = 'Gifts <script>alert(1)</script> & "more"';
    const res = await asOperator('POST', `${BASE}/hero-image`, { hero_visual, primary_keyword: keyword });
    expect(res.statusCode).toBe(200);
    const svg = fromDataUrl(res.json().imageUrl);
    expect(svg).toMatch(/^<svg xmlns="http:\/\/www.w3.org\/2000\/svg"/);
    expect(svg).not.toContain('<script');
    expect(svg).toContain('&lt;script&gt;');
    expect(svg).toContain('&amp;');
    expect(svg).toContain('#4f46e5');
    expectWellFormedXml(svg);
  });

  it.each([
    ['NUL in the keyword', { primary_keyword: 'a\u0000b' }, 'body.primary_keyword'],
    ['a lone surrogate', { primary_keyword: 'a\ud800b' }, 'body.primary_keyword'],
    ['a huge keyword', { primary_keyword: 'k'.repeat(100_000) }, 'body.primary_keyword'],
    ['no keyword', { primary_keyword: '   ' }, 'body.primary_keyword'],
    ['a number for the keyword', { primary_keyword: 42 }, 'body.primary_keyword'],
    ['an unknown offer', { offer_type: 'free lunch' }, 'body.offer_type'],
    ['an unknown field', { extra: 1 }, 'body'],
    ['a float seed', { seed: 1.5 }, 'body.seed'],
  ])('refuses %s (400 naming the field)', async (_label, change, field) => {
    const res = await asOperator('POST', `${BASE}/generate`, {
      primary_keyword: 'Gift cards',
      audience_segment: 'hr_leaders',
      offer_type: 'demo',
      ...change,
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().code).toBe('VALIDATION_ERROR');
    expect(JSON.stringify(res.json().details)).toContain(field);
  });

  it('refuses hostile pages to publish, and stores nothing', async () => {
    const bad: [string, unknown][] = [
      ['nul-in-copy', page('nul in copy', { copy: { ...copy, headline: 'a\u0000' } })],
      ['wrong-types', page('wrong types', { copy: { ...copy, steps: 'three' } })],
      ['huge-copy', page('huge copy', { copy: { ...copy, subheadline: 'x'.repeat(10_000) } })],
      ['unknown-hero', page('unknown hero', { hero_visual: 'fireworks' })],
      ['two-faqs', page('two faqs', { copy: { ...copy, faq: copy.faq.slice(0, 2) } })],
    ];
    for (const [slug, body] of bad) {
      const res = await asOperator('PUT', `${BASE}/${slug}`, body);
      expect(res.statusCode, slug).toBe(400);
    }
    for (const slug of ['Upper-Case', 'two--hyphens', '-edge', 'spa ce', 'x'.repeat(81), 'caf%C3%A9']) {
      const res = await asOperator('PUT', `${BASE}/${encodeURIComponent(slug)}`, page('upper case'));
      expect(res.statusCode, slug).toBe(400);
      expect(res.json().details[0].path).toBe('params.slug');
    }
    // The slug must be the keyword's.
    const other = await asOperator('PUT', `${BASE}/not-the-keyword`, page('Gift cards'));
    expect(other.statusCode).toBe(400);
    expect(other.json().details[0].path).toBe('params.slug');
    const rows = await t.database.db.selectFrom('landing_pages').select('slug').execute();
    expect(rows.map((r) => r.slug)).not.toContain('not-the-keyword');
    expect(rows.map((r) => r.slug)).not.toContain('nul-in-copy');
  });

  it('makes slugs lower-case and URL-safe', () => {
    expect(landingPageSlug('Employee Gift Cards')).toBe('employee-gift-cards');
    expect(landingPageSlug('  Café   Rewards!  2026 ')).toBe('cafe-rewards-2026');
    expect(landingPageSlug('100% <Free> & "fast"')).toBe('100-free-fast');
    expect(landingPageSlug('ギフトカード')).toMatch(/^page-[a-z0-9]+$/);
    expect(landingPageSlug('ギフトカード')).toBe(landingPageSlug('ギフトカード'));
    expect(landingPageSlug('a'.repeat(200)).length).toBeLessThanOrEqual(80);
  });

  it('keeps one page per slug: republishing replaces it in place and keeps its address and first publication', async () => {
    const first = await publish('Holiday Bonus Cards', { utm_campaign: 'first' });
    expect(first.statusCode).toBe(201);
    expect(first.json().page).toMatchObject({ slug: 'holiday-bonus-cards', status: 'published' });
    const publishedAt = first.json().page.published_at;
    const again = await publish('Holiday Bonus Cards', { utm_campaign: 'second', hero_visual: 'globe' });
    expect(again.statusCode).toBe(200);
    expect(again.json().page).toMatchObject({
      slug: 'holiday-bonus-cards',
      utm_campaign: 'second',
      hero_visual: 'globe',
      published_at: publishedAt,
      created_by_email: operator.user.email,
    });
    const count = await t.database.db
      .selectFrom('landing_pages')
      .where('slug', '=', 'holiday-bonus-cards')
      .select((eb) => eb.fn.countAll().as('n'))
      .executeTakeFirstOrThrow();
    expect(Number(count.n)).toBe(1);
  });

  it('serves a published page to anyone: the API, the server-rendered HTML and the sitemap', async () => {
    await publish('Sales Kickoff Rewards', { hero_visual: 'dashboard', offer_type: 'trial' });
    const api = await call('GET', '/api/v1/landing-pages/sales-kickoff-rewards');
    expect(api.statusCode).toBe(200);
    expect(api.json().page).toMatchObject({ primary_keyword: 'Sales Kickoff Rewards', offer_type: 'trial' });
    expect(api.json().page).not.toHaveProperty('created_by_email');
    expect(fromDataUrl(api.json().page.hero_image_url)).toContain('Sales Kickoff Rewards');

    const html = await call('GET', '/lp/sales-kickoff-rewards');
    expect(html.statusCode).toBe(200);
    expect(html.headers['content-type']).toMatch(/text\/html/);
    expect(html.body).toContain('<title>Sales Kickoff Rewards | GiftRelay</title>');
    expect(html.body).toMatch(/<meta name="description" content="[^"]+">/);
    expect(html.body).toContain('<link rel="canonical" href="http://localhost:3000/lp/sales-kickoff-rewards">');
    expect(html.body).toContain('<meta property="og:title" content="Sales Kickoff Rewards">');
    expect(html.body).toContain('data-server-page');
    expect(html.body).toContain('<h1 class="font-bold text-4xl tracking-tight">Sales Kickoff Rewards</h1>');
    expect(html.body).toContain('Start Free Trial');
    const escapedHeadline = copy.headline.replace(/&/g, '&amp;').replace(/'/g, '&#39;');
    expect(html.body).toContain(escapedHeadline);
    expect(html.body).toContain(copy.faq[0]?.question.replace(/'/g, '&#39;'));

    const sitemap = await call('GET', '/sitemap.xml');
    expect(sitemap.body).toContain('<loc>http://localhost:3000/lp/sales-kickoff-rewards</loc>');
  });

  it('escapes a hostile keyword in the server HTML', async () => {
    const keyword = 'Cards <img src=x onerror=alert(1)> & more';
    const res = await publish(keyword);
    expect(res.statusCode).toBe(201);
    const html = await call('GET', `/lp/${landingPageSlug(keyword)}`);
    expect(html.statusCode).toBe(200);
    expect(html.body).not.toContain('<img src=x');
    expect(html.body).toContain('Cards &lt;img src=x onerror=alert(1)&gt; &amp; more');
  });

  it('edits a page in place; unpublished and deleted pages are 404 everywhere but the operator list', async () => {
    await publish('Quarterly Thank You');
    const edited = await asOperator('PATCH', `${BASE}/quarterly-thank-you`, {
      copy: { ...copy, headline: 'Say thanks every quarter' },
      hero_visual: 'smiling_team',
    });
    expect(edited.statusCode).toBe(200);
    expect(edited.json().page).toMatchObject({ hero_visual: 'smiling_team', slug: 'quarterly-thank-you' });
    expect((await call('GET', '/lp/quarterly-thank-you')).body).toContain('Say thanks every quarter');

    const off = await asOperator('POST', `${BASE}/quarterly-thank-you/unpublish`);
    expect(off.statusCode).toBe(200);
    expect(off.json().page.status).toBe('unpublished');
    expect((await call('GET', '/api/v1/landing-pages/quarterly-thank-you')).statusCode).toBe(404);
    const unpublished = await call('GET', '/lp/quarterly-thank-you');
    expect(unpublished.statusCode).toBe(404);
    expect(unpublished.body).not.toContain('Say thanks every quarter');
    expect((await call('GET', '/sitemap.xml')).body).not.toContain('/lp/quarterly-thank-you');
    const list = (await asOperator('GET', BASE)).json();
    expect(list).toMatchObject({ success: true, has_more: false, next_cursor: null });
    expect(list.data.find((p: { slug: string }) => p.slug === 'quarterly-thank-you')?.status).toBe('unpublished');

    // Publishing again brings it back at the same address.
    expect((await publish('Quarterly Thank You')).statusCode).toBe(200);
    expect((await call('GET', '/lp/quarterly-thank-you')).statusCode).toBe(200);

    expect((await asOperator('DELETE', `${BASE}/quarterly-thank-you`)).json()).toEqual({
      success: true,
      deleted: true,
    });
    expect((await asOperator('DELETE', `${BASE}/quarterly-thank-you`)).statusCode).toBe(404);
    expect((await asOperator('GET', `${BASE}/quarterly-thank-you`)).statusCode).toBe(404);
    expect((await call('GET', '/lp/quarterly-thank-you')).statusCode).toBe(404);
    expect((await call('GET', '/lp/never-published')).statusCode).toBe(404);
    expect((await call('GET', '/sitemap.xml')).body).not.toContain('/lp/quarterly-thank-you');
  });
});
