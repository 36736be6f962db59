import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  bearer,
  linkToken,
  randomIp,
  type SignedUpUser,
  signIn,
  signUpVerifiedUser,
  uniqueEmail,
  waitForEmail,
} from '../../../test/factories';
import { invite, joinAs } from '../../../test/factories/members';
import { pickProduct, postOrder, recipient } from '../../../test/factories/orders';
import { createTestApp, eventually, TEST_DB, type TestApp } from '../../../test/helpers';

let t: TestApp;
let owner: SignedUpUser;
beforeAll(async () => {
  t = await createTestApp();
  owner = await signUpVerifiedUser(t);
});
afterAll(() => t.close());

const call = (method: 'GET' | 'POST' | 'PATCH' | 'DELETE', url: string, token: string | null, payload?: object) =>
  t.app.inject({ method, url, headers: token ? bearer(token) : {}, payload, remoteAddress: randomIp() });
const auditActions = async (organisationId: string) =>
  (
    await t.app.db
      .selectFrom('audit_events')
      .select(['action', 'detail'])
      .where('organisation_id', '=', organisationId)
      .orderBy('id')
      .execute()
  ).map((r) => r.action);

describe(`Invitations (${TEST_DB})`, () => {
  it('invites by email, stores only a hash, and a new person joins with a password, verified', async () => {
    const email = uniqueEmail('Joiner').toUpperCase();
    const res = await call('POST', '/api/v1/invitations', owner.accessToken, { email, role: 'sender' });
    expect(res.statusCode, res.body).toBe(201);
    const invitation = res.json().invitation;
    expect(invitation).toMatchObject({ email: email.toLowerCase(), role: 'sender', status: 'pending' });
    expect(invitation.invited_by).toMatchObject({ id: owner.user.id, email: owner.email });
    const days = (Date.parse(invitation.expires_at) - Date.parse(invitation.created_at)) / 86_400_000;
    expect(Math.round(days)).toBe(7);

    const message = await waitForEmail(t, email.toLowerCase(), /invited/i);
    const token = linkToken(message, '/invitations/');
    const row = await t.app.db
      .selectFrom('invitations')
      .selectAll()
      .where('id', '=', invitation.id)
      .executeTakeFirstOrThrow();
    expect(Buffer.from(row.token_hash).toString('base64url')).not.toBe(token);
    expect(JSON.stringify(row)).not.toContain(token);

    const preview = await call('POST', '/api/v1/invitations/inspect', null, { token });
    expect(preview.json()).toMatchObject({ email: email.toLowerCase(), role: 'sender', has_account: false });

    const weak = await call('POST', '/api/v1/invitations/accept-new', null, { token, password: '123456' });
    expect(weak.json().code).toBe('WEAK_PASSWORD');
    const accepted = await call('POST', '/api/v1/invitations/accept-new', null, {
      token,
      password: 'violet-Harbour-42',
    });
    expect(accepted.statusCode, accepted.body).toBe(200);
    expect(accepted.json()).toMatchObject({ organisation_id: owner.organisationId, role: 'sender' });

    const session = await signIn(t, email, 'violet-Harbour-42');
    expect(session.user).toMatchObject({ role: 'sender', organisation: { id: owner.organisationId } });
    expect(session.user.email_confirmed_at).not.toBeNull();

    const reused = await call('POST', '/api/v1/invitations/accept-new', null, { token, password: 'violet-Harbour-42' });
    expect(reused.statusCode).toBe(400);
    expect(reused.json().code).toBe('INVALID_LINK');
    const actions = await auditActions(owner.organisationId);
    expect(actions).toEqual(expect.arrayContaining(['member.invited', 'member.joined']));
  });

  it('refuses expired, revoked, replaced and made-up links; resending gives a new link and kills the old', async () => {
    const email = uniqueEmail('late');
    const first = await invite(t, owner, email, 'viewer');
    await t.app.db
      .updateTable('invitations')
      .set({ expires_at: sql`now() - interval '1 second'` })
      .where('id', '=', first.id)
      .execute();
    const expired = await call('POST', '/api/v1/invitations/inspect', null, { token: first.token });
    expect(expired.json().code).toBe('LINK_EXPIRED');
    const listed = await call('GET', '/api/v1/invitations', owner.accessToken);
    expect(listed.json().data.find((i: { id: string }) => i.id === first.id)).toMatchObject({ status: 'expired' });

    const resent = await call('POST', `/api/v1/invitations/${first.id}/resend`, owner.accessToken);
    expect(resent.statusCode, resent.body).toBe(200);
    expect(resent.json().invitation.status).toBe('pending');
    // The resent email is queued: wait for it beside the first.
    const mails = await eventually(async () => {
      const messages = (await t.app.inject({ url: `/api/mailbox?to=${encodeURIComponent(email)}` })).json().messages;
      return messages.length === 2 ? messages : undefined;
    });
    const tokens = mails.map((m: { text: string }) => linkToken(m, '/invitations/'));
    const fresh = tokens.find((x: string) => x !== first.token);
    const old = await call('POST', '/api/v1/invitations/inspect', null, { token: first.token });
    expect(old.json().code).toBe('INVALID_LINK');
    expect((await call('POST', '/api/v1/invitations/inspect', null, { token: fresh })).statusCode).toBe(200);

    const revoked = await call('DELETE', `/api/v1/invitations/${first.id}`, owner.accessToken);
    expect(revoked.statusCode).toBe(200);
    const afterRevoke = await call('POST', '/api/v1/invitations/accept-new', null, {
      token: fresh,
      password: 'violet-Harbour-42',
    });
    expect(afterRevoke.json().code).toBe('INVALID_LINK');
    expect((await call('DELETE', `/api/v1/invitations/${first.id}`, owner.accessToken)).statusCode).toBe(404);

    const madeUp = await call('POST', '/api/v1/invitations/inspect', null, { token: 'x'.repeat(43) });
    expect(madeUp.json().code).toBe('INVALID_LINK');
    expect(await auditActions(owner.organisationId)).toEqual(
      expect.arrayContaining(['invitation.resent', 'invitation.revoked']),
    );
  });

  it('refuses bad input naming the field, and an address already a member', async () => {
    const cases: [object, string][] = [
      [{ email: 'not-an-email', role: 'sender' }, 'body.email'],
      [{ email: uniqueEmail(), role: 'owner' }, 'body.role'],
      [{ email: `a\u0000${uniqueEmail()}`, role: 'viewer' }, 'body.email'],
      [{ email: uniqueEmail(), role: 7 }, 'body.role'],
    ];
    for (const [payload, field] of cases) {
      const res = await call('POST', '/api/v1/invitations', owner.accessToken, payload);
      expect(res.statusCode, JSON.stringify(payload)).toBe(400);
      expect(JSON.stringify(res.json().details)).toContain(field);
    }
    const self = await call('POST', '/api/v1/invitations', owner.accessToken, { email: owner.email, role: 'admin' });
    expect(self.statusCode).toBe(409);
    const badToken = await call('POST', '/api/v1/invitations/inspect', null, { token: 'a/b' });
    expect(badToken.statusCode).toBe(400);
  });

  it('an existing user signs in and accepts an invitation to their own address only, then switches', async () => {
    const existing = await signUpVerifiedUser(t);
    const stranger = await signUpVerifiedUser(t);
    const { token } = await invite(t, owner, existing.email, 'viewer');
    const preview = await call('POST', '/api/v1/invitations/inspect', null, { token });
    expect(preview.json().has_account).toBe(true);
    const asNew = await call('POST', '/api/v1/invitations/accept-new', null, { token, password: 'violet-Harbour-42' });
    expect(asNew.statusCode).toBe(409);
    const wrong = await call('POST', '/api/v1/invitations/accept', stranger.accessToken, { token });
    expect(wrong.statusCode).toBe(403);
    const ok = await call('POST', '/api/v1/invitations/accept', existing.accessToken, { token });
    expect(ok.statusCode, ok.body).toBe(200);

    const orgs = await call('GET', '/api/v1/auth/organisations', existing.accessToken);
    expect(orgs.json().data).toEqual([
      expect.objectContaining({ id: existing.organisationId, role: 'owner', current: true }),
      expect.objectContaining({ id: owner.organisationId, role: 'viewer', current: false }),
    ]);
    const elsewhere = await call('POST', '/api/v1/auth/switch', existing.accessToken, {
      organisation_id: stranger.organisationId,
    });
    expect(elsewhere.statusCode).toBe(404);
    const switched = await call('POST', '/api/v1/auth/switch', existing.accessToken, {
      organisation_id: owner.organisationId,
    });
    expect(switched.statusCode, switched.body).toBe(200);
    const session = switched.json();
    expect(session.user).toMatchObject({ role: 'viewer', organisation: { id: owner.organisationId } });
    // The old session ended; the new one reads the other organisation's orders.
    expect((await call('GET', '/api/v1/orders', existing.accessToken)).statusCode).toBe(401);
    expect((await call('GET', '/api/v1/orders', session.access_token)).statusCode).toBe(200);
    // Sign-in opens the organisation used last.
    const again = await signIn(t, existing.email, existing.password);
    expect(again.user.organisation.id).toBe(owner.organisationId);
  });
});

