import { ERROR_CODES, OPERATION_ACCESS, type OperationId } from '@giftrelay/contracts';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, randomIp, signUpVerifiedUser } from './factories';
import { makeOperator } from './factories/live';
import { createTestApp, TEST_DB, type TestApp } from './helpers';
import { rowCounts, settledRowCounts } from './row-counts';

/**
 * Every operation of the served OpenAPI document, fed malformed and boundary inputs built from
 * its own schemas: bad path parameters, query values, bodies, headers and content types, and
 * methods the path does not take. Whatever comes in, the answer is never a 5xx, every error is
 * `{success:false, error, code}` with a documented code, and a refused request writes nothing.
 * FUZZ_RUNS sets the cases per operation (default 12).
 */
const RUNS = Number(process.env.FUZZ_RUNS ?? 12);
const SEED = process.env.FUZZ_SEED ? Number(process.env.FUZZ_SEED) : undefined;

type Schema = {
  $ref?: string;
  type?: string | string[];
  enum?: unknown[];
  const?: unknown;
  format?: string;
  properties?: Record<string, Schema>;
  required?: string[];
  items?: Schema;
  anyOf?: Schema[];
  oneOf?: Schema[];
  allOf?: Schema[];
  minimum?: number;
  maximum?: number;
  maxLength?: number;
  example?: unknown;
  default?: unknown;
};
type Parameter = { in: 'path' | 'query' | 'header'; name: string; required?: boolean; schema?: Schema };
type Operation = {
  operationId?: string;
  parameters?: Parameter[];
  requestBody?: { content?: Record<string, { schema?: Schema }> };
  security?: unknown[];
};
type Document = { paths: Record<string, Record<string, Operation>>; components?: { schemas?: Record<string, Schema> } };

// Values that have broken APIs before: NUL, other control characters, lone surrogates, huge
// and odd numbers as text, injection-looking text, path tricks, very long text.
const NASTY_STRINGS = [
  '',
  ' ',
  '\u0000',
  'a\u0000b',
  '\u0007\u001b[31m',
  '\u0085\u009f',
  '\ud800',
  'x\udc00y',
  '\ud83d',
  "'; DROP TABLE orders; --",
  '%',
  '%00',
  '../../etc/passwd',
  '\\',
  '1e309',
  '-1',
  '0x10',
  'NaN',
  'Infinity',
  '99999999999999999999999999',
  '25.',
  ' 25 ',
  '25.000',
  '2026-02-31',
  '00000000-0000-0000-0000-000000000000',
  '{"$gt":""}',
  '<script>alert(1)</script>',
  'é'.repeat(300),
  'a'.repeat(10_000),
];
const NASTY_NUMBERS = [-1, 0, 0.5, 1e308, -1e308, Number.MAX_SAFE_INTEGER + 2, 2 ** 31, 1.0000000001];
const NASTY_VALUES: unknown[] = [null, true, false, [], {}, [1, 2], { a: { b: 'c' } }];

const nastyString = fc.oneof(
  { weight: 4, arbitrary: fc.constantFrom(...NASTY_STRINGS) },
  { weight: 2, arbitrary: fc.string({ unit: 'binary', maxLength: 40 }) },
  { weight: 1, arbitrary: fc.string({ unit: 'grapheme-composite', minLength: 200, maxLength: 2000 }) },
);
const anyNasty: fc.Arbitrary<unknown> = fc.oneof(
  { weight: 5, arbitrary: nastyString },
  { weight: 2, arbitrary: fc.constantFrom(...NASTY_NUMBERS) },
  { weight: 1, arbitrary: fc.constantFrom(...NASTY_VALUES) },
);

function resolve(doc: Document, schema: Schema | undefined, depth = 0): Schema {
  if (!schema || depth > 5) return {};
  if (schema.$ref) {
    const name = schema.$ref.split('/').pop() ?? '';
    return resolve(doc, doc.components?.schemas?.[name], depth + 1);
  }
  return schema;
}

