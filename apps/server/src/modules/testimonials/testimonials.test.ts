import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, randomIp, type SignedUpUser, signUpVerifiedUser } from '../../../test/factories';
import { makeOperator } from '../../../test/factories/live';
import { createTestApp, TEST_DB, type TestApp } from '../../../test/helpers';

/** Testimonials (issue 14, decision 048): operators moderate them; the public sees approved ones only. */
let t: TestApp;
let operator: SignedUpUser;
let customer: SignedUpUser;
beforeAll(async () => {
  t = await createTestApp();
  // The first verified account is an operator of its own accord; the customer comes after.
  operator = await makeOperator(t);
  customer = await signUpVerifiedUser(t);
});
afterAll(() => t.close());

type Method = 'GET' | 'POST' | 'PATCH' | 'DELETE';
const call = (method: Method, url: string, token?: string, payload?: unknown, headers: Record<string, string> = {}) =>
  t.app.inject({
    method,
    url,
    headers: { ...(token ? bearer(token) : {}), ...headers },
    remoteAddress: randomIp(),
    ...(payload !== undefined ? { payload: payload as object } : {}),
  });

const valid = {
  quote: 'Our reward emails went out in seconds, and the finance team finally has one statement.',
  author_name: 'Grace Hopper',
  role: 'Head of People',
  company: 'Compilers Inc',
};

const create = async (patch: Record<string, unknown> = {}) => {
  const res = await call('POST', '/api/v1/operator/testimonials', operator.accessToken, { ...valid, ...patch });
  expect(res.statusCode, res.body).toBe(201);
  return res.json().testimonial as { id: string; status: string };
};

