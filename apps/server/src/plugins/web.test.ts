import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { brotliCompressSync, gzipSync } from 'node:zlib';
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
    writeFileSync(path.join(dist, 'robots.txt'), 'User-agent: *');
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
    const res = await t.app.inject({ url: '/robots.txt' });
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
  });

  it('a POST to a page path is a JSON 404', async () => {
    const res = await t.app.inject({ method: 'POST', url: '/dashboard' });
    expect(res.statusCode).toBe(404);
    expect(res.json().code).toBe('NOT_FOUND');
  });
});
