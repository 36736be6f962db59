import { createHash } from 'node:crypto';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { brotliCompressSync, brotliDecompressSync, gunzipSync, gzipSync } from 'node:zlib';
import { REDIRECTS, SITEMAP_PATHS } from '@giftrelay/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, TEST_DB, type TestApp } from '../../test/helpers';

const INDEX = '<!doctype html><html><head><title>GiftRelay</title></head><body><div id="root"></div></body></html>';
const ASSET = `console.log(${JSON.stringify('x'.repeat(4000))});`;

describe(`serving the web app (${TEST_DB})`, () => {
  let t: TestApp;
  let dist: string;
  beforeAll(async () => {
    dist = mkdtempSync(path.join(tmpdir(), 'gr-dist-'));
    mkdirSync(path.join(dist, 'assets'));
    mkdirSync(path.join(dist, 'pricing'));
    writeFileSync(path.join(dist, 'index.html'), INDEX);
    writeFileSync(path.join(dist, 'pricing', 'index.html'), '<h1>Pricing, prerendered</h1>');
    writeFileSync(path.join(dist, 'favicon.svg'), '<svg xmlns="http://www.w3.org/2000/svg"/>');
    // Left by an older build: the server's own robots.txt must win, and the server must start.
    writeFileSync(path.join(dist, 'robots.txt'), 'User-agent: stale-build');
    writeFileSync(path.join(dist, 'assets', 'index-abc123.js'), ASSET);
    writeFileSync(path.join(dist, 'assets', 'index-abc123.js.br'), brotliCompressSync(ASSET));
    writeFileSync(path.join(dist, 'assets', 'index-abc123.js.gz'), gzipSync(ASSET));
    t = await createTestApp({ webDistDir: dist });
  });
  afterAll(async () => {
    await t.close();
    rmSync(dist, { recursive: true, force: true });
  });

  it.each(['/', '/dashboard', '/blog/employee-incentive-gift-cards', '/dashboard/'])(
    'a reload of %s returns the app',
    async (url) => {
      const res = await t.app.inject({ url });
      expect(res.statusCode).toBe(200);
      expect(res.headers['content-type']).toBe('text/html; charset=utf-8');
      expect(res.headers['cache-control']).toBe('no-cache');
      expect(res.body).toBe(INDEX);
    },
  );

  it('a claim page is the app, marked for crawlers as not to be indexed or followed', async () => {
    const res = await t.app.inject({ url: '/claim/c2VjcmV0LWNsYWltLXRva2Vu' });
    expect(res.statusCode).toBe(200);
    expect(res.body).toBe(INDEX);
    expect(res.headers['x-robots-tag']).toBe('noindex, nofollow');
    // Only claim pages: the public pages are meant to be found.
    expect((await t.app.inject({ url: '/' })).headers['x-robots-tag']).toBeUndefined();
    expect((await t.app.inject({ url: '/pricing' })).headers['x-robots-tag']).toBeUndefined();
  });

  it('an unknown path returns the app (which shows its 404 page) with a 404 status', async () => {
    const res = await t.app.inject({ url: '/no/such/page?x=1' });
    expect(res.statusCode).toBe(404);
    expect(res.body).toBe(INDEX);
  });

  it('serves a prerendered page where one was built', async () => {
    const res = await t.app.inject({ url: '/pricing' });
    expect(res.statusCode).toBe(200);
    expect(res.body).toContain('Pricing, prerendered');
  });

  it('serves hashed assets with a year of caching, pre-compressed', async () => {
    const br = await t.app.inject({ url: '/assets/index-abc123.js', headers: { 'accept-encoding': 'br, gzip' } });
    expect(br.statusCode).toBe(200);
    expect(br.headers['content-encoding']).toBe('br');
    expect(br.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    const gz = await t.app.inject({ url: '/assets/index-abc123.js', headers: { 'accept-encoding': 'gzip' } });
    expect(gz.headers['content-encoding']).toBe('gzip');
    const plain = await t.app.inject({ url: '/assets/index-abc123.js', headers: { 'accept-encoding': 'identity' } });
    expect(plain.body).toBe(ASSET);
  });

  it('serves other files with revalidation', async () => {
    const res = await t.app.inject({ url: '/favicon.svg' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['cache-control']).toBe('public, max-age=0, must-revalidate');
  });

  it('a missing asset is a 404, not the app', async () => {
    const res = await t.app.inject({ url: '/assets/missing.js' });
    expect(res.statusCode).toBe(404);
  });

  it('sends a CSP the app satisfies: no inline or foreign scripts', async () => {
    const csp = (await t.app.inject({ url: '/' })).headers['content-security-policy'] as string;
    expect(csp).toContain("default-src 'self'");
    expect(csp).toContain("script-src 'self'");
    expect(csp).not.toMatch(/script-src[^;]*unsafe-inline/);
    expect(csp).toContain("frame-ancestors 'self'");
    // Served over plain HTTP outside production: no HSTS and no upgrade (security.test.ts has both).
    expect(csp.split(';')).not.toContain('upgrade-insecure-requests');
    expect((await t.app.inject({ url: '/' })).headers['strict-transport-security']).toBeUndefined();
  });

  it('a POST to a page path is a JSON 404', async () => {
    const res = await t.app.inject({ method: 'POST', url: '/dashboard' });
    expect(res.statusCode).toBe(404);
    expect(res.json().code).toBe('NOT_FOUND');
  });
});

const SITE = 'https://gifts.example.com';
const PLACEHOLDER = '__GIFTRELAY_PUBLIC_URL__';
const THEME = "document.documentElement.classList.toggle('dark', false)";
const page = (title: string) =>
  `<!doctype html><html><head><title>${title}</title><link rel="canonical" href="${PLACEHOLDER}/x"><script>${THEME}</script></head><body><div id="root"><h1>${title}</h1></div>${'<p>filler</p>'.repeat(200)}</body></html>`;
const SHELL = `<!doctype html><html><head><meta name="public-url" content="${PLACEHOLDER}"><title>GiftRelay</title></head><body><div id="root"></div></body></html>`;

describe(`serving a prerendered build (${TEST_DB})`, () => {
  let t: TestApp;
  let dist: string;
  beforeAll(async () => {
    dist = mkdtempSync(path.join(tmpdir(), 'gr-dist-pre-'));
    mkdirSync(path.join(dist, 'assets'));
    mkdirSync(path.join(dist, 'pricing'));
    mkdirSync(path.join(dist, 'blog', 'employee-incentive-gift-cards'), { recursive: true });
    writeFileSync(path.join(dist, 'index.html'), page('Home, prerendered'));
    writeFileSync(path.join(dist, 'app.html'), SHELL);
    writeFileSync(path.join(dist, 'pricing', 'index.html'), page('Pricing, prerendered'));
    writeFileSync(path.join(dist, 'blog', 'employee-incentive-gift-cards', 'index.html'), page('An article'));
    t = await createTestApp({ webDistDir: dist, env: { PUBLIC_URL: SITE } });
  });
  afterAll(async () => {
    await t.close();
    rmSync(dist, { recursive: true, force: true });
  });

  it.each([
    ['/', 'Home, prerendered'],
    ['/pricing', 'Pricing, prerendered'],
    ['/pricing/', 'Pricing, prerendered'],
    ['/blog/employee-incentive-gift-cards', 'An article'],
  ])('%s is its prerendered page, with PUBLIC_URL filled in', async (url, heading) => {
    const res = await t.app.inject({ url, headers: { 'accept-encoding': 'identity' } });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('text/html; charset=utf-8');
    expect(res.body).toContain(`<h1>${heading}</h1>`);
    expect(res.body).toContain(`<link rel="canonical" href="${SITE}/x">`);
    expect(res.body).not.toContain(PLACEHOLDER);
  });

  it('answers app routes with the shell and unknown paths with the shell and a 404', async () => {
    // The account pages carry tokens or a session: the browser renders them, never the build.
    for (const url of [
      '/dashboard',
      '/login',
      '/mailbox',
      '/verify/abc',
      '/forgot-password',
      '/reset-password/abc',
      '/confirm-email/abc',
    ]) {
      const app = await t.app.inject({ url });
      expect(app.statusCode, url).toBe(200);
      expect(app.body, url).toBe(SHELL.replace(PLACEHOLDER, SITE));
    }
    const unknown = await t.app.inject({ url: '/blog/no-such-article' });
    expect(unknown.statusCode).toBe(404);
    expect(unknown.body).toBe(SHELL.replace(PLACEHOLDER, SITE));
  });

  it.each([
    ['/claim/c2VjcmV0LWNsYWltLXRva2Vu', 200],
    ['/claim/c2VjcmV0LWNsYWltLXRva2Vu/', 200],
    ['/claim', 404],
    ['/claim/a/b', 404],
  ])('%s is never to be indexed: X-Robots-Tag noindex, nofollow (status %i)', async (url, status) => {
    for (const method of ['GET', 'HEAD'] as const) {
      const res = await t.app.inject({ method, url, headers: { 'accept-encoding': 'br' } });
      expect(res.statusCode, method).toBe(status);
      expect(res.headers['x-robots-tag'], method).toBe('noindex, nofollow');
    }
    const page = await t.app.inject({ url, headers: { 'accept-encoding': 'identity' } });
    expect(page.body).toBe(SHELL.replace(PLACEHOLDER, SITE));
  });

  it('marks no other page as not to be indexed', async () => {
    for (const url of ['/', '/pricing', '/blog/employee-incentive-gift-cards', '/dashboard', '/blog/no-such-article']) {
      expect((await t.app.inject({ url })).headers['x-robots-tag'], url).toBeUndefined();
    }
  });

  it.each(['/index.html', '/app.html', '/pricing/index.html'])('never serves %s as a raw file', async (url) => {
    const res = await t.app.inject({ url });
    expect(res.statusCode).toBe(404);
    expect(res.body).not.toContain(PLACEHOLDER);
  });

  it('sends pages compressed as the client accepts, varying on it', async () => {
    const br = await t.app.inject({ url: '/pricing', headers: { 'accept-encoding': 'gzip, deflate, br' } });
    expect(br.headers['content-encoding']).toBe('br');
    expect(br.headers.vary).toContain('accept-encoding');
    expect(brotliDecompressSync(br.rawPayload).toString()).toContain('Pricing, prerendered');
    const gz = await t.app.inject({ url: '/pricing', headers: { 'accept-encoding': 'gzip' } });
    expect(gz.headers['content-encoding']).toBe('gzip');
    expect(gunzipSync(gz.rawPayload).toString()).toContain('Pricing, prerendered');
    const plain = await t.app.inject({ url: '/pricing', headers: { 'accept-encoding': 'identity' } });
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.body.length).toBeGreaterThan(br.rawPayload.length);
  });

  it("allows a page's own inline script by its hash, and nothing else inline", async () => {
    const hash = `'sha256-${createHash('sha256').update(THEME).digest('base64')}'`;
    const pageCsp = (await t.app.inject({ url: '/pricing' })).headers['content-security-policy'] as string;
    expect(pageCsp).toContain(`script-src 'self' ${hash}`);
    expect(pageCsp).not.toContain('unsafe-inline;');
    expect(pageCsp).not.toMatch(/script-src[^;]*unsafe-inline/);
    const shellCsp = (await t.app.inject({ url: '/dashboard' })).headers['content-security-policy'] as string;
    expect(shellCsp).not.toContain('sha256-');
  });

  it('serves robots.txt and sitemap.xml for crawlers with absolute URLs', async () => {
    const robots = await t.app.inject({ url: '/robots.txt' });
    expect(robots.statusCode).toBe(200);
    expect(robots.headers['content-type']).toBe('text/plain; charset=utf-8');
    expect(robots.body).toContain('User-agent: *\nAllow: /');
    expect(robots.body).not.toContain('stale-build');
    expect(robots.body).toContain('Disallow: /dashboard');
    expect(robots.body).toContain('Disallow: /api/');
    expect(robots.body).toContain(`Sitemap: ${SITE}/sitemap.xml`);
    const sitemap = await t.app.inject({ url: '/sitemap.xml' });
    expect(sitemap.statusCode).toBe(200);
    expect(sitemap.headers['content-type']).toBe('application/xml; charset=utf-8');
    const locs = [...sitemap.body.matchAll(/<loc>([^<]+)<\/loc>/g)].map((m) => m[1]);
    expect(locs).toEqual(SITEMAP_PATHS.map((p) => `${SITE}${p}`));
    expect(locs).toContain(`${SITE}/blog/employee-incentive-gift-cards`);
    for (const account of ['/dashboard', '/login', '/mailbox', '/forgot-password']) {
      expect(locs).not.toContain(`${SITE}${account}`);
    }
    expect(locs.filter((l) => /\/(verify|reset-password)\//.test(l ?? ''))).toEqual([]);
    for (const tokenPage of ['/mailbox', '/verify/', '/reset-password/', '/confirm-email/', '/invitations/']) {
      expect(robots.body).toContain(`Disallow: ${tokenPage}`);
    }
  });

  it('redirects moved addresses permanently, keeping the query', async () => {
    const [from, to] = Object.entries(REDIRECTS)[0] ?? [];
    const res = await t.app.inject({ url: `${from}?utm_source=mail` });
    expect(res.statusCode).toBe(301);
    expect(res.headers.location).toBe(`${to}?utm_source=mail`);
  });
});

describe(`crawler files without a web build (${TEST_DB})`, () => {
  it('still serves robots.txt and sitemap.xml', async () => {
    const t = await createTestApp({ env: { PUBLIC_URL: SITE } });
    try {
      expect((await t.app.inject({ url: '/robots.txt' })).body).toContain(`Sitemap: ${SITE}/sitemap.xml`);
      expect((await t.app.inject({ url: '/sitemap.xml' })).body).toContain(`<loc>${SITE}/pricing</loc>`);
    } finally {
      await t.close();
    }
  });

  it('answers a claim link with the page that asks for a build, still not to be indexed', async () => {
    const t = await createTestApp();
    try {
      const claim = await t.app.inject({ url: '/claim/c2VjcmV0LWNsYWltLXRva2Vu' });
      expect(claim.statusCode).toBe(503);
      expect(claim.body).toContain('has not been built yet');
      expect(claim.headers['x-robots-tag']).toBe('noindex, nofollow');
    } finally {
      await t.close();
    }
  });
});
