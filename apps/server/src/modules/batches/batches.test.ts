import { randomUUID } from 'node:crypto';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, type SignedUpUser, signUpVerifiedUser } from '../../../test/factories';
import { joinAs } from '../../../test/factories/members';
import { balanceOf, type ProductPick, pickProduct, postOrder, recipient } from '../../../test/factories/orders';
import { createTestApp, eventually, TEST_DB, type TestApp } from '../../../test/helpers';
import { replayBalance } from '../ledger/repository';

/**
 * Bulk batches (issue 16, decision 043) through HTTP into the database: every kind of bad row
 * kept with its code while the good rows are sent, the key's replay, all-or-nothing and
 * send-what-fits, a batch racing single orders for the last funds, CSV uploads, approvals of a
 * batch as a whole, the rows' cursor, and hostile bodies.
 */
let t: TestApp;
let product: ProductPick;
let fixed: ProductPick;
beforeAll(async () => {
  t = await createTestApp();
  product = await pickProduct(t);
  fixed = await pickProduct(t, { fixed: true });
});
afterAll(() => t.close());

type Row = Record<string, unknown>;
const row = (extra: Row = {}): Row => ({ email: recipient(), amount: 25, product_code: product.code, ...extra });

const postBatch = (user: SignedUpUser, body: unknown, key: string | null = randomUUID(), query = '') =>
  t.app.inject({
    method: 'POST',
    url: `/api/v1/batches${query}`,
    headers: { ...bearer(user.accessToken), ...(key ? { 'idempotency-key': key } : {}) },
    payload: body as object,
  });
const postCsv = (user: SignedUpUser, csv: string, query = '', key = randomUUID()) =>
  t.app.inject({
    method: 'POST',
    url: `/api/v1/batches${query}`,
    headers: { ...bearer(user.accessToken), 'idempotency-key': key, 'content-type': 'text/csv' },
    payload: csv,
  });
const getBatch = async (user: SignedUpUser, id: string) =>
  (await t.app.inject({ url: `/api/v1/batches/${id}`, headers: bearer(user.accessToken) })).json();
const rowsOf = async (user: SignedUpUser, id: string, query = 'limit=500') =>
  (await t.app.inject({ url: `/api/v1/batches/${id}/rows?${query}`, headers: bearer(user.accessToken) })).json();

/** Waits until every order of the batch has settled. */
const completed = (user: SignedUpUser, id: string) =>
  eventually(async () => {
    const b = await getBatch(user, id);
    return b.status === 'completed' ? b : undefined;
  }, 30_000);

async function batchesOf(user: SignedUpUser) {
  const { rows } = await sql<{ n: number }>`
    SELECT count(*)::int AS n FROM batches WHERE organisation_id = ${user.organisationId}`.execute(t.database.db);
  return rows[0]?.n;
}

async function expectLedgerConsistent(user: SignedUpUser) {
  const balance = await balanceOf(t, user.accessToken);
  const replayed = await replayBalance(t.database.db, user.organisationId, balance.currency);
  expect(Math.round(balance.available * 100)).toBe(replayed.availableMinor);
  expect(Math.round(balance.held * 100)).toBe(replayed.heldMinor);
  expect(replayed.availableMinor).toBeGreaterThanOrEqual(0);
  expect(replayed.heldMinor).toBeGreaterThanOrEqual(0);
}

