import { createHash } from 'node:crypto';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, randomIp, type SignedUpUser, signUpVerifiedUser } from '../../../test/factories';
import { createTestApp, TEST_DB, type TestApp } from '../../../test/helpers';
import { prepareOperatorBootstrap } from './bootstrap';

/**
 * The first operator of a production instance without OPERATOR_EMAILS (issue 29, decision 056):
 * a one-time token printed at start, redeemed once by a signed-in verified account. The tests'
 * app runs with APP_ENV=test, so the production mode is set on its configuration directly.
 */
const redeem = (t: TestApp, token: string | undefined, body: unknown, remoteAddress = randomIp()) =>
  t.app.inject({
    method: 'POST',
    url: '/api/v1/operator/bootstrap',
    headers: token ? bearer(token) : {},
    payload: body as object,
    remoteAddress,
  });
const isOperator = async (t: TestApp, user: SignedUpUser) =>
  (await t.app.inject({ url: '/api/v1/operator', headers: bearer(user.accessToken) })).statusCode === 200;
const sha256 = (s: string) => createHash('sha256').update(s).digest();

describe(`the first-operator token (${TEST_DB})`, () => {
  let t: TestApp;
  let first: SignedUpUser;
  beforeAll(async () => {
    t = await createTestApp({ config: { operatorBootstrap: 'token' } });
    first = await signUpVerifiedUser(t);
  });
  afterAll(() => t.close());

  it('makes no operator of the first verified account in production', async () => {
    expect(await isOperator(t, first)).toBe(false);
    expect(await t.database.db.selectFrom('platform_operators').select('user_id').execute()).toEqual([]);
  });

  it('keeps only the hash of the token, and a new start replaces an unredeemed token', async () => {
    const old = await prepareOperatorBootstrap(t.database.db, t.app.config);
    const token = await prepareOperatorBootstrap(t.database.db, t.app.config);
    expect(old).toMatch(/^grop_[A-Za-z0-9_-]{43}$/);
    expect(token).toMatch(/^grop_[A-Za-z0-9_-]{43}$/);
    expect(token).not.toBe(old);
    const rows = await t.database.db.selectFrom('operator_bootstrap_tokens').selectAll().execute();
    expect(rows).toHaveLength(1);
    expect(Buffer.from(rows[0]?.token_hash ?? []).equals(sha256(token as string))).toBe(true);
    const dump = JSON.stringify(rows);
    expect(dump).not.toContain((token as string).slice(5));

    // The previous start's token is no longer valid.
    const stale = await redeem(t, first.accessToken, { token: old });
    expect(stale.statusCode).toBe(400);
    expect(stale.json()).toMatchObject({ success: false, code: 'INVALID_CODE' });
    expect(await isOperator(t, first)).toBe(false);
  });

  it('refuses the signed out, API keys, unverified accounts, wrong tokens and bad bodies', async () => {
    const token = (await prepareOperatorBootstrap(t.database.db, t.app.config)) as string;
    const someone = await signUpVerifiedUser(t);
    expect((await redeem(t, undefined, { token })).statusCode).toBe(401);
    const key = await t.app.inject({
      method: 'POST',
      url: '/api/v1/api-keys',
      headers: bearer(someone.accessToken),
      payload: { name: 'Ops', scopes: 'full' },
    });
    expect((await redeem(t, key.json().key, { token })).statusCode).toBe(403);
    // An account whose address is not (or no longer) verified, with a session still alive.
    await sql`UPDATE users SET email_verified_at = NULL WHERE id = ${someone.user.id}`.execute(t.database.db);
    const unverified = await redeem(t, someone.accessToken, { token });
    expect(unverified.statusCode).toBe(403);
    expect(unverified.json().code).toBe('EMAIL_NOT_CONFIRMED');
    await sql`UPDATE users SET email_verified_at = now() WHERE id = ${someone.user.id}`.execute(t.database.db);

    for (const body of [{ token: `${token}x` }, { token: token.toUpperCase() }, { token: 'grop_' }]) {
      const res = await redeem(t, someone.accessToken, body);
      expect(res.statusCode).toBe(400);
      expect(res.json().code).toBe('INVALID_CODE');
    }
    for (const body of [{}, { token: '' }, { token: 42 }, { token, extra: 1 }, { token: 'x'.repeat(201) }]) {
      const res = await redeem(t, someone.accessToken, body);
      expect(res.statusCode).toBe(400);
      expect(res.json().code).toBe('VALIDATION_ERROR');
    }
    expect(await isOperator(t, someone)).toBe(false);
    // Still redeemable: none of these used it.
    const row = await t.database.db.selectFrom('operator_bootstrap_tokens').selectAll().executeTakeFirstOrThrow();
    expect(row.redeemed_at).toBeNull();
  });

  it('rate-limits attempts per account', async () => {
    const guesser = await signUpVerifiedUser(t);
    const codes: number[] = [];
    for (let i = 0; i < 6; i++)
      codes.push((await redeem(t, guesser.accessToken, { token: `grop_guess${i}` })).statusCode);
    expect(codes).toEqual([400, 400, 400, 400, 400, 429]);
  });

  it('makes the redeemer the first operator once, with a line in the audit log; then the token is spent', async () => {
    const token = (await prepareOperatorBootstrap(t.database.db, t.app.config)) as string;
    const ip = randomIp();
    const res = await redeem(t, first.accessToken, { token: ` ${token} ` }, ip);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({ success: true, operator: true });
    expect(await isOperator(t, first)).toBe(true);

    const row = await t.database.db.selectFrom('operator_bootstrap_tokens').selectAll().executeTakeFirstOrThrow();
    expect(row).toMatchObject({ redeemed_by: first.user.id, redeemed_ip: ip });
    expect(row.redeemed_at).toBeInstanceOf(Date);
    const audit = await t.app.inject({
      url: '/api/v1/audit-events?action=auth.operator_bootstrap_redeemed',
      headers: bearer(first.accessToken),
    });
    expect(audit.json().data).toEqual([
      expect.objectContaining({
        action: 'auth.operator_bootstrap_redeemed',
        actor: expect.objectContaining({ id: first.user.id }),
        detail: { ip },
      }),
    ]);

    // Single use: not again, not by anyone else.
    const other = await signUpVerifiedUser(t);
    expect((await redeem(t, other.accessToken, { token })).json().code).toBe('INVALID_CODE');
    expect(await isOperator(t, other)).toBe(false);
    // A start with an operator prints nothing, and forgets no redeemed record.
    expect(await prepareOperatorBootstrap(t.database.db, t.app.config)).toBeNull();
    expect(await t.database.db.selectFrom('operator_bootstrap_tokens').select('redeemed_by').execute()).toEqual([
      { redeemed_by: first.user.id },
    ]);
  });
});

