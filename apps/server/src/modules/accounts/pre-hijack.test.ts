import type { MailboxMessage } from '@giftrelay/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, linkToken, randomIp, signUpCookie, uniqueEmail, waitForEmail } from '../../../test/factories';
import { createTestApp, eventually, TEST_DB, type TestApp } from '../../../test/helpers';
import { newApiKey } from '../../lib/api-key-secret';
import { SESSION_IDLE_SECONDS } from './service';

/**
 * Account pre-hijacking (issue 29, decision 054): someone signs up an address that is not theirs
 * and never verifies it; its owner signs up later and verifies. Whoever proves the address decides
 * the password, whichever emailed link they open, and nothing made before survives.
 */
const ATTACKER_PASSWORD = 'attacker-Lantern-71';
const OWNER_PASSWORD = 'owner-Meadow-Quartz-58';
const CHOSEN_PASSWORD = 'chosen-Harbour-Tide-93';

/** An address OPERATOR_EMAILS names: guessable, and worth signing up before its owner does. */
const OPERATOR_ADDRESS = uniqueEmail('ops');

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ env: { OPERATOR_EMAILS: OPERATOR_ADDRESS } });
});
afterAll(() => t.close());

const post = (url: string, payload: object, headers: Record<string, string> = {}) =>
  t.app.inject({ method: 'POST', url, payload, headers, remoteAddress: randomIp() });
const signUp = (email: string, password: string) => post('/api/v1/auth/signup', { email, password });
const passwordGrant = (email: string, password: string) =>
  post('/api/v1/auth/token?grant_type=password', { email, password });
/** Opening a link in a browser that never signed up (no sign-up cookie), as an owner's inbox would. */
const verify = (payload: { token: string; password?: string }) => post('/api/v1/auth/verify', payload);
/** Opening a link in the browser that holds `cookies` (decision 054). */
const verifyIn = (cookies: Record<string, string>, payload: { token: string; password?: string }) =>
  t.app.inject({ method: 'POST', url: '/api/v1/auth/verify', payload, cookies, remoteAddress: randomIp() });

/** Every verification link in the address's mailbox, oldest first. */
async function verifyLinks(email: string, count: number): Promise<string[]> {
  const messages = await eventually(async () => {
    const res = await t.app.inject({ url: `/api/mailbox?to=${encodeURIComponent(email)}` });
    const found = (res.json().messages as MailboxMessage[]).filter((m) => /verify/i.test(m.subject));
    return found.length >= count ? found : undefined;
  }, 30_000);
  return messages.sort((a, b) => a.created_at.localeCompare(b.created_at)).map((m) => linkToken(m, '/verify/'));
}

/** The attacker signs the address up first, its owner second: two links in the owner's inbox. */
async function contestedAddress() {
  const email = uniqueEmail('victim');
  expect((await signUp(email, ATTACKER_PASSWORD)).statusCode).toBe(200);
  await waitForEmail(t, email, /verify/i);
  expect((await signUp(email, OWNER_PASSWORD)).statusCode).toBe(200);
  const [attackersLink, ownersLink] = await verifyLinks(email, 2);
  if (!attackersLink || !ownersLink) throw new Error('two verification links expected');
  return { email, attackersLink, ownersLink };
}