describe(`bulk batches (${TEST_DB})`, () => {
  it('keeps every bad row with its code, sends the good ones, and says batch.completed', async () => {
    const owner = await signUpVerifiedUser(t);
    const before = await balanceOf(t, owner.accessToken);
    const dup = row();
    const past = new Date(Date.now() - 3_600_000).toISOString();
    const rows: Row[] = [
      row({ recipient_name: 'Ada Lovelace', message: 'Thank you!' }),
      { amount: 25, product_code: product.code },
      row({ email: 'not-an-email' }),
      row({ product_code: 'NO-SUCH-PRODUCT' }),
      row({ amount: 'twelve' }),
      row({ amount: product.maxValue + 1 }),
      row({ quantity: 0 }),
      row({ message: 'x'.repeat(501) }),
      row({ send_at: past }),
      row({ send_at: 'tomorrow' }),
      dup,
      { ...dup },
      row({ product_code: fixed.code, amount: fixed.denominations?.[0] }),
      row({ quantity: '2' }),
    ];
    const res = await postBatch(owner, { name: 'Q4 thank-yous', rows });
    expect(res.statusCode, res.body).toBe(202);
    const accepted = res.json();
    expect(accepted).toMatchObject({ success: true, name: 'Q4 thank-yous', mode: 'all_or_nothing' });
    expect(accepted.counts).toMatchObject({ rows: 14, valid: 4, invalid: 10 });

    const { data } = await rowsOf(owner, accepted.batch_id);
    const codes = data.map((r: { errors: { code: string; field: string }[] }) => r.errors.map((e) => e.code));
    expect(codes).toEqual([
      [],
      ['RECIPIENT_REQUIRED'],
      ['INVALID_EMAIL'],
      ['UNKNOWN_PRODUCT'],
      ['INVALID_AMOUNT'],
      ['AMOUNT_OUT_OF_RANGE'],
      ['INVALID_QUANTITY'],
      ['INVALID_TEXT'],
      ['INVALID_SEND_AT'],
      ['INVALID_SEND_AT'],
      [],
      ['DUPLICATE_ROW'],
      [],
      [],
    ]);
    // Rows are numbered as the spreadsheet shows them: the heading is line 1.
    expect(data[11]).toMatchObject({ row: 12, line: 13 });
    expect(data[11].errors[0].message).toBe('Same email, product and amount as line 12');
    expect(data[0]).toMatchObject({ product_name: product.name, currency: product.currency });
    expect(data[3]).toMatchObject({ product_name: null, currency: null });

    const done = await completed(owner, accepted.batch_id);
    expect(done.counts).toMatchObject({ ordered: 4, delivered: 4, failed: 0, queued: 0, in_progress: 0 });
    const final = await rowsOf(owner, accepted.batch_id);
    expect(final.data[0]).toMatchObject({ status: 'ordered', order_status: 'completed' });
    expect(final.data[13].order_id).toEqual(expect.any(String));
    const order = (
      await t.app.inject({ url: `/api/v1/orders/${final.data[0].order_id}`, headers: bearer(owner.accessToken) })
    ).json();
    expect(order).toMatchObject({ recipient_name: 'Ada Lovelace', message: 'Thank you!', status: 'completed' });

    // The money: exactly the valid rows' total left the available balance, and nothing is held.
    const after = await balanceOf(t, owner.accessToken);
    expect(Math.round((before.available - after.available) * 100)).toBe(accepted.charged.total_minor);
    expect(after.held).toBe(0);
    await expectLedgerConsistent(owner);

    const events = (
      await t.app.inject({ url: '/api/v1/events?type=batch.completed', headers: bearer(owner.accessToken) })
    ).json();
    expect(events.data).toHaveLength(1);
    expect(events.data[0].data.batch).toMatchObject({ batch_id: accepted.batch_id, status: 'completed' });

    // A row's order voided afterwards was still sent: the counts say delivered, its row says voided.
    const voided = await t.app.inject({
      method: 'POST',
      url: `/api/v1/orders/${final.data[0].order_id}/void`,
      headers: { ...bearer(owner.accessToken), 'idempotency-key': randomUUID() },
      payload: {},
    });
    expect(voided.statusCode, voided.body).toBe(200);
    const later = await getBatch(owner, accepted.batch_id);
    expect(later.counts).toMatchObject({ delivered: 4, in_progress: 0 });
    expect((await rowsOf(owner, accepted.batch_id)).data[0]).toMatchObject({ order_status: 'voided' });
  });

  it('answers the same key with the same batch, and refuses a key reused for another body', async () => {
    const owner = await signUpVerifiedUser(t);
    const key = randomUUID();
    const body = { rows: [row(), row()] };
    const first = await postBatch(owner, body, key);
    const again = await postBatch(owner, body, key);
    expect(first.statusCode).toBe(202);
    expect(again.statusCode).toBe(202);
    expect(again.headers['idempotent-replayed']).toBe('true');
    expect(again.json().batch_id).toBe(first.json().batch_id);
    const other = await postBatch(owner, { rows: [row()] }, key);
    expect(other.statusCode).toBe(422);
    expect(other.json().code).toBe('IDEMPOTENCY_KEY_REUSED');
    const none = await postBatch(owner, body, null);
    expect(none.statusCode).toBe(400);
    expect(await batchesOf(owner)).toBe(1);
  });

  it('refuses an all-or-nothing batch the balance cannot cover with 402, writing nothing', async () => {
    const owner = await signUpVerifiedUser(t);
    const before = await balanceOf(t, owner.accessToken);
    const count = Math.ceil((before.available * 1.1) / product.maxValue) + 1;
    const rows = Array.from({ length: count }, () => row({ amount: product.maxValue }));
    const key = randomUUID();
    const res = await postBatch(owner, { rows }, key);
    expect(res.statusCode, res.body).toBe(402);
    expect(res.json()).toMatchObject({ code: 'INSUFFICIENT_FUNDS' });
    expect(res.json().error).toContain('send_what_fits');
    expect((await postBatch(owner, { rows }, key)).statusCode).toBe(402);
    expect(await balanceOf(t, owner.accessToken)).toEqual(before);
    expect(await batchesOf(owner)).toBe(0);
  });

  it('sends what fits, in row order, and marks the rest insufficient_funds', async () => {
    const owner = await signUpVerifiedUser(t);
    const before = await balanceOf(t, owner.accessToken);
    const each = product.maxValue;
    const fit = Math.floor(before.available / (each * 1.03));
    const rows = [...Array.from({ length: fit + 2 }, () => row({ amount: each })), row({ amount: product.minValue })];
    const res = await postBatch(owner, { mode: 'send_what_fits', rows });
    expect(res.statusCode, res.body).toBe(202);
    const done = await completed(owner, res.json().batch_id);
    expect(done.counts.insufficient_funds).toBeGreaterThanOrEqual(1);
    expect(done.counts.ordered + done.counts.insufficient_funds).toBe(rows.length);
    const { data } = await rowsOf(owner, res.json().batch_id);
    // Once a row did not fit, a later big row does not either; the small last row may.
    const firstSkipped = data.findIndex((r: { status: string }) => r.status === 'insufficient_funds');
    expect(data.slice(0, firstSkipped).every((r: { status: string }) => r.status === 'ordered')).toBe(true);
    expect(data.slice(firstSkipped, -1).every((r: { status: string }) => r.status === 'insufficient_funds')).toBe(true);
    await expectLedgerConsistent(owner);
  });

  it('never overspends when a batch races single orders for the last funds', async () => {
    const owner = await signUpVerifiedUser(t);
    const before = await balanceOf(t, owner.accessToken);
    const each = product.maxValue;
    const rows = Array.from({ length: Math.ceil(before.available / each) + 2 }, () => row({ amount: each }));
    const singles = Array.from({ length: 6 }, () =>
      postOrder(t, owner.accessToken, { product_code: product.code, amount: each, email: recipient(), quantity: 1 }),
    );
    const [batch, ...orders] = await Promise.all([postBatch(owner, { mode: 'send_what_fits', rows }), ...singles]);
    expect(batch?.statusCode, batch?.body).toBe(202);
    const done = await completed(owner, batch?.json().batch_id);
    expect(done.counts.insufficient_funds).toBeGreaterThan(0);
    const singlesSpent = orders
      .filter((o) => o.statusCode === 201)
      .reduce((n, o) => n + (o.json().charged.total_minor as number), 0);
    expect(orders.every((o) => o.statusCode === 201 || o.statusCode === 402)).toBe(true);
    const { data } = await rowsOf(owner, batch?.json().batch_id);
    const batchSpent = data
      .filter((r: { status: string }) => r.status === 'ordered')
      .reduce((n: number, r: { charged_total_minor: number }) => n + r.charged_total_minor, 0);
    // Exactly what was placed left the balance, and never more than there was.
    const spent = Math.round((before.available - (await balanceOf(t, owner.accessToken)).available) * 100);
    expect(spent).toBe(singlesSpent + batchSpent);
    expect(spent).toBeLessThanOrEqual(Math.round(before.available * 100));
    await expectLedgerConsistent(owner);
  });

  it('takes a CSV upload with its own headings and options in the query', async () => {
    const owner = await signUpVerifiedUser(t);
    const csv = [
      '\uFEFFEmail Address,Value,SKU,Qty,Name,Note',
      `${recipient()},25,${product.code},1,"Lovelace, Ada","Thanks for ""everything"""`,
      `${recipient()},30,${product.code},,,`,
      'nobody,25,NOPE,1,,',
      '',
    ].join('\r\n');
    const res = await postCsv(owner, csv, '?mode=send_what_fits&name=From%20a%20sheet');
    expect(res.statusCode, res.body).toBe(202);
    expect(res.json()).toMatchObject({ name: 'From a sheet', mode: 'send_what_fits', counts: { rows: 3, valid: 2 } });
    const { data } = await rowsOf(owner, res.json().batch_id);
    expect(data[0].input).toMatchObject({ recipient_name: 'Lovelace, Ada', message: 'Thanks for "everything"' });
    expect(data[2].errors.map((e: { code: string }) => e.code)).toEqual(['INVALID_EMAIL', 'UNKNOWN_PRODUCT']);

    const noEmail = await postCsv(owner, `amount,product\n25,${product.code}\n`);
    expect(noEmail.statusCode).toBe(400);
    expect(noEmail.json().error).toContain('no column for email');
    const open = await postCsv(owner, `email,amount,product\n"a@example.com,25,${product.code}\n`);
    expect(open.statusCode).toBe(400);
    expect(open.json().error).toContain('never closed');
  });

  it('sends rows without a product code as the batch’s default product; a row’s own code overrides it', async () => {
    const owner = await signUpVerifiedUser(t);
    const rows = [
      { email: recipient(), amount: 25 },
      { email: recipient(), amount: fixed.denominations?.[0], product_code: fixed.code },
      { email: 'nobody', amount: 25 },
    ];
    const preview = await t.app.inject({
      method: 'POST',
      url: '/api/v1/batches/preview',
      headers: bearer(owner.accessToken),
      payload: { rows, default_product_code: product.code },
    });
    expect(preview.statusCode, preview.body).toBe(200);
    expect(preview.json().rows).toMatchObject([
      { row: 1, line: 2, valid: true, product_code: product.code, product_name: product.name },
      { line: 3, valid: true, product_code: fixed.code, product_name: fixed.name },
      { line: 4, valid: false, product_code: product.code, product_name: product.name },
    ]);
    const res = await postBatch(owner, { rows, default_product_code: product.code });
    expect(res.statusCode, res.body).toBe(202);
    expect(res.json().counts).toMatchObject({ rows: 3, valid: 2, invalid: 1 });
    const { data } = await rowsOf(owner, res.json().batch_id);
    expect(data.map((r: { input: { product_code: string } }) => r.input.product_code)).toEqual([
      product.code,
      fixed.code,
      product.code,
    ]);
    // An invalid row still says which product it would have sent.
    expect(data[2]).toMatchObject({ status: 'invalid', product_name: product.name, currency: product.currency });

    // Without a default, a row without a code is a bad row like any other.
    const bare = await postBatch(owner, { rows: [{ email: recipient(), amount: 25 }] });
    expect((await rowsOf(owner, bare.json().batch_id)).data[0].errors).toMatchObject([
      { field: 'product_code', code: 'MISSING_FIELD' },
    ]);

    // A CSV of recipients and amounts only, with the product in the query; without it, refused.
    const csv = `email,amount\r\n${recipient()},25\r\n${recipient()},30\r\n`;
    const fromCsv = await postCsv(owner, csv, `?default_product_code=${encodeURIComponent(product.code)}`);
    expect(fromCsv.statusCode, fromCsv.body).toBe(202);
    expect(fromCsv.json().counts).toMatchObject({ rows: 2, valid: 2 });
    const noProduct = await postCsv(owner, csv);
    expect(noProduct.statusCode).toBe(400);
    expect(noProduct.json().error).toContain('no column for product_code');
  });

  it('refuses a bad default product and hostile cells whole, naming the line, and writes nothing', async () => {
    const owner = await signUpVerifiedUser(t);
    const before = await batchesOf(owner);
    const rows = [{ email: recipient(), amount: 25 }];
    for (const url of ['/api/v1/batches', '/api/v1/batches/preview']) {
      const post = (payload: object) =>
        t.app.inject({
          method: 'POST',
          url,
          headers: { ...bearer(owner.accessToken), 'idempotency-key': randomUUID() },
          payload,
        });
      for (const code of ['NO-SUCH-PRODUCT', `${product.code}\u0000`, 'x'.repeat(101), 42, ['AMAZON-US'], '']) {
        const res = await post({ rows, default_product_code: code });
        expect(res.statusCode, `${url} ${JSON.stringify(code)}`).toBe(400);
        expect(res.json().code).toBe(code === 'NO-SUCH-PRODUCT' ? 'INVALID_PRODUCT' : 'VALIDATION_ERROR');
      }
      const nul = await post({ rows: [row(), row(), row({ message: 'bad\u0000message' })] });
      expect(nul.statusCode).toBe(400);
      expect(nul.json()).toMatchObject({
        code: 'VALIDATION_ERROR',
        details: [{ path: 'body.rows.2.message', message: 'line 4: message must not contain control characters' }],
      });
      const tab = await post({ rows: [row({ recipient_name: 'Ada\tLovelace' })] });
      expect(tab.statusCode).toBe(400);
    }
    const csvNul = await postCsv(owner, `email,amount,product_code\r\na\u0000@example.com,25,${product.code}\r\n`);
    expect(csvNul.statusCode).toBe(400);
    expect(csvNul.json().details[0].message).toContain('line 2: email');
    const huge = `email,amount,product_code\n${`${recipient()},25,${product.code}\n`.repeat(250_000)}`;
    expect(huge.length).toBeGreaterThan(8 * 1024 * 1024);
    expect((await postCsv(owner, huge)).statusCode).toBe(413);
    expect(await batchesOf(owner)).toBe(before);
  });

  it('exports every row with its result as CSV', async () => {
    const owner = await signUpVerifiedUser(t);
    const res = await postBatch(owner, { rows: [row(), row({ email: '=cmd()' })] });
    const id = res.json().batch_id;
    await completed(owner, id);
    const csv = await t.app.inject({ url: `/api/v1/batches/${id}/rows/export`, headers: bearer(owner.accessToken) });
    expect(csv.statusCode).toBe(200);
    expect(csv.headers['content-type']).toContain('text/csv');
    const lines = csv.body.replace('\uFEFF', '').trim().split('\r\n');
    expect(lines[0]).toBe(
      'line,status,email,amount,product_code,product_name,quantity,recipient_name,send_at,order_id,order_status,charged_total,errors,failure_reason',
    );
    expect(lines[1]?.startsWith('2,ordered,')).toBe(true);
    expect(lines[2]?.startsWith('3,invalid,')).toBe(true);
    expect(lines[1]).toContain(',ordered,');
    expect(lines[1]).toContain(',completed,');
    expect(lines[2]).toContain("'=cmd()");
    expect(lines[2]).toContain('INVALID_EMAIL'.length ? 'email:' : '');
  });

  it('pages rows with a cursor bound to the batch, and refuses forged ones', async () => {
    const owner = await signUpVerifiedUser(t);
    const a = (await postBatch(owner, { rows: Array.from({ length: 5 }, () => row({ email: 'bad' })) })).json();
    const b = (await postBatch(owner, { rows: Array.from({ length: 3 }, () => row({ email: 'bad' })) })).json();
    const first = await rowsOf(owner, a.batch_id, 'limit=2');
    expect(first.data.map((r: { row: number }) => r.row)).toEqual([1, 2]);
    const second = await rowsOf(owner, a.batch_id, `limit=2&cursor=${first.next_cursor}`);
    expect(second.data.map((r: { row: number }) => r.row)).toEqual([3, 4]);
    const foreign = await t.app.inject({
      url: `/api/v1/batches/${b.batch_id}/rows?cursor=${first.next_cursor}`,
      headers: bearer(owner.accessToken),
    });
    expect(foreign.statusCode).toBe(400);
    const forged = await t.app.inject({
      url: `/api/v1/batches/${a.batch_id}/rows?cursor=WzJd.AAAAAAAAAAAAAAAAAAAAAA`,
      headers: bearer(owner.accessToken),
    });
    expect(forged.statusCode).toBe(400);
    const invalid = await rowsOf(owner, a.batch_id, 'status=invalid');
    expect(invalid.data).toHaveLength(5);

    const stranger = await signUpVerifiedUser(t);
    const theirs = await t.app.inject({ url: `/api/v1/batches/${a.batch_id}`, headers: bearer(stranger.accessToken) });
    expect(theirs.statusCode).toBe(404);
    const list = (await t.app.inject({ url: '/api/v1/batches?limit=1', headers: bearer(owner.accessToken) })).json();
    expect(list.data[0].batch_id).toBe(b.batch_id);
    expect(list.has_more).toBe(true);
  });

  it('meets hostile bodies with 4xx, never 500', async () => {
    const owner = await signUpVerifiedUser(t);
    for (const body of [
      { rows: [row(), row({ email: '\uD800@example.com', recipient_name: 'x\uDC00' })] },
      { rows: [row(), row(), row({ message: 'bad\u0000message' })] },
      { rows: 'x' },
      { rows: [] },
      { rows: [{ email: { $gt: '' } }] },
      { rows: [row({ amount: [1] })] },
      { rows: Array.from({ length: 10_001 }, () => ({})) },
      { rows: [row()], mode: 'yolo' },
      { rows: [row()], quote_ids: ['not-a-uuid'] },
      { rows: [row()], quote_ids: [randomUUID()] },
    ]) {
      const res = await postBatch(owner, body);
      expect(res.statusCode, JSON.stringify(body).slice(0, 80)).toBe(400);
    }
    const plain = await t.app.inject({
      method: 'POST',
      url: '/api/v1/batches',
      headers: { ...bearer(owner.accessToken), 'idempotency-key': randomUUID(), 'content-type': 'text/plain' },
      payload: 'email\n',
    });
    expect(plain.statusCode).toBe(415);
    const badId = await t.app.inject({ url: '/api/v1/batches/not-a-uuid', headers: bearer(owner.accessToken) });
    expect(badId.statusCode).toBe(400);
  });

  it('checks the caller before reading the body: not signed in is 401, whatever the body', async () => {
    // A body the CSV parser refuses (400) and one over the 8 MB limit (413): either answer would
    // mean the body was read and parsed before anyone was asked who is sending it.
    const unreadable = 'email,amount\n"never closed';
    const huge = `email,amount,product_code\n${'a@example.com,25,X\n'.repeat(600_000)}`;
    expect(huge.length).toBeGreaterThan(10 * 1024 * 1024);
    for (const url of ['/api/v1/batches', '/api/v1/batches/preview']) {
      for (const [payload, headers] of [
        [unreadable, {}],
        [huge, {}],
        [unreadable, { authorization: 'Bearer not-a-token' }],
        [huge, { authorization: 'Bearer gr_live_notakey' }],
      ] as const) {
        const res = await t.app.inject({
          method: 'POST',
          url,
          headers: { ...headers, 'idempotency-key': randomUUID(), 'content-type': 'text/csv' },
          payload,
        });
        expect(res.statusCode, `${url} ${res.body}`).toBe(401);
        expect(res.json().code).toBe('UNAUTHORIZED');
      }
    }
    // Signed in, the same unreadable body is the parser's 400: the order is auth, then body.
    const owner = await signUpVerifiedUser(t);
    const parsed = await t.app.inject({
      method: 'POST',
      url: '/api/v1/batches/preview',
      headers: { ...bearer(owner.accessToken), 'content-type': 'text/csv' },
      payload: unreadable,
    });
    expect(parsed.statusCode).toBe(400);
  });

  it('holds a sender’s batch for approval as a whole; approval sends it, rejection releases it', async () => {
    const owner = await signUpVerifiedUser(t);
    const sender = await joinAs(t, owner, 'sender');
    const rules = await t.app.inject({
      method: 'PATCH',
      url: '/api/v1/approval-rules',
      headers: bearer(owner.accessToken),
      payload: { above_usd_minor: 5000 },
    });
    expect(rules.statusCode, rules.body).toBe(200);
    const before = await balanceOf(t, owner.accessToken);
    // Each row is below the limit; the batch as a whole is above it.
    const waiting = (await postBatch(sender, { rows: [row({ amount: 30 }), row({ amount: 30 })] })).json();
    expect(waiting.status).toBe('pending_approval');
    expect(waiting.approval.expires_at).toEqual(expect.any(String));
    const held = await balanceOf(t, owner.accessToken);
    expect(Math.round((before.available - held.available) * 100)).toBe(waiting.charged.total_minor);

    const own = await t.app.inject({
      method: 'POST',
      url: `/api/v1/batches/${waiting.batch_id}/approve`,
      headers: bearer(sender.accessToken),
    });
    expect(own.statusCode).toBe(403);
    const approve = await t.app.inject({
      method: 'POST',
      url: `/api/v1/batches/${waiting.batch_id}/approve`,
      headers: bearer(owner.accessToken),
    });
    expect(approve.statusCode, approve.body).toBe(200);
    const again = await t.app.inject({
      method: 'POST',
      url: `/api/v1/batches/${waiting.batch_id}/approve`,
      headers: bearer(owner.accessToken),
    });
    expect(again.statusCode).toBe(409);
    expect((await completed(owner, waiting.batch_id)).counts.delivered).toBe(2);

    const second = (await postBatch(sender, { rows: [row({ amount: 30 }), row({ amount: 30 })] })).json();
    const reject = await t.app.inject({
      method: 'POST',
      url: `/api/v1/batches/${second.batch_id}/reject`,
      headers: bearer(owner.accessToken),
      payload: { note: 'Not this quarter' },
    });
    expect(reject.statusCode, reject.body).toBe(200);
    expect(reject.json()).toMatchObject({ status: 'rejected', counts: { rejected: 2, ordered: 0 } });
    const { n } = (
      await sql<{ n: number }>`SELECT count(*)::int AS n FROM orders WHERE batch_id = ${second.batch_id}`.execute(
        t.database.db,
      )
    ).rows[0] as { n: number };
    expect(n).toBe(0);
    expect((await balanceOf(t, owner.accessToken)).held).toBe(0);
    await expectLedgerConsistent(owner);

    // An owner's batch never waits.
    const direct = (await postBatch(owner, { rows: [row({ amount: 30 }), row({ amount: 30 })] })).json();
    expect(direct.status).toBe('accepting');
  });

  it('a batch that waited 7 days is rejected at a late approval, its hold released, and says so after', async () => {
    const owner = await signUpVerifiedUser(t);
    const sender = await joinAs(t, owner, 'sender');
    await t.app.inject({
      method: 'PATCH',
      url: '/api/v1/approval-rules',
      headers: bearer(owner.accessToken),
      payload: { above_usd_minor: 5000 },
    });
    const before = await balanceOf(t, owner.accessToken);
    const waiting = (await postBatch(sender, { rows: [row({ amount: 30 }), row({ amount: 30 })] })).json();
    expect(waiting.status).toBe('pending_approval');
    await sql`UPDATE batches SET approval_expires_at = now() - interval '1 minute' WHERE id = ${waiting.batch_id}`.execute(
      t.database.db,
    );
    const approve = () =>
      t.app.inject({
        method: 'POST',
        url: `/api/v1/batches/${waiting.batch_id}/approve`,
        headers: bearer(owner.accessToken),
      });
    for (const late of [await approve(), await approve()]) {
      expect(late.statusCode, late.body).toBe(409);
      expect(late.json()).toMatchObject({ code: 'CONFLICT', error: expect.stringMatching(/waited 7 days/) });
    }
    expect((await getBatch(owner, waiting.batch_id)).status).toBe('rejected');
    expect(await balanceOf(t, owner.accessToken)).toMatchObject({ available: before.available, held: 0 });
  });

  it('charges rows in another currency at the quote’s rate, and refuses the batch on an expired quote', async () => {
    const owner = await signUpVerifiedUser(t);
    const gbp = await pickProduct(t, { country: 'UK', currency: 'GBP' });
    const quote = await t.app.inject({
      method: 'POST',
      url: '/api/v1/fx/quotes',
      headers: bearer(owner.accessToken),
      payload: { from: 'GBP' },
    });
    const quoteId = quote.json().quote_id;
    // The market moves after the quote: the batch still pays the quote's rate.
    await sql`UPDATE fx_quotes SET rate = 1.3113 WHERE id = ${quoteId}`.execute(t.database.db);
    const rows = [row({ product_code: gbp.code, amount: gbp.minValue }), row()];
    const preview = await t.app.inject({
      method: 'POST',
      url: '/api/v1/batches/preview',
      headers: bearer(owner.accessToken),
      payload: { rows, quote_ids: [quoteId] },
    });
    expect(preview.json().rates).toEqual({ GBP: '1.3113', USD: '1' });
    const res = await postBatch(owner, { rows, quote_ids: [quoteId] });
    expect(res.statusCode, res.body).toBe(202);
    const done = await completed(owner, res.json().batch_id);
    const { data } = await rowsOf(owner, res.json().batch_id);
    const order = (
      await t.app.inject({ url: `/api/v1/orders/${data[0].order_id}`, headers: bearer(owner.accessToken) })
    ).json();
    expect(order.charged.rate).toBe('1.3113');
    expect(data[0].charged_total_minor).toBe(order.charged.total_minor);
    expect(done.charged.total_minor).toBe(preview.json().total_minor);

    await sql`UPDATE fx_quotes SET created_at = created_at - interval '61 seconds', expires_at = expires_at - interval '61 seconds'
              WHERE id = ${quoteId}`.execute(t.database.db);
    const before = await balanceOf(t, owner.accessToken);
    const expired = await postBatch(owner, { rows, quote_ids: [quoteId] });
    expect(expired.statusCode).toBe(409);
    expect(expired.json().code).toBe('QUOTE_EXPIRED');
    expect(await balanceOf(t, owner.accessToken)).toEqual(before);
    expect(await batchesOf(owner)).toBe(1);
    const stranger = await signUpVerifiedUser(t);
    expect((await postBatch(stranger, { rows, quote_ids: [quoteId] })).statusCode).toBe(400);
  });

  it('schedules a row with send_at, stays sending until it goes, and completes when it is cancelled', async () => {
    const owner = await signUpVerifiedUser(t);
    const later = new Date(Date.now() + 2 * 3_600_000).toISOString();
    const res = await postBatch(owner, { rows: [row(), row({ send_at: later })] });
    expect(res.statusCode, res.body).toBe(202);
    const id = res.json().batch_id;
    const sent = await eventually(async () => {
      const b = await getBatch(owner, id);
      return b.counts.delivered === 1 ? b : undefined;
    });
    expect(sent).toMatchObject({ status: 'sending', counts: { in_progress: 1, ordered: 2 } });
    const { data } = await rowsOf(owner, id);
    expect(data[1]).toMatchObject({ status: 'ordered', order_status: 'scheduled' });
    const order = (
      await t.app.inject({ url: `/api/v1/orders/${data[1].order_id}`, headers: bearer(owner.accessToken) })
    ).json();
    expect(order.send_at).toBe(later);
    const cancel = await t.app.inject({
      method: 'POST',
      url: `/api/v1/orders/${data[1].order_id}/cancel`,
      headers: bearer(owner.accessToken),
    });
    expect(cancel.statusCode, cancel.body).toBe(200);
    const done = await completed(owner, id);
    expect(done.counts).toMatchObject({ delivered: 1, cancelled: 1, in_progress: 0 });
    expect((await balanceOf(t, owner.accessToken)).held).toBe(0);
    await expectLedgerConsistent(owner);
  });
});
