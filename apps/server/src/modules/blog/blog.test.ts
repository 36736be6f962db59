import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { type BlogStreamEvent, splitBlogVariants } from '@giftrelay/contracts';
import OpenAI from 'openai';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, type SignedUpUser, signUpVerifiedUser } from '../../../test/factories';
import { makeOperator } from '../../../test/factories/live';
import {
  FAKE_BLOG_ANSWER,
  FAKE_OPENAI_KEY,
  type FakeOpenAi,
  fakeOpenAiEnv,
  startFakeOpenAi,
} from '../../../test/fake-openai';
import { createTestApp, TEST_DB, type TestApp } from '../../../test/helpers';

/**
 * The blog generator (issue 14, decision 050): operators only; the built-in writer by default and
 * an OpenAI-compatible API (a fake at its HTTP edge) when configured; drafts; posts published at
 * /blog/{slug} with their content and metadata in the server's HTML and in the sitemap.
 */
const SITE = 'https://gifts.example.com';
const SHELL =
  '<!doctype html><html><head><meta charset="UTF-8" /><title>GiftRelay - Digital Rewards That Scale</title>\n    <meta name="description" content="Send digital gift cards." />\n<script src="/theme.js"></script></head><body><div id="root"></div></body></html>';

const INPUT = {
  primary_keyword: 'employee recognition gift cards',
  supporting_keywords: 'spot awards, peer recognition',
  target_audience: 'HR managers, marketing ops, finance managers',
  tone_style: 'consultative',
  cta_focus: 'demo',
  seed: 11,
};

/** A web build of the shell alone, plus `files` (paths inside it); the caller removes it. */
function fakeBuild(files: Record<string, string> = {}): string {
  const dist = mkdtempSync(path.join(tmpdir(), 'gr-dist-blog-'));
  for (const [file, text] of Object.entries({ 'index.html': SHELL, 'app.html': SHELL, ...files })) {
    mkdirSync(path.dirname(path.join(dist, file)), { recursive: true });
    writeFileSync(path.join(dist, file), text);
  }
  return dist;
}

/** The stream's events, in order. */
function events(body: string): BlogStreamEvent[] {
  return body
    .split('\n\n')
    .filter(Boolean)
    .map((block) => {
      const name = /^event: (\w+)$/m.exec(block)?.[1];
      const data = JSON.parse(/^data: (.*)$/m.exec(block)?.[1] ?? '{}');
      return { event: name, ...data } as BlogStreamEvent;
    });
}
const textOf = (evs: BlogStreamEvent[]) => evs.map((e) => (e.event === 'delta' ? e.text : '')).join('');

