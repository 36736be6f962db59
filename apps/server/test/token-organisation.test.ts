import { decodeJwt, SignJWT } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ACCESS_TOKEN_AUDIENCE } from '../src/plugins/auth';
import { bearer, randomIp, type SignedUpUser, signUpVerifiedUser } from './factories';
import { invite } from './factories/members';
import { pickProduct, postOrder, recipient } from './factories/orders';
import { createTestApp, TEST_DB, type TestApp } from './helpers';

/**
 * An access token names its session and its organisation (decision 054). One whose `org` claim
 * was changed and re-signed with the instance's AUTH_SECRET names a session that belongs to
 * another organisation: every authenticated route refuses it (the auth plugin checks the claim
 * against the session in the database, in one place), never reading the session's organisation
 * or the claimed one instead.
 */
const AUTH_SECRET = 'a-test-secret-for-token-organisation-binding-0123456789';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ env: { AUTH_SECRET } });
});
afterAll(() => t.close());

/** The token re-signed with the instance's key, its `org` claim replaced. */
async function reSigned(accessToken: string, org: string): Promise<string> {
  const claims = decodeJwt(accessToken);
  return new SignJWT({ ...claims, org })
    .setProtectedHeader({ alg: 'HS256', typ: 'JWT', kid: 'access-token-v1' })
    .setAudience(ACCESS_TOKEN_AUDIENCE)
    .sign(new TextEncoder().encode(t.app.config.authSecret));
}

/** Reads whose query has required fields (checked before the token): a valid one each. */
const REQUIRED_QUERY: Record<string, string> = {
  '/api/v1/balance/statement': '?from=2026-01-01&to=2026-01-31',
  '/api/v1/choice-sets/0b6f2c1e-4d3a-4b8e-9c2f-5a7d1e3b9f40/options': '?amount=10&currency=USD',
  '/api/v1/oauth/authorization':
    '?client_id=c&redirect_uri=https%3A%2F%2Fa.example%2Fcb&response_type=code&code_challenge=x&code_challenge_method=S256&resource=https%3A%2F%2Fa.example%2Fmcp',
};

/** Every GET the API documents for signed-in callers, path parameters filled with a made-up id. */
async function documentedReads(): Promise<string[]> {
  const doc = (await t.app.inject({ url: '/api/openapi.json' })).json() as {
    paths: Record<string, Record<string, { security?: Record<string, unknown>[] }>>;
  };
  return Object.entries(doc.paths)
    .filter(([, ops]) => ops.get?.security?.some((s) => 'bearerAuth' in s))
    .map(([path]) => path.replaceAll(/\{[^}]+\}/g, '0b6f2c1e-4d3a-4b8e-9c2f-5a7d1e3b9f40'))
    .map((path) => path + (REQUIRED_QUERY[path] ?? ''));
}

describe(`an access token's organisation is its session's (${TEST_DB})`, () => {
  let a: SignedUpUser;
  let b: SignedUpUser;
  beforeAll(async () => {
    a = await signUpVerifiedUser(t);
    b = await signUpVerifiedUser(t);
  });

  it('the re-signed token is well made: with its own organisation it reads', async () => {
    const same = await reSigned(a.accessToken, a.organisationId);
    expect((await t.app.inject({ url: '/api/v1/balance', headers: bearer(same) })).statusCode).toBe(200);
  });

  it('with another organisation, every documented read refuses it', async () => {
    const forged = await reSigned(a.accessToken, b.organisationId);
    const reads = await documentedReads();
    expect(reads).toEqual(expect.arrayContaining(['/api/v1/balance', '/api/v1/orders', '/api/v1/auth/user']));
    const answers: string[] = [];
    for (const url of reads) {
      const res = await t.app.inject({ url, headers: bearer(forged), remoteAddress: randomIp() });
      answers.push(`${url}: ${res.statusCode}`);
    }
    // Operator routes answer any non-operator with the 404 of a route that does not exist.
    expect(answers).toEqual(reads.map((url) => `${url}: ${/^\/api\/v1\/operators?(\/|$)/.test(url) ? 404 : 401}`));
  });

  it('with an organisation the person also belongs to, still refused: the session was opened elsewhere', async () => {
    const member = await signUpVerifiedUser(t);
    const { token } = await invite(t, b, member.email, 'viewer');
    const joined = await t.app.inject({
      method: 'POST',
      url: '/api/v1/invitations/accept',
      headers: bearer(member.accessToken),
      payload: { token },
    });
    expect(joined.statusCode, joined.body).toBe(200);
    const forged = await reSigned(member.accessToken, b.organisationId);
    for (const url of ['/api/v1/balance', '/api/v1/orders', '/api/v1/auth/user']) {
      expect((await t.app.inject({ url, headers: bearer(forged) })).statusCode, url).toBe(401);
    }
    // An order, checked by its own statement, refuses it too.
    const product = await pickProduct(t, {});
    const order = await postOrder(
      t,
      forged,
      { product_code: product.code, amount: product.minValue, email: recipient(), quantity: 1 },
      crypto.randomUUID(),
    );
    expect(order.statusCode, order.body).toBe(401);
  });
});