describe(`Members and roles (${TEST_DB})`, () => {
  it('lists members; admins change roles but never touch owners; owners keep at least one owner', async () => {
    const org = await signUpVerifiedUser(t);
    const admin = await joinAs(t, org, 'admin');
    const sender = await joinAs(t, org, 'sender');
    const list = await call('GET', '/api/v1/members', org.accessToken);
    expect(list.json().data.map((m: { role: string }) => m.role)).toEqual(['owner', 'admin', 'sender']);

    const toViewer = await call('PATCH', `/api/v1/members/${sender.user.id}`, admin.accessToken, { role: 'viewer' });
    expect(toViewer.json().member).toMatchObject({ role: 'viewer' });
    const product = await pickProduct(t);
    const order = { product_code: product.code, amount: 25, email: recipient(), quantity: 1 };
    const refused = await postOrder(t, sender.accessToken, order);
    expect(refused.statusCode, refused.body).toBe(403);
    expect(refused.json().error).toMatch(/viewer/);

    const adminOnOwner = await call('PATCH', `/api/v1/members/${org.user.id}`, admin.accessToken, { role: 'viewer' });
    expect(adminOnOwner.statusCode).toBe(403);
    const adminMakesOwner = await call('PATCH', `/api/v1/members/${admin.user.id}`, admin.accessToken, {
      role: 'owner',
    });
    expect(adminMakesOwner.statusCode).toBe(403);
    const lastOwner = await call('PATCH', `/api/v1/members/${org.user.id}`, org.accessToken, { role: 'admin' });
    expect(lastOwner.statusCode).toBe(409);
    const removeLast = await call('DELETE', `/api/v1/members/${org.user.id}`, org.accessToken);
    expect(removeLast.statusCode).toBe(409);
    const badRole = await call('PATCH', `/api/v1/members/${admin.user.id}`, org.accessToken, { role: 'member' });
    expect(badRole.statusCode).toBe(400);
    expect(JSON.stringify(badRole.json().details)).toContain('body.role');
    const badId = await call('PATCH', '/api/v1/members/nope', org.accessToken, { role: 'viewer' });
    expect(JSON.stringify(badId.json().details)).toContain('params.user_id');
    expect(await auditActions(org.organisationId)).toContain('member.role_changed');
  });

  it('transfers ownership: the new owner is owner, the former one an admin', async () => {
    const org = await signUpVerifiedUser(t);
    const admin = await joinAs(t, org, 'admin');
    expect(
      (await call('POST', '/api/v1/members/transfer-ownership', admin.accessToken, { user_id: admin.user.id }))
        .statusCode,
    ).toBe(403);
    const self = await call('POST', '/api/v1/members/transfer-ownership', org.accessToken, { user_id: org.user.id });
    expect(self.statusCode).toBe(400);
    const res = await call('POST', '/api/v1/members/transfer-ownership', org.accessToken, { user_id: admin.user.id });
    expect(res.statusCode, res.body).toBe(200);
    const roles = Object.fromEntries(
      res.json().data.map((m: { user_id: string; role: string }) => [m.user_id, m.role]),
    );
    expect(roles).toEqual({ [admin.user.id]: 'owner', [org.user.id]: 'admin' });
    expect(await auditActions(org.organisationId)).toContain('ownership.transferred');
    // The former owner's role changed under their live session.
    expect(
      (await call('POST', '/api/v1/members/transfer-ownership', org.accessToken, { user_id: admin.user.id }))
        .statusCode,
    ).toBe(403);
  });

  it('removing a member ends their sessions in the organisation at once, refresh included', async () => {
    const org = await signUpVerifiedUser(t);
    const sender = await joinAs(t, org, 'sender');
    expect((await call('GET', '/api/v1/orders', sender.accessToken)).statusCode).toBe(200);
    const removed = await call('DELETE', `/api/v1/members/${sender.user.id}`, org.accessToken);
    expect(removed.statusCode, removed.body).toBe(200);
    expect((await call('GET', '/api/v1/orders', sender.accessToken)).statusCode).toBe(401);
    const refresh = await t.app.inject({
      method: 'POST',
      url: '/api/v1/auth/token?grant_type=refresh_token',
      payload: { refresh_token: sender.refreshToken },
    });
    expect(refresh.statusCode).toBe(401);
    const sessions = await t.app.db
      .selectFrom('auth_sessions')
      .select('revoked_reason')
      .where('user_id', '=', sender.user.id)
      .where('organisation_id', '=', org.organisationId)
      .execute();
    expect(sessions.map((s) => s.revoked_reason)).toEqual(['membership_ended']);
    expect(await auditActions(org.organisationId)).toContain('member.removed');
    // The removed person cannot sign in to an organisation: they belong to none.
    const signIn = await t.app.inject({
      method: 'POST',
      url: '/api/v1/auth/token?grant_type=password',
      payload: { email: sender.email, password: sender.password },
      remoteAddress: randomIp(),
    });
    expect(signIn.statusCode).toBe(400);
  });

  it.runIf(TEST_DB === 'postgres')('two owners demoting each other at once leave one owner', async () => {
    for (let round = 0; round < 3; round++) {
      const org = await signUpVerifiedUser(t);
      const second = await joinAs(t, org, 'admin');
      await call('PATCH', `/api/v1/members/${second.user.id}`, org.accessToken, { role: 'owner' });
      const [a, b] = await Promise.all([
        call('PATCH', `/api/v1/members/${second.user.id}`, org.accessToken, { role: 'admin' }),
        call('PATCH', `/api/v1/members/${org.user.id}`, second.accessToken, { role: 'admin' }),
      ]);
      // The second, seeing the first's change under the lock, is refused: 409 (no owner would be
      // left) or 403 (its caller is no longer an owner).
      const statuses = [a.statusCode, b.statusCode].sort();
      expect(statuses[0]).toBe(200);
      expect([403, 409]).toContain(statuses[1]);
      const owners = await t.app.db
        .selectFrom('memberships')
        .select('user_id')
        .where('organisation_id', '=', org.organisationId)
        .where('role', '=', 'owner')
        .execute();
      expect(owners).toHaveLength(1);
    }
  });
});
