import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, type SignedUpUser, signUpVerifiedUser } from '../../../test/factories';
import { joinAs } from '../../../test/factories/members';
import { createTestApp, TEST_DB, type TestApp } from '../../../test/helpers';

/**
 * Choice sets (issue 32, decision 080) through HTTP into the database: a list or a rule, what each
 * offers at a value, the roles and API key scopes, another organisation's sets as absent as
 * missing ones, and bad input refused with nothing written.
 */
let t: TestApp;
let owner: SignedUpUser;
let codes: string[];
let gbp: string;
beforeAll(async () => {
  t = await createTestApp();
  owner = await signUpVerifiedUser(t);
  const usd = (await t.app.inject({ url: '/api/v1/products?currency=USD&country=US&limit=100' })).json().products as {
    code: string;
    minValue: number;
    maxValue: number;
    denominations: number[] | null;
  }[];
  codes = usd.filter((p) => !p.denominations && p.minValue <= 25 && p.maxValue >= 25).map((p) => p.code);
  gbp = (await t.app.inject({ url: '/api/v1/products?currency=GBP&limit=1' })).json().products[0].code;
});
afterAll(() => t.close());

const call = (token: string, method: 'GET' | 'POST' | 'PATCH' | 'DELETE', url: string, payload?: object) =>
  t.app.inject({ method, url, headers: bearer(token), payload });
const count = async (organisationId: string) =>
  (
    await t.database.db
      .selectFrom('choice_sets')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where('organisation_id', '=', organisationId)
      .executeTakeFirstOrThrow()
  ).n;

