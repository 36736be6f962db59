import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, randomIp, signIn, signUpVerifiedUser, uniqueEmail, waitForEmail } from '../../../test/factories';
import { createTestApp, TEST_DB, type TestApp } from '../../../test/helpers';

/**
 * Changing one's address (issue 15, decision 037): the password again, a link to the new address,
 * the change when it is opened, the old address told twice. An address with an account of its own
 * is not revealed to the asker.
 */
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const ask = (token: string, payload: object) =>
  t.app.inject({
    method: 'POST',
    url: '/api/v1/auth/email',
    payload,
    headers: bearer(token),
    remoteAddress: randomIp(),
  });
const confirm = (token: string) =>
  t.app.inject({ method: 'POST', url: '/api/v1/auth/email/confirm', payload: { token }, remoteAddress: randomIp() });
const linkIn = (text: string) => {
  const match = text.match(/https?:\/\/\S+\/confirm-email\/([A-Za-z0-9_-]+)/);
  if (!match?.[1]) throw new Error(`no confirm-email link in:\n${text}`);
  return match[1];
};

describe(`changing the email address (${TEST_DB})`, () => {
  it('changes when the link sent to the new address is opened; the old one is told and stops signing in', async () => {
    const user = await signUpVerifiedUser(t);
    const next = uniqueEmail('moved');
    const res = await ask(user.accessToken, { email: `  ${next.toUpperCase()} `, current_password: user.password });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().message).toBe(`We sent a link to ${next}. Open it to confirm your new address.`);
    // Nothing has changed yet.
    expect(
      (await t.app.inject({ url: '/api/v1/auth/user', headers: bearer(user.accessToken) })).json().user.email,
    ).toBe(user.email);
    const notice = await waitForEmail(t, user.email, /change of your GiftRelay email was requested/);
    expect(notice.text).toContain(next);
    const token = linkIn((await waitForEmail(t, next, /Confirm your new email/)).text);

    const done = await confirm(token);
    expect(done.statusCode, done.body).toBe(200);
    expect(done.json()).toEqual({ success: true, message: `Your email address is now ${next}.`, email: next });
    await waitForEmail(t, user.email, /Your GiftRelay email was changed/);

    // The session goes on with the new address; the new one signs in, the old one no longer does.
    const me = (await t.app.inject({ url: '/api/v1/auth/user', headers: bearer(user.accessToken) })).json().user;
    expect(me).toMatchObject({ email: next, email_confirmed_at: expect.any(String) });
    expect((await signIn(t, next, user.password)).user.email).toBe(next);
    const old = await t.app.inject({
      method: 'POST',
      url: '/api/v1/auth/token?grant_type=password',
      payload: { email: user.email, password: user.password },
      remoteAddress: randomIp(),
    });
    expect(old.json().code).toBe('INVALID_CREDENTIALS');

    const again = await confirm(token);
    expect(again.json()).toMatchObject({ code: 'INVALID_LINK', error: 'This link has already been used.' });
    const audit = await t.app.inject({
      url: '/api/v1/audit-events?action=auth.email_changed',
      headers: bearer(user.accessToken),
    });
    expect(audit.json().data[0]).toMatchObject({ detail: { from: user.email, to: next } });
  });

  it('confirming the change ends every other session of the person; the one that asked goes on', async () => {
    const user = await signUpVerifiedUser(t);
    const elsewhere = await signIn(t, user.email, user.password);
    const me = (token: string) => t.app.inject({ url: '/api/v1/auth/user', headers: bearer(token) });
    const next = uniqueEmail('moved');
    expect((await ask(user.accessToken, { email: next, current_password: user.password })).statusCode).toBe(200);
    // Asking changes nothing yet.
    expect((await me(elsewhere.access_token)).statusCode).toBe(200);
    expect((await confirm(linkIn((await waitForEmail(t, next, /Confirm your new email/)).text))).statusCode).toBe(200);
    expect((await me(elsewhere.access_token)).statusCode).toBe(401);
    const refresh = await t.app.inject({
      method: 'POST',
      url: '/api/v1/auth/token?grant_type=refresh_token',
      payload: { refresh_token: elsewhere.refresh_token },
      remoteAddress: randomIp(),
    });
    expect(refresh.statusCode).toBe(401);
    expect((await me(user.accessToken)).json().user.email).toBe(next);
  });

  it('does not reveal that the new address has an account; its owner is told instead', async () => {
    const user = await signUpVerifiedUser(t);
    const other = await signUpVerifiedUser(t);
    const res = await ask(user.accessToken, { email: other.email, current_password: user.password });
    expect(res.statusCode).toBe(200);
    expect(res.json().message).toBe(`We sent a link to ${other.email}. Open it to confirm your new address.`);
    const told = await waitForEmail(t, other.email, /offered for another GiftRelay account/);
    expect(told.text).not.toMatch(/confirm-email/);
    const { rows } = await sql<{ n: number }>`
      SELECT count(*)::int AS n FROM auth_email_tokens WHERE user_id = ${user.user.id} AND purpose = 'change_email'`.execute(
      t.app.db,
    );
    expect(rows[0]?.n).toBe(0);
  });

  it('refuses the address if another account took it before the link was opened', async () => {
    const user = await signUpVerifiedUser(t);
    const next = uniqueEmail('contested');
    await ask(user.accessToken, { email: next, current_password: user.password });
    const token = linkIn((await waitForEmail(t, next, /Confirm your new email/)).text);
    await signUpVerifiedUser(t, { email: next });
    const res = await confirm(token);
    expect(res.statusCode).toBe(409);
    expect(res.json().code).toBe('CONFLICT');
    const me = (await t.app.inject({ url: '/api/v1/auth/user', headers: bearer(user.accessToken) })).json().user;
    expect(me.email).toBe(user.email);
  });

  it('refuses a wrong password, its own address, bad addresses, and expired or made-up links', async () => {
    const user = await signUpVerifiedUser(t);
    const wrong = await ask(user.accessToken, { email: uniqueEmail(), current_password: 'not-the-Password-1' });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json()).toMatchObject({ code: 'INVALID_CREDENTIALS', details: [{ path: 'body.current_password' }] });
    const same = await ask(user.accessToken, { email: user.email, current_password: user.password });
    expect(same.json()).toMatchObject({ code: 'VALIDATION_ERROR', details: [{ path: 'body.email' }] });
    for (const email of ['not-an-address', `${'a'.repeat(250)}@example.com`, 'a\u0000b@example.com', 42, '']) {
      const res = await ask(user.accessToken, { email, current_password: user.password });
      expect(res.statusCode, JSON.stringify(email)).toBe(400);
      expect(res.json().code).toBe('VALIDATION_ERROR');
    }
    const extra = await ask(user.accessToken, { email: uniqueEmail(), current_password: user.password, role: 'owner' });
    expect(extra.statusCode).toBe(400);

    const next = uniqueEmail('late');
    await ask(user.accessToken, { email: next, current_password: user.password });
    const token = linkIn((await waitForEmail(t, next, /Confirm your new email/)).text);
    await sql`UPDATE auth_email_tokens SET expires_at = now() - interval '1 second' WHERE user_id = ${user.user.id} AND purpose = 'change_email'`.execute(
      t.app.db,
    );
    expect((await confirm(token)).json().code).toBe('LINK_EXPIRED');
    expect((await confirm('a'.repeat(43))).json().code).toBe('INVALID_LINK');
    expect((await confirm('not a token')).json().code).toBe('VALIDATION_ERROR');
    // A verification or reset link is not an email-change link.
    expect(
      (await t.app.inject({ url: '/api/v1/auth/user', headers: bearer(user.accessToken) })).json().user.email,
    ).toBe(user.email);
  });
});