describe(`blog generator, built-in writer (${TEST_DB})`, () => {
  let t: TestApp;
  let operator: SignedUpUser;
  let customer: SignedUpUser;
  let dist: string;
  beforeAll(async () => {
    dist = fakeBuild();
    t = await createTestApp({ webDistDir: dist, env: { PUBLIC_URL: SITE } });
    operator = await makeOperator(t);
    customer = await signUpVerifiedUser(t);
    // The first verified account of the instance is an operator too: make sure the customer is not.
    await t.database.db.deleteFrom('platform_operators').where('user_id', '=', customer.user.id).execute();
  });
  afterAll(async () => {
    await t.close();
    rmSync(dist, { recursive: true, force: true });
  });

  const call = (method: 'GET' | 'POST' | 'PATCH' | 'DELETE', url: string, token?: string, payload?: unknown) =>
    t.app.inject({
      method,
      url,
      headers: token ? bearer(token) : {},
      ...(payload !== undefined ? { payload: payload as object } : {}),
    });

  it('answers 404 on every studio endpoint to customers and to no token', async () => {
    const id = '00000000-0000-4000-8000-000000000000';
    const endpoints: [method: 'GET' | 'POST' | 'PATCH' | 'DELETE', url: string, body?: unknown][] = [
      ['POST', '/api/v1/operator/blog/generate', INPUT],
      ['GET', '/api/v1/operator/blog/drafts'],
      ['GET', `/api/v1/operator/blog/drafts/${id}`],
      ['PATCH', `/api/v1/operator/blog/drafts/${id}`, { variant: 'A', text: 'x' }],
      ['DELETE', `/api/v1/operator/blog/drafts/${id}`],
      ['GET', '/api/v1/operator/blog-posts'],
      ['POST', '/api/v1/operator/blog-posts', {}],
      ['POST', `/api/v1/operator/blog-posts/${id}/unpublish`],
      ['POST', `/api/v1/operator/blog-posts/${id}/publish`],
    ];
    for (const [method, url, body] of endpoints) {
      for (const token of [customer.accessToken, undefined]) {
        const res = await call(method, url, token, body);
        expect(res.statusCode, `${method} ${url}`).toBe(404);
        expect(res.json().code).toBe('NOT_FOUND');
      }
    }
    expect(await t.database.db.selectFrom('blog_drafts').select('id').execute()).toEqual([]);
  });

  it('refuses a missing keyword and hostile input with 400, storing nothing', async () => {
    const missing = await call('POST', '/api/v1/operator/blog/generate', operator.accessToken, {
      ...INPUT,
      primary_keyword: '  ',
    });
    expect(missing.statusCode).toBe(400);
    expect(missing.json().details).toEqual([
      { path: 'body.primary_keyword', message: 'Please provide at least a primary keyword.' },
    ]);
    for (const bad of [
      { ...INPUT, primary_keyword: 'a\u0000b' },
      { ...INPUT, primary_keyword: 'x'.repeat(121) },
      { ...INPUT, tone_style: 'sarcastic' },
      { ...INPUT, cta_focus: 'buy-now' },
      { ...INPUT, seed: -1 },
      { ...INPUT, target_audience: 'a\nb' },
    ]) {
      expect((await call('POST', '/api/v1/operator/blog/generate', operator.accessToken, bad)).statusCode).toBe(400);
    }
    expect(await t.database.db.selectFrom('blog_drafts').select('id').execute()).toEqual([]);
  });

  let draftId: string;
  it('streams three variants from the built-in writer and keeps them as a draft', async () => {
    const res = await call('POST', '/api/v1/operator/blog/generate', operator.accessToken, INPUT);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('text/event-stream; charset=utf-8');
    const evs = events(res.body);
    expect(evs[0]).toEqual({ event: 'start', writer: 'built_in' });
    expect(evs.filter((e) => e.event === 'delta').length).toBeGreaterThan(10);
    const done = evs.at(-1);
    expect(done?.event).toBe('done');
    draftId = (done as { draft_id: string }).draft_id;
    const text = textOf(evs);
    const variants = splitBlogVariants(text);
    for (const v of Object.values(variants)) expect(v.split(/\s+/).length).toBeGreaterThan(600);
    // The catalogue's facts are in the copy.
    expect(text).toMatch(/\d+ brands/);

    const draft = (await call('GET', `/api/v1/operator/blog/drafts/${draftId}`, operator.accessToken)).json().draft;
    expect(draft).toMatchObject({
      id: draftId,
      primary_keyword: INPUT.primary_keyword,
      tone_style: 'consultative',
      cta_focus: 'demo',
      seed: 11,
      writer: 'built_in',
      content: text,
      variant_edits: { A: null, B: null, C: null },
      edited: false,
    });
    // The same seed writes the same draft; another seed another.
    const again = textOf(
      events((await call('POST', '/api/v1/operator/blog/generate', operator.accessToken, INPUT)).body),
    );
    expect(again).toBe(text);
    const other = textOf(
      events((await call('POST', '/api/v1/operator/blog/generate', operator.accessToken, { ...INPUT, seed: 12 })).body),
    );
    expect(other).not.toBe(text);
    const list = (await call('GET', '/api/v1/operator/blog/drafts', operator.accessToken)).json();
    expect(list.data).toHaveLength(3);
    expect(list.data[2]).toMatchObject({ id: draftId, title: expect.stringMatching(/\S/) });
  });

  it('keeps an edited variant, and deletes a draft', async () => {
    const edited = await call('PATCH', `/api/v1/operator/blog/drafts/${draftId}`, operator.accessToken, {
      variant: 'B',
      text: '# Edited title\n\nEdited body.',
    });
    expect(edited.statusCode).toBe(200);
    expect(edited.json().draft).toMatchObject({
      edited: true,
      variant_edits: { A: null, B: '# Edited title\n\nEdited body.' },
    });
    const reset = await call('PATCH', `/api/v1/operator/blog/drafts/${draftId}`, operator.accessToken, {
      variant: 'B',
      text: null,
    });
    expect(reset.json().draft.variant_edits.B).toBeNull();
    const list = (await call('GET', '/api/v1/operator/blog/drafts', operator.accessToken)).json().data;
    const doomed = list[0].id as string;
    expect((await call('DELETE', `/api/v1/operator/blog/drafts/${doomed}`, operator.accessToken)).statusCode).toBe(200);
    expect((await call('GET', `/api/v1/operator/blog/drafts/${doomed}`, operator.accessToken)).statusCode).toBe(404);
    expect((await call('DELETE', `/api/v1/operator/blog/drafts/${doomed}`, operator.accessToken)).statusCode).toBe(404);
  });

  it('publishes a post with the slug rules, serves it with its metadata and content, lists it, and unpublishes it', async () => {
    const body = {
      title: 'Recognition <that> works',
      slug: 'recognition-that-works',
      excerpt: 'Why small, frequent "thanks" beat big, rare bonuses.',
      category: 'Recognition',
      body_markdown:
        '# Recognition that works\n\n## First\n\nReal **content** here. <script>alert(1)</script>\n\n[bad](javascript:alert(1))',
      draft_id: draftId,
    };
    for (const [slug, status] of [
      ['employee-incentive-gift-cards', 400],
      ['generator', 400],
      ['Not A Slug', 400],
      ['double--hyphen', 400],
      ['-leading', 400],
      ['x'.repeat(81), 400],
    ] as const) {
      const res = await call('POST', '/api/v1/operator/blog-posts', operator.accessToken, { ...body, slug });
      expect(res.statusCode, slug).toBe(status);
      expect(res.json().details[0].path).toBe('body.slug');
    }
    const created = await call('POST', '/api/v1/operator/blog-posts', operator.accessToken, body);
    expect(created.statusCode, created.body).toBe(200);
    const post = created.json().post;
    expect(post).toMatchObject({ slug: body.slug, published: true, draft_id: draftId });
    expect(post.body_markdown.startsWith('## First')).toBe(true);
    const taken = await call('POST', '/api/v1/operator/blog-posts', operator.accessToken, body);
    expect(taken.statusCode).toBe(409);
    expect(taken.json().details).toEqual([{ path: 'body.slug', message: 'Another post already has this slug' }]);

    // Public API.
    const list = (await call('GET', '/api/v1/blog-posts')).json();
    expect(list.data).toEqual([expect.objectContaining({ slug: body.slug, title: body.title, read_minutes: 1 })]);
    expect((await call('GET', `/api/v1/blog-posts/${body.slug}`)).json().post.body_markdown).toContain(
      'Real **content**',
    );

    // The page from the server.
    const page = await call('GET', `/blog/${body.slug}`);
    expect(page.statusCode).toBe(200);
    expect(page.headers['content-type']).toBe('text/html; charset=utf-8');
    const html = page.body;
    expect(html).toContain('<title>Recognition &lt;that&gt; works | GiftRelay</title>');
    expect(html).toContain(
      '<meta name="description" content="Why small, frequent &quot;thanks&quot; beat big, rare bonuses.">',
    );
    expect(html).toContain(`<link rel="canonical" href="${SITE}/blog/${body.slug}">`);
    expect(html).toContain('<meta property="og:type" content="article">');
    expect(html).not.toContain('Digital Rewards That Scale');
    const ld = JSON.parse(/<script type="application\/ld\+json">(.*?)<\/script>/.exec(html)?.[1] ?? '{}');
    expect(ld).toMatchObject({ '@context': 'https://schema.org', '@type': 'BlogPosting', headline: body.title });
    expect(html).toContain('<h1>Recognition &lt;that&gt; works</h1>');
    expect(html).toContain('Real <strong>content</strong> here. &lt;script&gt;alert(1)&lt;/script&gt;');
    expect(html).not.toMatch(/<script>alert|href="javascript/);
    expect(html).toContain('data-server-page');

    const sitemap = await call('GET', '/sitemap.xml');
    expect(sitemap.body).toContain(`<loc>${SITE}/blog/${body.slug}</loc>`);
    expect(sitemap.body).toContain(`<loc>${SITE}/blog/employee-incentive-gift-cards</loc>`);

    // Unpublished: gone from the blog, the API, the page and the sitemap; published again: back.
    const off = await call('POST', `/api/v1/operator/blog-posts/${post.id}/unpublish`, operator.accessToken);
    expect(off.json().post.published).toBe(false);
    expect((await call('GET', `/blog/${body.slug}`)).statusCode).toBe(404);
    expect((await call('GET', `/api/v1/blog-posts/${body.slug}`)).statusCode).toBe(404);
    expect((await call('GET', '/api/v1/blog-posts')).json().data).toEqual([]);
    expect((await call('GET', '/sitemap.xml')).body).not.toContain(body.slug);
    const ops = (await call('GET', '/api/v1/operator/blog-posts', operator.accessToken)).json().data;
    expect(ops).toEqual([expect.objectContaining({ id: post.id, published: false })]);
    await call('POST', `/api/v1/operator/blog-posts/${post.id}/publish`, operator.accessToken);
    expect((await call('GET', `/blog/${body.slug}`)).statusCode).toBe(200);
    // A slug nobody published is still the 404 page.
    expect((await call('GET', '/blog/no-such-post')).statusCode).toBe(404);
  });
});

/**
 * A stand-in for the web build's server bundle (apps/web/src/prerender.tsx in dist/.ssr): it
 * renders what it was given, so the tests see which data each page was rendered with.
 */
const FAKE_RENDERER = `export async function renderRoute(path, data) {
  const route = path === '/blog' ? 'blog' : /^\\/blog\\/[^/]+$/.test(path) ? 'blog/:slug' : null;
  if (!route) return null;
  if (data.post && data.post.slug === 'breaks-the-renderer') throw new Error('the renderer broke');
  const posts = (data.posts || []).map((p) => '<li>' + p.slug + '</li>').join('');
  return { route, html: '<main data-rendered="' + route + '"><ul>' + posts + '</ul></main>', data: { ...data, router: { route } } };
}
`;
const BLOG_TEMPLATE =
  '<!doctype html><html><head><title>Blog | GiftRelay</title>\n    <meta name="description" content="Guides." /></head><body><div id="root"></div><script>load()</script></body></html>';

describe(`pages rendered per request by the web app's server bundle (${TEST_DB})`, () => {
  let t: TestApp;
  let operator: SignedUpUser;
  let dist: string;
  beforeAll(async () => {
    dist = fakeBuild({
      'blog/index.html': BLOG_TEMPLATE.replace(
        '<div id="root"></div>',
        '<div id="root"><main>prerendered</main></div>',
      ),
      '.ssr/prerender.js': FAKE_RENDERER,
      '.ssr/templates.json': JSON.stringify({ blog: BLOG_TEMPLATE, 'blog/:slug': SHELL }),
    });
    t = await createTestApp({ webDistDir: dist, env: { PUBLIC_URL: SITE } });
    operator = await makeOperator(t);
  });
  afterAll(async () => {
    await t.close();
    rmSync(dist, { recursive: true, force: true });
  });

  const get = (url: string) => t.app.inject({ method: 'GET', url });
  const dataOf = (html: string) =>
    JSON.parse(/<script type="application\/json" id="server-data">(.*?)<\/script>/.exec(html)?.[1] ?? 'null');
  const publish = (slug: string, title = 'Spot awards <that> stick') =>
    t.app.inject({
      method: 'POST',
      url: '/api/v1/operator/blog-posts',
      headers: bearer(operator.accessToken),
      payload: { title, slug, excerpt: 'Small and often.', category: 'Recognition', body_markdown: '## One\n\nText.' },
    });

  it('sends /blog with the posts published at that moment, and each post rendered with its data for hydration', async () => {
    const empty = await get('/blog');
    expect(empty.statusCode).toBe(200);
    expect(empty.body).toContain('<main data-rendered="blog"><ul></ul></main>');
    expect(empty.body).not.toContain('prerendered');
    expect(dataOf(empty.body)).toEqual({ posts: [], router: { route: 'blog' } });
    // The template's inline script is allowed by its hash, as on prerendered pages.
    expect(empty.headers['content-security-policy']).toMatch(/script-src 'self' 'sha256-/);

    const created = await publish('spot-awards');
    expect(created.statusCode, created.body).toBe(200);
    const id = created.json().post.id;
    // Published: on /blog at the very next request.
    const listed = await get('/blog');
    expect(listed.body).toContain('<li>spot-awards</li>');
    expect(dataOf(listed.body).posts).toEqual([expect.objectContaining({ slug: 'spot-awards', read_minutes: 1 })]);

    const page = await get('/blog/spot-awards');
    expect(page.statusCode).toBe(200);
    const html = page.body;
    expect(html).toContain('<main data-rendered="blog/:slug">');
    expect(html).not.toContain('data-server-page');
    // The server's head, and the post in the public API's shape; `<` cannot end the data block.
    expect(html).toContain('<title>Spot awards &lt;that&gt; stick | GiftRelay</title>');
    expect(html).toContain(`<link rel="canonical" href="${SITE}/blog/spot-awards">`);
    expect(html).toContain('"title":"Spot awards \\u003cthat> stick"');
    expect(dataOf(html).post).toEqual((await get('/api/v1/blog-posts/spot-awards')).json().post);

    // Unpublished: off /blog at once, and the post's address is the 404 page.
    await t.app.inject({
      method: 'POST',
      url: `/api/v1/operator/blog-posts/${id}/unpublish`,
      headers: bearer(operator.accessToken),
    });
    expect(dataOf((await get('/blog')).body).posts).toEqual([]);
    expect((await get('/blog/spot-awards')).statusCode).toBe(404);
  });

  it('falls back to the plain HTML when the render fails', async () => {
    expect((await publish('breaks-the-renderer', 'Breaks')).statusCode).toBe(200);
    const page = await get('/blog/breaks-the-renderer');
    expect(page.statusCode).toBe(200);
    expect(page.body).toContain('data-server-page');
    expect(page.body).toContain('<h1>Breaks</h1>');
    expect(t.loggedErrors.join('\n')).toContain('the renderer broke');
    t.loggedErrors.length = 0;
  });

  it('never serves the server bundle', async () => {
    expect((await get('/.ssr/prerender.js')).body).not.toContain('renderRoute');
    expect((await get('/.ssr/templates.json')).body).not.toContain('data-rendered');
  });
});

describe(`blog generator, OpenAI-compatible writer (${TEST_DB})`, () => {
  let t: TestApp;
  let fake: FakeOpenAi;
  let operator: SignedUpUser;
  beforeAll(async () => {
    fake = await startFakeOpenAi();
    t = await createTestApp({ env: fakeOpenAiEnv(fake, 1500) });
    operator = await makeOperator(t);
  });
  afterAll(async () => {
    await t.close();
    await fake.close();
  });

  const generate = () =>
    t.app.inject({
      method: 'POST',
      url: '/api/v1/operator/blog/generate',
      headers: bearer(operator.accessToken),
      payload: INPUT,
    });
  const drafts = async () => (await t.database.db.selectFrom('blog_drafts').select('id').execute()).length;

  it('streams the chat completion as it arrives and keeps it as a draft', async () => {
    const res = await generate();
    const evs = events(res.body);
    expect(evs[0]).toEqual({ event: 'start', writer: 'llm' });
    expect(evs.filter((e) => e.event === 'delta').map((e) => (e as { text: string }).text)).toEqual(FAKE_BLOG_ANSWER);
    expect(evs.at(-1)).toMatchObject({ event: 'done' });
    const request = fake.requests.at(-1);
    expect(request?.body).toMatchObject({ model: 'fake-gpt', stream: true, seed: 11 });
    expect(request?.body.messages?.[1]?.content).toContain('Primary keyword: employee recognition gift cards');
    expect(request?.body.messages?.[0]?.content).toContain('## VARIANT A');
    const draft = await t.database.db.selectFrom('blog_drafts').selectAll().executeTakeFirstOrThrow();
    expect(draft).toMatchObject({ writer: 'llm', content: FAKE_BLOG_ANSWER.join('') });
  });

  it.each([
    [401, 'invalid_api_key', 'The writer’s API refused the key (401): Incorrect API key provided.'],
    [
      429,
      'insufficient_quota',
      'The writer’s API is rate-limiting or out of quota (429): You exceeded your current quota.',
    ],
    [500, null, 'The writer’s API failed (500): The server had an error while processing your request.'],
  ])('reports an API error %s as a failed generation with its message', async (status, code, message) => {
    const before = await drafts();
    fake.plan({
      kind: 'error',
      status,
      type: status === 500 ? 'server_error' : 'invalid_request_error',
      code,
      message: message.replace(/^.*\(\d+\): /, ''),
    });
    const evs = events((await generate()).body);
    expect(evs.at(-1)).toEqual({ event: 'error', message });
    expect(await drafts()).toBe(before);
    t.loggedErrors.length = 0;
  });

  it('gives up on a slow answer at LLM_TIMEOUT_MS, before the headers and half-way', async () => {
    const before = await drafts();
    for (const plan of [
      { kind: 'slow', ms: 3000 },
      { kind: 'stall', afterChunks: 2, ms: 3000 },
    ] as const) {
      fake.plan(plan);
      const started = Date.now();
      const evs = events((await generate()).body);
      expect(Date.now() - started).toBeLessThan(2900);
      expect(evs.at(-1)).toEqual({ event: 'error', message: 'The writer did not finish within 2 seconds.' });
      if (plan.kind === 'stall') expect(textOf(evs)).toBe(FAKE_BLOG_ANSWER.slice(0, 2).join(''));
    }
    expect(await drafts()).toBe(before);
  });

  it('refuses an answer without the variant markers', async () => {
    fake.answer = ['Just some text ', 'without markers.'];
    const evs = events((await generate()).body);
    expect(evs.at(-1)).toEqual({
      event: 'error',
      message: 'The writer’s answer had no ## VARIANT A, B or C sections.',
    });
    fake.answer = [...FAKE_BLOG_ANSWER];
  });

  it('answers the official client without streaming too, in one chat.completion (a faithful edge)', async () => {
    const client = new OpenAI({ baseURL: fake.baseUrl, apiKey: FAKE_OPENAI_KEY, maxRetries: 0 });
    const completion = await client.chat.completions.create({
      model: 'm',
      messages: [{ role: 'user', content: 'hi' }],
    });
    expect(completion.choices[0]?.message.content).toBe(FAKE_BLOG_ANSWER.join(''));
    const refused = new OpenAI({ baseURL: fake.baseUrl, apiKey: 'sk-wrong', maxRetries: 0 });
    await expect(refused.chat.completions.create({ model: 'm', messages: [] })).rejects.toMatchObject({
      status: 401,
      error: { message: 'Incorrect API key provided.', code: 'invalid_api_key' },
    });
  });
});