describe(`Choice sets (${TEST_DB})`, () => {
  it('saves a list and a rule, lists them newest first, and says what each offers at a value', async () => {
    const list = await call(owner.accessToken, 'POST', '/api/v1/choice-sets', {
      name: '  Coffee  ',
      product_codes: codes.slice(0, 3),
    });
    expect(list.statusCode, list.body).toBe(201);
    expect(list.json().choice_set).toMatchObject({ name: 'Coffee', product_codes: codes.slice(0, 3), rule: null });
    const rule = await call(owner.accessToken, 'POST', '/api/v1/choice-sets', {
      name: 'Anything in the US',
      rule: { country: 'us', currency: 'usd' },
    });
    expect(rule.statusCode, rule.body).toBe(201);
    expect(rule.json().choice_set).toMatchObject({ product_codes: null, rule: { country: 'US', currency: 'USD' } });

    const page = await call(owner.accessToken, 'GET', '/api/v1/choice-sets?limit=1');
    expect(page.json().data.map((s: { id: string }) => s.id)).toEqual([rule.json().choice_set.id]);
    const next = await call(owner.accessToken, 'GET', `/api/v1/choice-sets?limit=1&cursor=${page.json().next_cursor}`);
    expect(next.json().data.map((s: { id: string }) => s.id)).toEqual([list.json().choice_set.id]);

    const offered = await call(
      owner.accessToken,
      'GET',
      `/api/v1/choice-sets/${rule.json().choice_set.id}/options?amount=25&currency=USD`,
    );
    expect(offered.statusCode, offered.body).toBe(200);
    const options = offered.json().options as { code: string; logo: string; available: boolean }[];
    expect(options.map((o) => o.code)).toEqual(expect.arrayContaining(codes.slice(0, 3)));
    expect(options.every((o) => o.available && o.logo.endsWith('/logo.svg'))).toBe(true);
    // In another currency the rule offers nothing: an empty list is an answer.
    const none = await call(
      owner.accessToken,
      'GET',
      `/api/v1/choice-sets/${rule.json().choice_set.id}/options?amount=25&currency=GBP`,
    );
    expect(none.json().options).toEqual([]);

    // A change of form replaces the other; a rename keeps it.
    const id = list.json().choice_set.id;
    const changed = await call(owner.accessToken, 'PATCH', `/api/v1/choice-sets/${id}`, {
      rule: { category: 'Retail' },
    });
    expect(changed.json().choice_set).toMatchObject({ product_codes: null, rule: { category: 'Retail' } });
    const renamed = await call(owner.accessToken, 'PATCH', `/api/v1/choice-sets/${id}`, { name: 'Shops' });
    expect(renamed.json().choice_set).toMatchObject({ name: 'Shops', rule: { category: 'Retail' } });
    expect((await call(owner.accessToken, 'DELETE', `/api/v1/choice-sets/${id}`)).statusCode).toBe(200);
    expect((await call(owner.accessToken, 'GET', `/api/v1/choice-sets/${id}`)).json().code).toBe(
      'CHOICE_SET_NOT_FOUND',
    );
  });

  it('refuses bad input with a code naming the field, and writes nothing', async () => {
    const before = await count(owner.organisationId);
    const cases: [object, number, string, string][] = [
      [{ name: 'Both', product_codes: [codes[0]], rule: { country: 'US' } }, 400, 'VALIDATION_ERROR', 'body.rule'],
      [{ name: 'Neither' }, 400, 'VALIDATION_ERROR', 'body.product_codes'],
      [{ name: 'Empty', product_codes: [] }, 400, 'VALIDATION_ERROR', 'body.product_codes'],
      [{ name: 'Twice', product_codes: [codes[0], codes[0]] }, 400, 'VALIDATION_ERROR', 'body.product_codes'],
      [{ name: 'Unknown', product_codes: [codes[0], 'NOPE-XX'] }, 400, 'INVALID_PRODUCT', 'body.product_codes.1'],
      [{ name: 'Blank rule', rule: {} }, 400, 'VALIDATION_ERROR', 'body.rule'],
      [{ name: 'Bad country', rule: { country: 'Atlantis' } }, 400, 'VALIDATION_ERROR', 'body.rule.country'],
      [{ name: 'Extra', rule: { country: 'US', brand: 'x' } }, 400, 'VALIDATION_ERROR', 'body.rule'],
      [{ name: 'Nul\u0000', product_codes: [codes[0]] }, 400, 'VALIDATION_ERROR', 'body.name'],
      [{ name: 'x'.repeat(101), product_codes: [codes[0]] }, 400, 'VALIDATION_ERROR', 'body.name'],
      [
        { name: 'Codes', product_codes: Array.from({ length: 51 }, (_, i) => `C${i}`) },
        400,
        'VALIDATION_ERROR',
        'body.product_codes',
      ],
      [{ name: 'Type', product_codes: 'AMAZON-US' }, 400, 'VALIDATION_ERROR', 'body.product_codes'],
      [{ name: 'Lone \ud800', product_codes: [codes[0]] }, 400, 'VALIDATION_ERROR', 'body.name'],
    ];
    for (const [payload, status, code, path] of cases) {
      const res = await call(owner.accessToken, 'POST', '/api/v1/choice-sets', payload);
      expect(res.statusCode, `${JSON.stringify(payload)}: ${res.body}`).toBe(status);
      expect(res.json().code).toBe(code);
      expect(res.json().details.map((d: { path: string }) => d.path)).toContain(path);
    }
    const forged = await call(owner.accessToken, 'GET', '/api/v1/choice-sets?cursor=bm90LWEtY3Vyc29y.AAAA');
    expect(forged.json().details[0].path).toBe('query.cursor');
    expect((await call(owner.accessToken, 'GET', '/api/v1/choice-sets/not-a-uuid')).statusCode).toBe(400);
    const badAmount = await call(
      owner.accessToken,
      'GET',
      `/api/v1/choice-sets/${crypto.randomUUID()}/options?amount=1e3&currency=USD`,
    );
    expect(badAmount.statusCode).toBe(400);
    expect(await count(owner.organisationId)).toBe(before);
  });

  it('keeps each organisation to its own sets, and lets senders read and owners and admins manage them', async () => {
    const mine = (
      await call(owner.accessToken, 'POST', '/api/v1/choice-sets', { name: 'Mine', product_codes: [codes[0]] })
    ).json().choice_set.id;
    const other = await signUpVerifiedUser(t);
    for (const [method, url, payload] of [
      ['GET', `/api/v1/choice-sets/${mine}`],
      ['GET', `/api/v1/choice-sets/${mine}/options?amount=25&currency=USD`],
      ['PATCH', `/api/v1/choice-sets/${mine}`, { name: 'Taken' }],
      ['DELETE', `/api/v1/choice-sets/${mine}`],
    ] as const) {
      const res = await call(other.accessToken, method, url, payload);
      expect(res.statusCode, `${method} ${url}`).toBe(404);
      expect(res.json().code).toBe('CHOICE_SET_NOT_FOUND');
    }
    expect((await call(other.accessToken, 'GET', '/api/v1/choice-sets')).json().data).toEqual([]);
    expect((await call(owner.accessToken, 'GET', `/api/v1/choice-sets/${mine}`)).json().choice_set.name).toBe('Mine');

    const sender = await joinAs(t, owner, 'sender');
    expect((await call(sender.accessToken, 'GET', `/api/v1/choice-sets/${mine}`)).statusCode).toBe(200);
    expect((await call(sender.accessToken, 'PATCH', `/api/v1/choice-sets/${mine}`, { name: 'No' })).statusCode).toBe(
      403,
    );
    const viewer = await joinAs(t, owner, 'viewer');
    expect((await call(viewer.accessToken, 'GET', '/api/v1/choice-sets')).statusCode).toBe(403);

    // API keys: catalog:read reads, orders:write manages.
    const key = async (scopes: string[]) =>
      (await call(owner.accessToken, 'POST', '/api/v1/api-keys', { name: 'Sets', scopes })).json().key as string;
    const reader = await key(['catalog:read']);
    expect((await call(reader, 'GET', `/api/v1/choice-sets/${mine}`)).statusCode).toBe(200);
    expect((await call(reader, 'DELETE', `/api/v1/choice-sets/${mine}`)).statusCode).toBe(403);
    const writer = await key(['orders:write']);
    const made = await call(writer, 'POST', '/api/v1/choice-sets', { name: 'By key', rule: { currency: 'GBP' } });
    expect(made.statusCode, made.body).toBe(201);
    const gbpOptions = await call(
      writer,
      'GET',
      `/api/v1/choice-sets/${made.json().choice_set.id}/options?amount=25&currency=GBP`,
    );
    expect(gbpOptions.statusCode).toBe(403);
    expect(
      (
        await call(reader, 'GET', `/api/v1/choice-sets/${made.json().choice_set.id}/options?amount=25&currency=GBP`)
      ).json().options.length,
    ).toBeGreaterThan(0);
    expect(gbp).toBeTruthy();
  });
});