/** A plausible value for `schema`: what a well-behaved client would send. */
function plausible(doc: Document, raw: Schema | undefined, depth = 0): fc.Arbitrary<unknown> {
  const schema = resolve(doc, raw);
  if (depth > 4) return fc.constant(null);
  if (schema.const !== undefined) return fc.constant(schema.const);
  if (schema.enum?.length) return fc.constantFrom(...schema.enum);
  const choices = schema.anyOf ?? schema.oneOf;
  if (choices?.length) return fc.oneof(...choices.map((s) => plausible(doc, s, depth + 1)));
  if (schema.allOf?.length) return plausible(doc, schema.allOf[0], depth + 1);
  const type = Array.isArray(schema.type) ? schema.type.find((t) => t !== 'null') : schema.type;
  if (schema.example !== undefined) return fc.constant(schema.example);
  switch (type) {
    case 'integer':
      return fc.integer({ min: schema.minimum ?? 0, max: Math.min(schema.maximum ?? 1000, 1000) });
    case 'number':
      return fc.integer({ min: 1, max: 500 });
    case 'boolean':
      return fc.boolean();
    case 'array':
      return fc.array(plausible(doc, schema.items, depth + 1), { maxLength: 3 });
    case 'object':
      return objectOf(doc, schema, (s) => plausible(doc, s, depth + 1));
    default:
      if (schema.format === 'uuid') return fc.uuid();
      if (schema.format === 'email') return fc.constantFrom('someone@example.com', 'a.b+c@example.org');
      if (schema.format === 'date') return fc.constantFrom('2026-01-31', '2025-12-01');
      return fc.string({ minLength: 1, maxLength: Math.min(schema.maxLength ?? 20, 20) });
  }
}

function objectOf(
  doc: Document,
  schema: Schema,
  field: (s: Schema | undefined) => fc.Arbitrary<unknown>,
): fc.Arbitrary<Record<string, unknown>> {
  const props = Object.entries(resolve(doc, schema).properties ?? {});
  const record: Record<string, fc.Arbitrary<unknown>> = {};
  for (const [name, s] of props) record[name] = field(s);
  return fc.record(record, { requiredKeys: [] });
}

/** Mostly plausible, with hostile values where it counts: every leaf may turn nasty. */
function mutated(doc: Document, raw: Schema | undefined, depth = 0): fc.Arbitrary<unknown> {
  const schema = resolve(doc, raw);
  const type = Array.isArray(schema.type) ? schema.type.find((t) => t !== 'null') : schema.type;
  if (type === 'object' && depth < 4) {
    return fc.oneof(
      { weight: 6, arbitrary: objectOf(doc, schema, (s) => mutated(doc, s, depth + 1)) },
      { weight: 1, arbitrary: anyNasty },
    );
  }
  return fc.oneof({ weight: 2, arbitrary: plausible(doc, schema, depth) }, { weight: 3, arbitrary: anyNasty });
}

// encodeURIComponent throws on a lone surrogate; send it as the bytes a client would, which are
// not valid UTF-8 (the server must refuse them cleanly too).
function encode(value: string): string {
  try {
    return encodeURIComponent(value);
  } catch {
    return [...value]
      .map((ch) => {
        const c = ch.charCodeAt(0);
        return ch.length === 1 && c >= 0xd800 && c <= 0xdfff ? '%ED%A0%80' : encodeURIComponent(ch);
      })
      .join('');
  }
}

const asText = (value: unknown) => (typeof value === 'string' ? value : (JSON.stringify(value) ?? ''));

interface Case {
  method: string;
  url: string;
  headers: Record<string, string>;
  payload?: string;
  /** The method is one the path does not take. */
  wrongMethod: boolean;
}

const CONTENT_TYPES = [
  'application/json',
  'application/json; charset=utf-8',
  'text/plain',
  'application/x-www-form-urlencoded',
  'multipart/form-data; boundary=x',
  'application/xml',
  'application/json; charset=latin1',
  'application/jsonx',
];
const OTHER_METHODS = ['GET', 'POST', 'PUT', 'PATCH', 'DELETE'];

