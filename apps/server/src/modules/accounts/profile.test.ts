import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, randomIp, type SignedUpUser, signUpVerifiedUser } from '../../../test/factories';
import { createTestApp, TEST_DB, type TestApp } from '../../../test/helpers';

/**
 * Profile and security (issue 15, decision 034) through HTTP: the person's name, and their
 * sessions (device, address, last seen), each of which they may end, one or all but this one.
 */
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const FIREFOX = 'Mozilla/5.0 (Windows NT 10.0; Win64; x64; rv:132.0) Gecko/20100101 Firefox/132.0';
const IPHONE =
  'Mozilla/5.0 (iPhone; CPU iPhone OS 18_1 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/18.1 Mobile/15E148 Safari/604.1';

async function signInFrom(user: SignedUpUser, userAgent: string, ip: string): Promise<string> {
  const res = await t.app.inject({
    method: 'POST',
    url: '/api/v1/auth/token?grant_type=password',
    payload: { email: user.email, password: user.password },
    headers: { 'user-agent': userAgent },
    remoteAddress: ip,
  });
  expect(res.statusCode, res.body).toBe(200);
  return res.json().access_token;
}
const sessionsOf = async (token: string) => {
  const res = await t.app.inject({ url: '/api/v1/auth/sessions', headers: bearer(token) });
  expect(res.statusCode, res.body).toBe(200);
  expect(res.headers['cache-control']).toBe('no-store');
  return res.json().data as { id: string; device: string; ip_address: string | null; current: boolean }[];
};
const works = async (token: string) =>
  (await t.app.inject({ url: '/api/v1/auth/user', headers: bearer(token) })).statusCode === 200;

describe(`sessions (${TEST_DB})`, () => {
  it('lists where the person is signed in, with device, address and the current one marked', async () => {
    const user = await signUpVerifiedUser(t);
    const laptop = await signInFrom(user, FIREFOX, '203.0.113.7');
    const phone = await signInFrom(user, IPHONE, '198.51.100.23');
    const sessions = await sessionsOf(laptop);
    const mine = sessions.find((s) => s.current);
    expect(mine).toMatchObject({ device: 'Firefox on Windows', ip_address: '203.0.113.7' });
    expect(sessions.filter((s) => s.current)).toHaveLength(1);
    expect(sessions.find((s) => s.device === 'Safari on iPhone')?.ip_address).toBe('198.51.100.23');
    expect(sessions.length).toBeGreaterThanOrEqual(3);
    expect(sessions[0]).toMatchObject({ organisation: { id: user.organisationId } });
    // Nobody else's sessions, ever.
    const stranger = await signUpVerifiedUser(t);
    const theirs = await sessionsOf(stranger.accessToken);
    expect(theirs.map((s) => s.id)).not.toEqual(expect.arrayContaining([mine?.id]));
    expect(await works(phone)).toBe(true);
  });

  it('ends one session: its tokens stop at once; another person’s, or an ended one, is a 404', async () => {
    const user = await signUpVerifiedUser(t);
    const laptop = await signInFrom(user, FIREFOX, randomIp());
    const phone = await signInFrom(user, IPHONE, randomIp());
    const phoneSession = (await sessionsOf(phone)).find((s) => s.current)?.id as string;
    const res = await t.app.inject({
      method: 'DELETE',
      url: `/api/v1/auth/sessions/${phoneSession}`,
      headers: bearer(laptop),
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(await works(phone)).toBe(false);
    expect(await works(laptop)).toBe(true);
    expect((await sessionsOf(laptop)).map((s) => s.id)).not.toContain(phoneSession);

    const again = await t.app.inject({
      method: 'DELETE',
      url: `/api/v1/auth/sessions/${phoneSession}`,
      headers: bearer(laptop),
    });
    expect(again.statusCode).toBe(404);
    const stranger = await signUpVerifiedUser(t);
    const strangerSession = (await sessionsOf(stranger.accessToken)).find((s) => s.current)?.id as string;
    const theirs = await t.app.inject({
      method: 'DELETE',
      url: `/api/v1/auth/sessions/${strangerSession}`,
      headers: bearer(laptop),
    });
    expect(theirs.statusCode).toBe(404);
    expect(await works(stranger.accessToken)).toBe(true);
    for (const bad of ['not-a-uuid', `${'a'.repeat(300)}`, '%00']) {
      const r = await t.app.inject({ method: 'DELETE', url: `/api/v1/auth/sessions/${bad}`, headers: bearer(laptop) });
      expect(r.statusCode, bad).toBe(400);
      expect(r.json().code).toBe('VALIDATION_ERROR');
    }
  });

  it('ends every other session, and ending the current one signs out', async () => {
    const user = await signUpVerifiedUser(t);
    const laptop = await signInFrom(user, FIREFOX, randomIp());
    const phone = await signInFrom(user, IPHONE, randomIp());
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/v1/auth/sessions/revoke-others',
      headers: bearer(laptop),
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().revoked).toBeGreaterThanOrEqual(2);
    expect(await works(phone)).toBe(false);
    expect(await works(user.accessToken)).toBe(false);
    expect(await works(laptop)).toBe(true);
    expect(await sessionsOf(laptop)).toHaveLength(1);

    const current = (await sessionsOf(laptop))[0]?.id as string;
    const out = await t.app.inject({
      method: 'DELETE',
      url: `/api/v1/auth/sessions/${current}`,
      headers: bearer(laptop),
    });
    expect(out.statusCode).toBe(200);
    expect(await works(laptop)).toBe(false);
  });
});

describe(`profile (${TEST_DB})`, () => {
  it('sets, changes and clears the name', async () => {
    const user = await signUpVerifiedUser(t);
    const patch = (payload: unknown) =>
      t.app.inject({
        method: 'PATCH',
        url: '/api/v1/auth/user',
        headers: bearer(user.accessToken),
        payload: payload as object,
      });
    expect(
      (await t.app.inject({ url: '/api/v1/auth/user', headers: bearer(user.accessToken) })).json().user.name,
    ).toBeNull();
    const set = await patch({ name: '  Ada Lovelace ' });
    expect(set.statusCode, set.body).toBe(200);
    expect(set.json().user).toMatchObject({ name: 'Ada Lovelace', email: user.email });
    expect((await t.app.inject({ url: '/api/v1/auth/user', headers: bearer(user.accessToken) })).json().user.name).toBe(
      'Ada Lovelace',
    );
    expect((await patch({ name: null })).json().user.name).toBeNull();
  });

  it.each([
    [{ name: 'x'.repeat(101) }, 'body.name'],
    [{ name: 'Ada\u0000' }, 'body.name'],
    [{ name: 'Ada\ud800' }, 'body.name'],
    [{ name: 42 }, 'body.name'],
    [{ name: '   ' }, 'body.name'],
    [{}, 'body.name'],
    [{ name: 'Ada', email: 'x@example.com' }, 'body'],
  ])('refuses %j with 400 naming %s, changing nothing', async (payload, field) => {
    const user = await signUpVerifiedUser(t);
    const res = await t.app.inject({
      method: 'PATCH',
      url: '/api/v1/auth/user',
      headers: bearer(user.accessToken),
      payload,
    });
    expect(res.statusCode, res.body).toBe(400);
    expect(res.json().code).toBe('VALIDATION_ERROR');
    expect(res.json().details.map((d: { path: string }) => d.path)).toContain(field);
    expect(
      (await t.app.inject({ url: '/api/v1/auth/user', headers: bearer(user.accessToken) })).json().user.name,
    ).toBeNull();
  });
});
