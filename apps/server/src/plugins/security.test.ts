import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, TEST_DB, type TestApp } from '../../test/helpers';

// Production is served over HTTPS: browsers are told to keep to it (HSTS, a year, subdomains too)
// and to fetch anything addressed over http:// by https:// instead. Elsewhere (localhost over
// plain HTTP) neither header may be sent, or the browser would refuse the site: web.test.ts.
describe(`security headers with APP_ENV=production (${TEST_DB})`, () => {
  let t: TestApp;
  beforeAll(async () => {
    // Production requires a real mail server (nothing is sent here, so nothing listens on it) and
    // keys from the environment, and refuses the tests' cheap password hashing.
    t = await createTestApp({
      env: {
        APP_ENV: 'production',
        SMTP_URL: 'smtp://127.0.0.1:9',
        PUBLIC_URL: 'https://gifts.example.com',
        PASSWORD_HASHING: 'standard',
        REWARD_ENCRYPTION_KEY: Buffer.alloc(32, 7).toString('base64'),
        AUTH_SECRET: 'a'.repeat(48),
      },
    });
  });
  afterAll(() => t.close());

  it.each([
    ['an API answer', '/api/health'],
    ['a page', '/pricing'],
    ['an API error', '/api/v1/no-such-route'],
  ])('%s carries HSTS for a year with subdomains, and a CSP that upgrades insecure requests', async (_what, url) => {
    const res = await t.app.inject({ url });
    expect(res.headers['strict-transport-security']).toBe('max-age=31536000; includeSubDomains');
    const csp = String(res.headers['content-security-policy']).split(';');
    expect(csp).toContain('upgrade-insecure-requests');
    expect(csp).toContain("default-src 'self'");
  });
});