function caseFor(doc: Document, path: string, method: string, op: Operation, allowed: string[]): fc.Arbitrary<Case> {
  const params = (op.parameters ?? []).filter((p) => p.in !== 'header' || p.name.toLowerCase() !== 'authorization');
  const pathParams = params.filter((p) => p.in === 'path');
  const queryParams = params.filter((p) => p.in === 'query');
  const headerParams = params.filter((p) => p.in === 'header');
  const bodySchema = op.requestBody?.content?.['application/json']?.schema;
  const needsToken = Boolean(op.security?.length);

  const pathValues = fc.record(
    Object.fromEntries(
      pathParams.map((p) => [
        p.name,
        fc.oneof(
          { weight: 2, arbitrary: fc.uuid() as fc.Arbitrary<unknown> },
          { weight: 1, arbitrary: fc.constantFrom('AMAZON-US', 'amazon-us') },
          { weight: 4, arbitrary: nastyString },
          { weight: 1, arbitrary: fc.constant('x'.repeat(300)) },
        ),
      ]),
    ),
  );
  const queryValues = fc.record(
    Object.fromEntries(
      queryParams.map((p) => [
        p.name,
        fc.oneof(
          { weight: 2, arbitrary: fc.constant(undefined) },
          { weight: 2, arbitrary: mutated(doc, p.schema) },
          // A repeated parameter arrives as an array.
          { weight: 1, arbitrary: fc.tuple(nastyString, nastyString) },
        ),
      ]),
    ),
    { requiredKeys: [] },
  );
  const headerValues = fc.record(
    Object.fromEntries(headerParams.map((p) => [p.name, fc.option(nastyString, { nil: undefined })])),
    { requiredKeys: [] },
  );
  const body = bodySchema
    ? fc.oneof(
        { weight: 6, arbitrary: mutated(doc, bodySchema).map((v) => JSON.stringify(v) ?? 'null') },
        { weight: 1, arbitrary: fc.constantFrom('{', '{"a":', 'nul', '[]', '"\\ud800"', '{"__proto__":{"x":1}}') },
        { weight: 1, arbitrary: fc.constant(undefined) },
      )
    : fc.option(fc.constantFrom('{}', '{"x":"\\u0000"}', 'plain text'), { nil: undefined });
  const contentType = fc.oneof(
    { weight: 6, arbitrary: fc.constant('application/json') },
    { weight: 3, arbitrary: fc.constantFrom(...CONTENT_TYPES) },
    { weight: 1, arbitrary: fc.constant(undefined) },
  );
  const auth = needsToken
    ? fc.oneof(
        { weight: 8, arbitrary: fc.constant('valid') },
        { weight: 1, arbitrary: fc.constantFrom('Bearer', 'Bearer x.y.z', 'Basic abc', 'Bearer \u0000') },
      )
    : fc.constant(undefined);
  const wrong = OTHER_METHODS.filter((m) => !allowed.includes(m));
  const methodChoice = fc.oneof(
    { weight: 9, arbitrary: fc.constant(method.toUpperCase()) },
    { weight: 1, arbitrary: wrong.length ? fc.constantFrom(...wrong) : fc.constant(method.toUpperCase()) },
  );

  return fc
    .record({ pathValues, queryValues, headerValues, body, contentType, auth, methodChoice })
    .map(({ pathValues, queryValues, headerValues, body, contentType, auth, methodChoice }) => {
      const url =
        path.replace(/\{([^}]+)\}/g, (_, name: string) => encode(asText(pathValues[name] ?? 'x'))) +
        queryString(queryValues);
      const headers: Record<string, string> = {};
      for (const [name, value] of Object.entries(headerValues)) {
        // Header values are bytes on the wire: a value no client could send is left out.
        if (value !== undefined && /^[\t\x20-\x7e\x80-\xff]*$/.test(value)) headers[name] = value;
      }
      if (auth && auth !== 'valid') headers.authorization = auth;
      if (auth === 'valid') headers.authorization = 'valid';
      if (body !== undefined && contentType) headers['content-type'] = contentType;
      return { method: methodChoice, url, headers, payload: body, wrongMethod: methodChoice !== method.toUpperCase() };
    });
}

function queryString(values: Record<string, unknown>): string {
  const parts: string[] = [];
  for (const [name, value] of Object.entries(values)) {
    if (value === undefined) continue;
    for (const v of Array.isArray(value) && value.length === 2 ? value : [value]) {
      parts.push(`${encode(name)}=${encode(asText(v))}`);
    }
  }
  return parts.length ? `?${parts.join('&')}` : '';
}