describe(`an operator's address is not one to move an account to (${TEST_DB})`, () => {
  const OPS = 'ops-desk@operators.example.com';
  let ops: TestApp;
  beforeAll(async () => {
    ops = await createTestApp({ env: { OPERATOR_EMAILS: OPS } });
  });
  afterAll(() => ops.close());

  it('refuses the change before any link is sent: its owner would make the asker an operator by opening it', async () => {
    const user = await signUpVerifiedUser(ops);
    const res = await ops.app.inject({
      method: 'POST',
      url: '/api/v1/auth/email',
      payload: { email: OPS.toUpperCase(), current_password: user.password },
      headers: bearer(user.accessToken),
      remoteAddress: randomIp(),
    });
    expect(res.statusCode, res.body).toBe(400);
    expect(res.json()).toMatchObject({ code: 'VALIDATION_ERROR', details: [{ path: 'body.email' }] });
    const { rows } = await sql<{ n: number }>`
      SELECT count(*)::int AS n FROM auth_email_tokens WHERE user_id = ${user.user.id} AND purpose = 'change_email'`.execute(
      ops.app.db,
    );
    expect(rows[0]?.n).toBe(0);
    const mailbox = await ops.app.inject({ url: `/api/mailbox?to=${encodeURIComponent(OPS)}` });
    expect(mailbox.json().messages).toEqual([]);
  });
});
