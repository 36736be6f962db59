import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, TEST_DB, type TestApp } from '../../../test/helpers';
import { LEAD_RATE_LIMIT } from './routes';

const valid = {
  name: 'Ada Lovelace',
  email: 'ada@example.com',
  company: 'Analytical Engines Ltd',
  topic: 'sales',
  plan: 'enterprise',
  message: 'We would like to send 2,000 rewards a month. Can we talk about Net-30 terms?',
};

// Each request comes from its own address so the rate limit only bites where a test means it to.
let nextIp = 1;
const fromNewIp = () => `198.51.100.${nextIp++}`;

describe(`POST /api/v1/leads (${TEST_DB})`, () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  const post = (payload: unknown, headers: Record<string, string> = {}, remoteAddress = fromNewIp()) =>
    t.app.inject({ method: 'POST', url: '/api/v1/leads', payload: payload as object, headers, remoteAddress });
  const countLeads = async () =>
    Number(
      (
        await t.database.db
          .selectFrom('leads')
          .select((eb) => eb.fn.countAll().as('n'))
          .executeTakeFirstOrThrow()
      ).n,
    );

  it('stores a contact-form message without signing in and answers with its id', async () => {
    const res = await post({ ...valid, name: '  Ada Lovelace  ' });
    expect(res.statusCode).toBe(201);
    const body = res.json();
    expect(body).toEqual({ success: true, lead_id: expect.stringMatching(/^[0-9a-f-]{36}$/) });
    const row = await t.database.db
      .selectFrom('leads')
      .selectAll()
      .where('id', '=', body.lead_id)
      .executeTakeFirstOrThrow();
    expect(row).toMatchObject({
      source: 'contact_form',
      name: 'Ada Lovelace',
      email: 'ada@example.com',
      company: 'Analytical Engines Ltd',
      topic: 'sales',
      plan: 'enterprise',
      message: valid.message,
      campaign: null,
    });
    expect(row.created_at.getTime()).toBeLessThanOrEqual(Date.now());
  });

  it('takes company and plan as optional; an empty company is stored as none', async () => {
    const { plan: _plan, ...noPlan } = valid;
    const res = await post({ ...noPlan, company: '', topic: 'support' });
    expect(res.statusCode).toBe(201);
    const row = await t.database.db
      .selectFrom('leads')
      .select(['company', 'plan', 'topic'])
      .where('id', '=', res.json().lead_id)
      .executeTakeFirstOrThrow();
    expect(row).toEqual({ company: null, plan: null, topic: 'support' });
  });

  it.each([
    ['a missing name', { name: undefined }, 'body.name'],
    ['a blank name', { name: '   ' }, 'body.name'],
    ['an over-long name', { name: 'x'.repeat(121) }, 'body.name'],
    ['a malformed email', { email: 'not-an-email' }, 'body.email'],
    ['an over-long email', { email: `${'a'.repeat(250)}@example.com` }, 'body.email'],
    ['an unknown topic', { topic: 'gossip' }, 'body.topic'],
    ['an unknown plan', { plan: 'platinum' }, 'body.plan'],
    ['a too-short message', { message: 'hi' }, 'body.message'],
    ['an over-long message', { message: 'x'.repeat(5001) }, 'body.message'],
    ['an over-long company', { company: 'x'.repeat(201) }, 'body.company'],
    ['a number for a name', { name: 42 }, 'body.name'],
  ])('refuses %s with VALIDATION_ERROR naming the field, and stores nothing', async (_label, patch, path) => {
    const before = await countLeads();
    const res = await post({ ...valid, ...patch });
    expect(res.statusCode).toBe(400);
    const body = res.json();
    expect(body).toMatchObject({ success: false, code: 'VALIDATION_ERROR' });
    expect(body.details.map((d: { path: string }) => d.path)).toContain(path);
    expect(await countLeads()).toBe(before);
  });

  it('refuses a body that is not JSON, or no body, and stores nothing', async () => {
    const before = await countLeads();
    const malformed = await post('{"name": "Ada",', { 'content-type': 'application/json' });
    expect(malformed.statusCode).toBe(400);
    expect(malformed.json().code).toBe('VALIDATION_ERROR');
    const form = await post('name=Ada', { 'content-type': 'application/x-www-form-urlencoded' });
    expect(form.statusCode).toBe(415);
    expect(form.json().code).toBe('UNSUPPORTED_MEDIA_TYPE');
    const empty = await t.app.inject({ method: 'POST', url: '/api/v1/leads', remoteAddress: fromNewIp() });
    expect(empty.statusCode).toBe(400);
    expect(empty.json().code).toBe('VALIDATION_ERROR');
    expect(await countLeads()).toBe(before);
  });

  it('limits one address to a few messages, then answers 429 RATE_LIMITED with Retry-After', async () => {
    const ip = fromNewIp();
    for (let i = 0; i < LEAD_RATE_LIMIT.limit; i++) {
      expect((await post(valid, {}, ip)).statusCode).toBe(201);
    }
    const before = await countLeads();
    const limited = await post(valid, {}, ip);
    expect(limited.statusCode).toBe(429);
    expect(limited.json()).toMatchObject({ success: false, code: 'RATE_LIMITED' });
    expect(Number(limited.headers['retry-after'])).toBeGreaterThan(0);
    expect(await countLeads()).toBe(before);
    // Someone else is not held back by it.
    expect((await post(valid)).statusCode).toBe(201);
  });

  it('is in the OpenAPI document with its schema', async () => {
    const doc = (await t.app.inject({ url: '/api/openapi.json' })).json();
    const op = doc.paths['/api/v1/leads'].post;
    expect(Object.keys(op.responses)).toEqual(expect.arrayContaining(['201', '400', '429']));
    const body = op.requestBody.content['application/json'].schema;
    // A named schema: the body is a $ref into components.schemas.
    const schema = body.$ref ? doc.components.schemas[body.$ref.split('/').pop()] : body;
    expect(schema.required).toEqual(expect.arrayContaining(['name', 'email', 'topic', 'message']));
  });
});