describe(`fuzzing every operation of the OpenAPI document (${TEST_DB})`, () => {
  let t: TestApp;
  let token: string;
  /** A platform operator's: the operator routes answer 404 before validating anyone else's requests. */
  let operatorToken: string;
  let doc: Document;
  beforeAll(async () => {
    t = await createTestApp();
    token = (await signUpVerifiedUser(t)).accessToken;
    operatorToken = (await makeOperator(t)).accessToken;
    // The operator's document: anyone else's leaves the operators' operations out (decision 057).
    doc = (await t.app.inject({ url: '/api/openapi.json', headers: bearer(operatorToken) })).json();
  }, 180_000);
  afterAll(() => t.close());

  it('answers hostile requests with a documented 4xx, never a 5xx, and writes nothing on a refusal', async () => {
    const operations = Object.entries(doc.paths).flatMap(([path, item]) =>
      Object.entries(item)
        .filter(([method]) => ['get', 'post', 'put', 'patch', 'delete'].includes(method))
        .map(([method, op]) => ({ path, method, op, allowed: Object.keys(item).map((m) => m.toUpperCase()) })),
    );
    expect(operations.length).toBeGreaterThan(20);
    let cases = 0;
    const statuses: Record<string, number> = {};
    let before = await settledRowCounts(t);

    for (const { path, method, op, allowed } of operations) {
      // Signing out or changing the password with the shared token would end its session.
      const ends = /\/auth\/(logout|password)$/.test(path);
      const asOperator = OPERATION_ACCESS[op.operationId as OperationId] === 'operator';
      await fc.assert(
        fc.asyncProperty(caseFor(doc, path, method, op, allowed), async (c) => {
          cases++;
          const headers = { ...c.headers };
          if (headers.authorization === 'valid') {
            if (ends) delete headers.authorization;
            else headers.authorization = bearer(asOperator ? operatorToken : token).authorization;
          }
          const send = () =>
            t.app.inject({
              method: c.method as 'GET',
              url: c.url,
              headers,
              payload: c.payload,
              remoteAddress: randomIp(),
            });
          const res = await send();
          const label = `${c.method} ${c.url.slice(0, 200)} ${JSON.stringify(headers).slice(0, 200)} ${String(c.payload).slice(0, 300)}\n${res.statusCode} ${res.body.slice(0, 300)}`;
          statuses[res.statusCode] = (statuses[res.statusCode] ?? 0) + 1;
          expect(res.statusCode, label).toBeLessThan(500);
          if (res.statusCode >= 400) {
            expect(res.headers['content-type'], label).toContain('application/json');
            const body = res.json();
            expect(body, label).toMatchObject({ success: false, error: expect.any(String) });
            expect(ERROR_CODES, label).toContain(body.code);
            if (res.statusCode === 405) {
              expect(c.wrongMethod, label).toBe(true);
              expect(res.headers.allow, label).toBeTruthy();
            }
            const after = await rowCounts(t);
            const keys = before.idempotency_keys ?? 0;
            if (headers['idempotency-key'] !== undefined && after.idempotency_keys === keys + 1) {
              // Decision 017: a typed refusal is the Idempotency-Key's answer, kept so that a retry
              // gets the same refusal. That row is the one write allowed, and only if it is that
              // answer: the same request again replays it, byte for byte but for request_id.
              before = { ...before, idempotency_keys: keys + 1 };
              const again = await send();
              expect(again.statusCode, `a stored refusal replayed: ${label}`).toBe(res.statusCode);
              expect(again.headers['idempotent-replayed'], `a stored refusal replayed: ${label}`).toBe('true');
              expect({ ...again.json(), request_id: undefined }, label).toEqual({ ...body, request_id: undefined });
            }
            expect(await rowCounts(t), `a refused request wrote rows: ${label}`).toEqual(before);
          } else {
            // An accepted request may write (now and once its order settles); the next refusal
            // is compared with what is there then.
            before = await settledRowCounts(t);
          }
        }),
        { numRuns: RUNS, seed: SEED, endOnFailure: true },
      );
    }
    // The lead's closing note quotes this figure.
    console.info(`fuzz: ${cases} cases over ${operations.length} operations (${TEST_DB}); statuses`, statuses);
    expect(cases).toBe(operations.length * RUNS);
  }, 600_000);
});