describe(`account pre-hijacking (${TEST_DB})`, () => {
  it('an unverified account cannot sign in, even with the password it signed up with', async () => {
    const { email } = await contestedAddress();
    expect((await passwordGrant(email, ATTACKER_PASSWORD)).json().code).toBe('EMAIL_NOT_CONFIRMED');
  });

  it.each([
    ['the link the attacker’s sign-up sent', 'attackersLink'],
    ['the link the owner’s own sign-up sent', 'ownersLink'],
  ] as const)('opening %s asks the owner to choose the password; only that password signs in', async (_, which) => {
    const address = await contestedAddress();
    const token = address[which];

    // Without a password the contested address is not verified, and the link stays usable.
    const bare = await verify({ token });
    expect(bare.statusCode).toBe(400);
    expect(bare.json()).toMatchObject({
      code: 'VALIDATION_ERROR',
      details: [{ path: 'body.password', message: expect.stringMatching(/^Required/) }],
    });
    // A common password is refused the same way: nothing written, the link still there.
    expect((await verify({ token, password: 'password123' })).json().code).toBe('WEAK_PASSWORD');
    expect((await passwordGrant(address.email, ATTACKER_PASSWORD)).json().code).toBe('EMAIL_NOT_CONFIRMED');

    const chosen = await verify({ token, password: CHOSEN_PASSWORD });
    expect(chosen.statusCode, chosen.body).toBe(200);
    expect(chosen.json().session.user).toMatchObject({ email: address.email, email_confirmed_at: expect.any(String) });

    expect((await passwordGrant(address.email, ATTACKER_PASSWORD)).json().code).toBe('INVALID_CREDENTIALS');
    expect((await passwordGrant(address.email, OWNER_PASSWORD)).json().code).toBe('INVALID_CREDENTIALS');
    expect((await passwordGrant(address.email, CHOSEN_PASSWORD)).statusCode).toBe(200);
  });

  it('the owner may choose the password they signed up with', async () => {
    const { email, ownersLink } = await contestedAddress();
    expect((await verify({ token: ownersLink, password: OWNER_PASSWORD })).statusCode).toBe(200);
    expect((await passwordGrant(email, ATTACKER_PASSWORD)).json().code).toBe('INVALID_CREDENTIALS');
    expect((await passwordGrant(email, OWNER_PASSWORD)).statusCode).toBe(200);
  });

  it('after verification every link is used up; a made-up, truncated or replayed token is refused', async () => {
    const { email, attackersLink, ownersLink } = await contestedAddress();
    expect((await verify({ token: ownersLink, password: CHOSEN_PASSWORD })).statusCode).toBe(200);
    for (const token of [attackersLink, ownersLink]) {
      const replay = await verify({ token, password: ATTACKER_PASSWORD });
      expect(replay.statusCode).toBe(400);
      expect(replay.json().code).toBe('INVALID_LINK');
    }
    for (const token of [`${ownersLink.slice(0, -1)}A`, ownersLink.slice(1), 'made-up-token']) {
      expect((await verify({ token, password: ATTACKER_PASSWORD })).json().code).toBe('INVALID_LINK');
    }
    expect((await passwordGrant(email, ATTACKER_PASSWORD)).json().code).toBe('INVALID_CREDENTIALS');
  });

  it('a password reset link on a contested address decides the password too, and verifies it', async () => {
    const { email } = await contestedAddress();
    expect((await post('/api/v1/auth/recover', { email })).statusCode).toBe(200);
    const reset = linkToken(await waitForEmail(t, email, /reset/i), '/reset-password/');
    expect((await post('/api/v1/auth/reset-password', { token: reset, password: CHOSEN_PASSWORD })).statusCode).toBe(
      200,
    );
    expect((await passwordGrant(email, ATTACKER_PASSWORD)).json().code).toBe('INVALID_CREDENTIALS');
    expect((await passwordGrant(email, OWNER_PASSWORD)).json().code).toBe('INVALID_CREDENTIALS');
    expect((await passwordGrant(email, CHOSEN_PASSWORD)).statusCode).toBe(200);
  });

  it('sessions and API keys made before the verification do not survive it', async () => {
    const { email, attackersLink } = await contestedAddress();
    // An unverified account cannot sign in or make a key through the API: these rows stand in for
    // any way that may be found, and must end when the owner proves the address.
    const user = await t.app.db.selectFrom('users').select('id').where('email', '=', email).executeTakeFirstOrThrow();
    const membership = await t.app.db
      .selectFrom('memberships')
      .select('organisation_id')
      .where('user_id', '=', user.id)
      .executeTakeFirstOrThrow();
    const session = await t.app.db
      .insertInto('auth_sessions')
      .values({
        user_id: user.id,
        organisation_id: membership.organisation_id,
        expires_at: new Date(Date.now() + SESSION_IDLE_SECONDS * 1000),
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    const access = await t.app.accessTokens.sign({
      userId: user.id,
      sessionId: session.id,
      organisationId: membership.organisation_id,
    });
    const key = newApiKey('test');
    await t.app.db
      .insertInto('api_keys')
      .values({
        organisation_id: membership.organisation_id,
        name: 'made before verification',
        mode: 'test',
        key_hash: key.hash,
        last_four: key.lastFour,
        scopes: ['balance:read'],
        created_by: user.id,
      })
      .execute();
    const balance = (token: string) => t.app.inject({ url: '/api/v1/balance', headers: bearer(token) });
    expect((await balance(access.token)).statusCode).toBe(200);
    expect((await balance(key.key)).statusCode).toBe(200);

    expect((await verify({ token: attackersLink, password: CHOSEN_PASSWORD })).statusCode).toBe(200);

    expect((await balance(access.token)).statusCode).toBe(401);
    expect((await balance(key.key)).statusCode).toBe(401);
  });

  it('an address OPERATOR_EMAILS names needs a chosen password even when signed up once', async () => {
    expect((await signUp(OPERATOR_ADDRESS, ATTACKER_PASSWORD)).statusCode).toBe(200);
    const [link] = await verifyLinks(OPERATOR_ADDRESS, 1);
    const bare = await verify({ token: link ?? '' });
    expect(bare.json()).toMatchObject({ code: 'VALIDATION_ERROR', details: [{ path: 'body.password' }] });
    expect((await verify({ token: link ?? '', password: CHOSEN_PASSWORD })).statusCode).toBe(200);
    expect((await passwordGrant(OPERATOR_ADDRESS, ATTACKER_PASSWORD)).json().code).toBe('INVALID_CREDENTIALS');
    expect((await passwordGrant(OPERATOR_ADDRESS, CHOSEN_PASSWORD)).statusCode).toBe(200);
  });

  it('an address signed up once by a stranger: its owner opens the unsolicited link in their own browser and chooses the password', async () => {
    const email = uniqueEmail('unsolicited');
    expect((await signUp(email, ATTACKER_PASSWORD)).statusCode).toBe(200);
    const [link = ''] = await verifyLinks(email, 1);
    // The owner's browser never signed up: no cookie, so the link asks, writes nothing, stays usable.
    const bare = await verify({ token: link });
    expect(bare.json()).toMatchObject({ code: 'VALIDATION_ERROR', details: [{ path: 'body.password' }] });
    expect((await passwordGrant(email, ATTACKER_PASSWORD)).json().code).toBe('EMAIL_NOT_CONFIRMED');
    expect((await verify({ token: link, password: CHOSEN_PASSWORD })).statusCode).toBe(200);
    expect((await passwordGrant(email, ATTACKER_PASSWORD)).json().code).toBe('INVALID_CREDENTIALS');
    expect((await passwordGrant(email, CHOSEN_PASSWORD)).statusCode).toBe(200);
  });

  it('the browser that signed up verifies with one click; its cookie is cleared once used', async () => {
    const email = uniqueEmail('once');
    const signedUp = await signUp(email, OWNER_PASSWORD);
    const cookies = signUpCookie(signedUp);
    const setCookie = String(signedUp.headers['set-cookie']);
    expect(setCookie).toContain('Path=/api/v1/auth');
    expect(setCookie).toContain('HttpOnly');
    expect(setCookie).toContain('SameSite=Strict');
    expect(setCookie).toContain(`Max-Age=${24 * 3600}`);
    const [link = ''] = await verifyLinks(email, 1);
    const verified = await verifyIn(cookies, { token: link });
    expect(verified.statusCode, verified.body).toBe(200);
    expect(verified.cookies.find((c) => c.name === 'gr_signup')?.value).toBe('');
    expect((await passwordGrant(email, OWNER_PASSWORD)).statusCode).toBe(200);
  });

  it('a sign-in refused as unverified, with the right password, lets that browser verify with one click', async () => {
    const email = uniqueEmail('elsewhere');
    expect((await signUp(email, OWNER_PASSWORD)).statusCode).toBe(200);
    const [link = ''] = await verifyLinks(email, 1);
    // A wrong password gives no cookie; the right one does, with the refusal.
    const wrong = await passwordGrant(email, ATTACKER_PASSWORD);
    expect(wrong.json().code).toBe('INVALID_CREDENTIALS');
    expect(wrong.cookies.find((c) => c.name === 'gr_signup')).toBeUndefined();
    const refused = await passwordGrant(email, OWNER_PASSWORD);
    expect(refused.json().code).toBe('EMAIL_NOT_CONFIRMED');
    expect((await verifyIn(signUpCookie(refused), { token: link })).statusCode).toBe(200);
  });

  it('a forged cookie, another account’s, or one from before the password changed proves nothing', async () => {
    const other = uniqueEmail('other');
    const othersCookie = signUpCookie(await signUp(other, OWNER_PASSWORD));
    const email = uniqueEmail('forged');
    const own = signUpCookie(await signUp(email, OWNER_PASSWORD));
    const [link = ''] = await verifyLinks(email, 1);
    for (const cookies of [
      othersCookie,
      { gr_signup: 'A'.repeat(43) },
      { gr_signup: `${own.gr_signup}A` },
      { gr_signup: '\u0000' },
      { gr_signup: '' },
    ]) {
      const res = await verifyIn(cookies, { token: link });
      expect(res.statusCode, JSON.stringify(cookies)).toBe(400);
      expect(res.json()).toMatchObject({ code: 'VALIDATION_ERROR', details: [{ path: 'body.password' }] });
    }
    // A password reset since (it verifies the address too, so a new account shows the stale case).
    const stale = uniqueEmail('stale');
    const staleCookie = signUpCookie(await signUp(stale, OWNER_PASSWORD));
    const [staleLink = ''] = await verifyLinks(stale, 1);
    await t.app.db.updateTable('users').set({ password_hash: 'changed' }).where('email', '=', stale).execute();
    expect((await verifyIn(staleCookie, { token: staleLink })).json().details).toEqual([
      expect.objectContaining({ path: 'body.password' }),
    ]);
  });

  it('a contested or operator address asks for the password even in the browser that signed up', async () => {
    const email = uniqueEmail('contested-cookie');
    const attackers = signUpCookie(await signUp(email, ATTACKER_PASSWORD));
    await waitForEmail(t, email, /verify/i);
    const owners = signUpCookie(await signUp(email, OWNER_PASSWORD));
    const [first = '', second = ''] = await verifyLinks(email, 2);
    for (const [cookies, token] of [
      [attackers, first],
      [owners, second],
    ] as const) {
      expect((await verifyIn(cookies, { token })).json()).toMatchObject({ details: [{ path: 'body.password' }] });
    }
    expect((await passwordGrant(email, ATTACKER_PASSWORD)).json().code).toBe('EMAIL_NOT_CONFIRMED');
  });
});