describe(`the first-operator token elsewhere (${TEST_DB})`, () => {
  it('is neither printed nor redeemable with OPERATOR_EMAILS, and a token left from before is forgotten', async () => {
    const t = await createTestApp({ env: { OPERATOR_EMAILS: 'ops@x.test' } });
    try {
      const evil = await signUpVerifiedUser(t, { email: 'evil@x.test' });
      const token = 'grop_left-over-from-a-start-without-OPERATOR_EMAILS';
      await t.database.db
        .insertInto('operator_bootstrap_tokens')
        .values({ token_hash: sha256(token) })
        .execute();
      expect((await redeem(t, evil.accessToken, { token })).json().code).toBe('INVALID_CODE');
      expect(await prepareOperatorBootstrap(t.database.db, t.app.config)).toBeNull();
      expect(await t.database.db.selectFrom('operator_bootstrap_tokens').select('token_hash').execute()).toEqual([]);
      expect(await isOperator(t, evil)).toBe(false);
    } finally {
      await t.close();
    }
  });
});

describe(`redeemers racing (${TEST_DB}; concurrent on PostgreSQL)`, () => {
  it('two accounts redeeming the one token at once make one operator', async () => {
    const t = await createTestApp({ config: { operatorBootstrap: 'token' } });
    try {
      const people = await Promise.all([1, 2, 3, 4].map(() => signUpVerifiedUser(t)));
      const token = (await prepareOperatorBootstrap(t.database.db, t.app.config)) as string;
      const answers = await Promise.all(people.map((p) => redeem(t, p.accessToken, { token })));
      expect(answers.map((a) => a.statusCode).sort()).toEqual([200, 400, 400, 400]);
      const operators = await t.database.db.selectFrom('platform_operators').select('user_id').execute();
      const winner = people[answers.findIndex((a) => a.statusCode === 200)];
      expect(operators).toEqual([{ user_id: winner?.user.id }]);
    } finally {
      await t.close();
    }
  });
});
