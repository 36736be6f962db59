import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { Writable } from 'node:stream';
import Fastify from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, linkToken, randomIp, signIn, signUpCookie, uniqueEmail, waitForEmail } from '../../test/factories';
import { invite } from '../../test/factories/members';
import { claimTokensOf, pickProduct, postOrder, settledOrder } from '../../test/factories/orders';
import { createMigratedTestDatabase, TEST_DB, type TestApp, testConfig } from '../../test/helpers';
import { buildApp } from '../app';
import { loggerOptions } from '../lib/log';
import { secretPathsPlugin } from './secret-paths';

/**
 * The whole app logging as in production (JSON lines, the app's own serializers), at debug so
 * that every request line is written, through a claim and every other emailed link.
 */
describe(`no emailed link's token reaches the logs (${TEST_DB})`, () => {
  let t: TestApp;
  let dist: string;
  const log: string[] = [];
  beforeAll(async () => {
    dist = mkdtempSync(path.join(tmpdir(), 'gr-dist-'));
    mkdirSync(path.join(dist, 'assets'));
    writeFileSync(path.join(dist, 'index.html'), '<!doctype html><title>GiftRelay</title><div id="root"></div>');
    const database = await createMigratedTestDatabase();
    const stream = new Writable({
      write(chunk, _enc, done) {
        log.push(chunk.toString());
        done();
      },
    });
    const app = await buildApp({
      config: testConfig(),
      database,
      logger: { ...loggerOptions('debug'), stream },
      webDistDir: dist,
    });
    await app.ready();
    t = {
      app,
      database,
      loggedErrors: [],
      async close() {
        await app.close();
        await database.close();
      },
    };
  });
  afterAll(async () => {
    await t.close();
    rmSync(dist, { recursive: true, force: true });
  });

  it('signs up, verifies, sends a reward to itself, opens the claim page and API: no token in the log', async () => {
    const email = uniqueEmail('claims-log');
    const password = 'violet-Harbour-42';
    const remoteAddress = randomIp();
    const signUp = await t.app.inject({
      method: 'POST',
      url: '/api/v1/auth/signup',
      payload: { email, password },
      remoteAddress,
    });
    expect(signUp.statusCode, signUp.body).toBe(200);
    const verifyToken = linkToken(await waitForEmail(t, email, /verify/i), '/verify/');
    // The link as the person opens it: the page, then the page's call.
    expect((await t.app.inject({ url: `/verify/${verifyToken}` })).statusCode).toBe(200);
    const verified = await t.app.inject({
      method: 'POST',
      url: '/api/v1/auth/verify',
      payload: { token: verifyToken },
      cookies: signUpCookie(signUp),
      remoteAddress,
    });
    expect(verified.statusCode, verified.body).toBe(200);
    const session = await signIn(t, email, password, remoteAddress);

    const product = await pickProduct(t);
    const order = await postOrder(t, session.access_token, {
      product_code: product.code,
      amount: Math.min(Math.max(25, product.minValue), product.maxValue),
      email,
      quantity: 1,
    });
    expect(order.statusCode, order.body).toBe(201);
    await settledOrder(t, session.access_token, order.json().order_id);
    const [claimToken] = await claimTokensOf(t, order.json().order_id);
    if (!claimToken) throw new Error('the order has no claim link');

    expect((await t.app.inject({ url: `/claim/${claimToken}` })).statusCode).toBe(200);
    const claim = await t.app.inject({ url: `/api/v1/claims/${claimToken}` });
    expect(claim.statusCode, claim.body).toBe(200);
    // Mistyped or mis-sent, the link still carries its token: a 404, a 405, a query string.
    expect((await t.app.inject({ url: `/claim/${claimToken}/x` })).statusCode).toBe(404);
    expect((await t.app.inject({ url: `/api/v1/claims/${claimToken}/x` })).statusCode).toBe(404);
    expect((await t.app.inject({ method: 'POST', url: `/api/v1/claims/${claimToken}` })).statusCode).toBe(405);
    expect((await t.app.inject({ url: `/claim?token=${claimToken}` })).statusCode).toBe(404);

    // The other emailed links: password reset and invitation.
    await t.app.inject({ method: 'POST', url: '/api/v1/auth/recover', payload: { email }, remoteAddress });
    const resetToken = linkToken(await waitForEmail(t, email, /reset/i), '/reset-password/');
    expect((await t.app.inject({ url: `/reset-password/${resetToken}` })).statusCode).toBe(200);
    const owner = {
      accessToken: session.access_token,
      refreshToken: session.refresh_token,
      user: session.user,
      organisationId: session.user.organisation.id,
      email,
      password,
    };
    const invitation = await invite(t, owner, uniqueEmail('invitee'), 'viewer');
    expect((await t.app.inject({ url: `/invitations/${invitation.token}` })).statusCode).toBe(200);
    expect((await t.app.inject({ url: `/confirm-email/${verifyToken}` })).statusCode).toBe(200);
    expect((await t.app.inject({ url: '/api/v1/orders', headers: bearer(session.access_token) })).statusCode).toBe(200);

    const text = log.join('');
    // The log was written: each request line is there, with the token's place marked.
    expect(text).toContain('"url":"/claim/[redacted]"');
    expect(text).toContain('"url":"/api/v1/claims/[redacted]"');
    expect(text).toContain('"url":"/api/v1/claims/[redacted]/x"');
    expect(text).toContain('"path":"/claim/[redacted]/x"');
    expect(text).toContain('"url":"/verify/[redacted]"');
    for (const secret of [claimToken, verifyToken, resetToken, invitation.token, session.access_token]) {
      expect(text).not.toContain(secret);
    }
  });
});

describe('routes declare their secret path parameters', () => {
  it('a route with a secret-looking parameter it does not declare stops the server from starting', async () => {
    const app = Fastify();
    await app.register(secretPathsPlugin);
    expect(() => app.get('/links/:token', async () => 'x')).toThrow(/:token looks like a secret/);
    expect(() => app.get('/keys/:api_secret', async () => 'x')).toThrow(/config\.secretParams/);
    expect(() => app.get('/links/:id', { config: { secretParams: ['token'] } }, async () => 'x')).toThrow(
      /does not have/,
    );
    app.get('/links/:token', { config: { secretParams: ['token'] } }, async () => 'x');
    app.get('/orders/:id', async () => 'x');
    await app.ready();
    expect(app.secretPaths?.redactPath('/links/abc')).toBe('/links/[redacted]');
    expect(app.secretPaths?.redactPath('/orders/abc')).toBe('/orders/abc');
    await app.close();
  });
});