describe(`testimonials (${TEST_DB})`, () => {
  it('answers every studio endpoint 404 to a customer, an API key and no token, before reading the body', async () => {
    const made = await create();
    const key = await call('POST', '/api/v1/api-keys', operator.accessToken, { name: 'Ops', scopes: 'full' });
    const requests: [Method, string, unknown?][] = [
      ['GET', '/api/v1/operator/testimonials'],
      ['POST', '/api/v1/operator/testimonials', valid],
      ['POST', '/api/v1/operator/testimonials', { quote: 42 }],
      ['PATCH', `/api/v1/operator/testimonials/${made.id}`, { status: 'approved' }],
      ['PATCH', '/api/v1/operator/testimonials/not-an-id', {}],
      ['DELETE', `/api/v1/operator/testimonials/${made.id}`],
    ];
    for (const token of [customer.accessToken, key.json().key as string, undefined]) {
      for (const [method, url, payload] of requests) {
        const res = await call(method, url, token, payload);
        expect(res.statusCode, `${method} ${url}`).toBe(404);
        expect(res.json()).toMatchObject({ success: false, code: 'NOT_FOUND', error: `No route for ${method} ${url}` });
      }
    }
    // Nothing changed.
    const list = await call('GET', '/api/v1/operator/testimonials', operator.accessToken);
    expect(list.json().data.find((x: { id: string }) => x.id === made.id)).toMatchObject({ status: 'pending' });
  });

  it('lets an operator add, edit, approve, reject and delete, and serves only approved ones, newest first', async () => {
    const first = await create({ quote: 'First approved quote.' });
    const second = await create({ quote: 'Second approved quote.' });
    const third = await create({ quote: 'Third, approved then rejected.' });
    const pending = await create({ quote: 'Still pending.' });
    expect(pending).toMatchObject({ status: 'pending', created_by_email: operator.email });

    for (const x of [first, second, third]) {
      const res = await call('PATCH', `/api/v1/operator/testimonials/${x.id}`, operator.accessToken, {
        status: 'approved',
      });
      expect(res.statusCode, res.body).toBe(200);
      expect(res.json().testimonial.status).toBe('approved');
    }
    const edited = await call('PATCH', `/api/v1/operator/testimonials/${second.id}`, operator.accessToken, {
      quote: 'Second approved quote, edited.',
      company: '  Edited Co  ',
    });
    expect(edited.json().testimonial).toMatchObject({
      quote: 'Second approved quote, edited.',
      company: 'Edited Co',
      status: 'approved',
    });

    const served = await call('GET', '/api/v1/testimonials?limit=10');
    expect(served.statusCode).toBe(200);
    expect(served.headers['cache-control']).toMatch(/max-age=\d+/);
    const ids = served.json().data.map((x: { id: string }) => x.id);
    expect(ids.slice(0, 3)).toEqual([third.id, second.id, first.id]);
    expect(ids).not.toContain(pending.id);
    expect(served.json().data[1]).toEqual({
      id: second.id,
      quote: 'Second approved quote, edited.',
      author_name: valid.author_name,
      role: valid.role,
      company: 'Edited Co',
    });
    // Two by default, as the landing pages show.
    expect((await call('GET', '/api/v1/testimonials')).json().data.map((x: { id: string }) => x.id)).toEqual([
      third.id,
      second.id,
    ]);

    // Rejected and deleted ones are gone from the public read at once.
    await call('PATCH', `/api/v1/operator/testimonials/${third.id}`, operator.accessToken, { status: 'rejected' });
    expect((await call('DELETE', `/api/v1/operator/testimonials/${second.id}`, operator.accessToken)).statusCode).toBe(
      200,
    );
    const after = (await call('GET', '/api/v1/testimonials?limit=10')).json().data.map((x: { id: string }) => x.id);
    expect(after).toContain(first.id);
    expect(after).not.toContain(third.id);
    expect(after).not.toContain(second.id);
    expect((await call('DELETE', `/api/v1/operator/testimonials/${second.id}`, operator.accessToken)).statusCode).toBe(
      404,
    );

    const rejected = await call('GET', '/api/v1/operator/testimonials?status=rejected', operator.accessToken);
    expect(rejected.json().data.map((x: { id: string }) => x.id)).toContain(third.id);
    expect(rejected.json().data.every((x: { status: string }) => x.status === 'rejected')).toBe(true);
  });

  it('pages the operators’ list with signed cursors, and refuses a forged one', async () => {
    for (let i = 0; i < 3; i++) await create({ quote: `Paged ${i}` });
    const seen: string[] = [];
    let cursor: string | null = null;
    do {
      const url: string = `/api/v1/operator/testimonials?limit=2${cursor ? `&cursor=${cursor}` : ''}`;
      const page = await call('GET', url, operator.accessToken);
      expect(page.statusCode, page.body).toBe(200);
      seen.push(...page.json().data.map((x: { id: string }) => x.id));
      cursor = page.json().next_cursor;
      expect(page.json().has_more).toBe(cursor !== null);
    } while (cursor);
    expect(new Set(seen).size).toBe(seen.length);
    const all = await t.database.db.selectFrom('testimonials').select('id').execute();
    expect(seen.length).toBe(all.length);

    const first = (await call('GET', '/api/v1/operator/testimonials?limit=1', operator.accessToken)).json();
    const forged = `${first.next_cursor.slice(0, -2)}AA`;
    const res = await call('GET', `/api/v1/operator/testimonials?cursor=${forged}`, operator.accessToken);
    expect(res.statusCode).toBe(400);
    expect(res.json().details.map((d: { path: string }) => d.path)).toContain('query.cursor');
  });

  it.each([
    ['a missing quote', { quote: undefined }, 'body.quote'],
    ['a blank author', { author_name: '   ' }, 'body.author_name'],
    ['a NUL in the quote', { quote: 'Great\u0000' }, 'body.quote'],
    ['a lone surrogate in the role', { role: 'Head \ud800' }, 'body.role'],
    ['a huge quote', { quote: 'x'.repeat(100_000) }, 'body.quote'],
    ['a number for a company', { company: 42 }, 'body.company'],
    ['an unknown status', { status: 'published' }, 'body.status'],
  ])('refuses %s with VALIDATION_ERROR naming the field, and stores nothing', async (_label, patch, path) => {
    const before = (await t.database.db.selectFrom('testimonials').select('id').execute()).length;
    const res = await call('POST', '/api/v1/operator/testimonials', operator.accessToken, { ...valid, ...patch });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ success: false, code: 'VALIDATION_ERROR' });
    expect(res.json().details.map((d: { path: string }) => d.path)).toContain(path);
    expect((await t.database.db.selectFrom('testimonials').select('id').execute()).length).toBe(before);
  });

  it('refuses a text/plain body, an empty change, a bad id and a bad public limit', async () => {
    const plain = await call('POST', '/api/v1/operator/testimonials', operator.accessToken, JSON.stringify(valid), {
      'content-type': 'text/plain',
    });
    expect(plain.statusCode).toBe(415);
    const made = await create();
    const empty = await call('PATCH', `/api/v1/operator/testimonials/${made.id}`, operator.accessToken, {});
    expect(empty.statusCode).toBe(400);
    const badId = await call('PATCH', '/api/v1/operator/testimonials/nope', operator.accessToken, {
      status: 'approved',
    });
    expect(badId.statusCode).toBe(400);
    expect(badId.json().details.map((d: { path: string }) => d.path)).toContain('params.id');
    const unknown = await call(
      'PATCH',
      '/api/v1/operator/testimonials/00000000-0000-4000-8000-000000000000',
      operator.accessToken,
      { status: 'approved' },
    );
    expect(unknown.statusCode).toBe(404);
    for (const limit of ['0', '11', 'two', '1.5']) {
      expect((await call('GET', `/api/v1/testimonials?limit=${limit}`)).statusCode, limit).toBe(400);
    }
    expect((await call('GET', '/api/v1/operator/testimonials?status=published', operator.accessToken)).statusCode).toBe(
      400,
    );
  });
});
