import { addDays, type BalanceTransaction, utcDay } from '@giftrelay/contracts';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, type SignedUpUser, signUpVerifiedUser } from '../../../test/factories';
import {
  balanceOf,
  type ProductPick,
  pickProduct,
  postOrder,
  recipient,
  sandboxOf,
  settledOrder,
} from '../../../test/factories/orders';
import { createTestApp, TEST_DB, type TestApp } from '../../../test/helpers';
import { pdfLines, readPdf } from '../../../test/pdf-text';
import { postEntry } from './repository';

let t: TestApp;
let product: ProductPick;
beforeAll(async () => {
  t = await createTestApp({ env: { FULFILMENT_MAX_ATTEMPTS: '1', FULFILMENT_RETRY_DELAY_SECONDS: '1' } });
  product = await pickProduct(t);
});
afterAll(() => t.close());

interface Page {
  data: BalanceTransaction[];
  has_more: boolean;
  next_cursor: string | null;
}

const get = (token: string, url: string) => t.app.inject({ url, headers: bearer(token) });

async function transactions(token: string, query = ''): Promise<Page> {
  const res = await get(token, `/api/v1/balance/transactions${query}`);
  if (res.statusCode !== 200) throw new Error(`transactions: ${res.statusCode} ${res.body}`);
  return res.json();
}

/** Every page, following next_cursor. */
async function allTransactions(token: string, query: string): Promise<BalanceTransaction[]> {
  const out: BalanceTransaction[] = [];
  let cursor: string | null = null;
  for (let i = 0; i < 100; i++) {
    const page: Page = await transactions(token, `${query}${cursor ? `&cursor=${encodeURIComponent(cursor)}` : ''}`);
    out.push(...page.data);
    if (!page.has_more) return out;
    cursor = page.next_cursor;
  }
  throw new Error('too many pages');
}

async function order(token: string, amount: number) {
  const res = await postOrder(t, token, { product_code: product.code, amount, email: recipient(), quantity: 1 });
  if (res.statusCode !== 201) throw new Error(`order: ${res.statusCode} ${res.body}`);
  const id = res.json().order_id as string;
  return { id, detail: await settledOrder(t, token, id) };
}

describe(`balance history (${TEST_DB})`, () => {
  let user: SignedUpUser;
  let captured: string;
  let released: string;
  beforeAll(async () => {
    user = await signUpVerifiedUser(t);
    const top = await t.app.inject({
      method: 'POST',
      url: '/api/v1/balance/sandbox-topup',
      headers: bearer(user.accessToken),
      payload: { amount: '100' },
    });
    expect(top.statusCode).toBe(200);
    const a = await order(user.accessToken, Math.max(25, product.minValue));
    expect(a.detail.status).toBe('completed');
    captured = a.id;
    await sandboxOf(t).injectFailures({ kind: 'declined', times: 1, productCode: product.code });
    const b = await order(user.accessToken, Math.max(10, product.minValue));
    expect(b.detail.status).toBe('failed');
    released = b.id;
  });

  it('lists funding, holds, captures and releases newest first, with signs and the running balance', async () => {
    const { data, has_more, next_cursor } = await transactions(user.accessToken);
    expect({ has_more, next_cursor }).toEqual({ has_more: false, next_cursor: null });
    expect(data.map((e) => [e.kind, e.order_id])).toEqual([
      ['release', released],
      ['hold', released],
      ['capture', captured],
      ['hold', captured],
      ['funding', null],
      ['funding', null],
    ]);
    const [release, holdB, capture, holdA, topUp, start] = data as [
      BalanceTransaction,
      BalanceTransaction,
      BalanceTransaction,
      BalanceTransaction,
      BalanceTransaction,
      BalanceTransaction,
    ];
    expect(start).toMatchObject({
      type: 'Funding',
      direction: 'credit',
      amount_minor: 500_000,
      available_change_minor: 500_000,
      held_change_minor: 0,
      available_after_minor: 500_000,
      amount: 5000,
      currency: 'USD',
    });
    expect(topUp).toMatchObject({ direction: 'credit', amount_minor: 10_000, available_after_minor: 510_000 });
    const totalA = holdA.held_change_minor;
    expect(totalA).toBeGreaterThan(0);
    expect(holdA).toMatchObject({ direction: 'debit', amount_minor: -totalA, available_change_minor: -totalA });
    expect(capture).toMatchObject({
      type: 'Capture',
      direction: 'debit',
      amount_minor: -totalA,
      available_change_minor: 0,
      held_change_minor: -totalA,
      available_after_minor: 510_000 - totalA,
    });
    const totalB = holdB.held_change_minor;
    expect(release).toMatchObject({
      direction: 'credit',
      amount_minor: totalB,
      available_change_minor: totalB,
      held_change_minor: -totalB,
      available_after_minor: 510_000 - totalA,
    });
    // Each balance after is the one below it plus the entry's own movement, and the newest is the balance now.
    for (let i = 0; i < data.length - 1; i++) {
      const [now, below] = [data[i] as BalanceTransaction, data[i + 1] as BalanceTransaction];
      expect(now.available_after_minor).toBe(below.available_after_minor + now.available_change_minor);
    }
    const balance = await balanceOf(t, user.accessToken);
    expect(release.available_after).toBe(balance.available);
    expect(release.available_after_minor).toBe(Math.round(balance.available * 100));
    expect(typeof release.created_at).toBe('string');
    expect(release.description).toMatch(/released/i);
  });

  it('pages with signed cursors give the same entries and balances as one page', async () => {
    const whole = (await transactions(user.accessToken, '?limit=100')).data;
    const first = await transactions(user.accessToken, '?limit=4');
    expect(first).toMatchObject({ has_more: true });
    expect(first.data).toHaveLength(4);
    expect(await allTransactions(user.accessToken, '?limit=1')).toEqual(whole);
    expect(await allTransactions(user.accessToken, '?limit=4')).toEqual(whole);
    // Filtered pages carry the balance across the entries they skip.
    const debits = await allTransactions(user.accessToken, '?direction=debit&limit=1');
    expect(debits).toEqual(whole.filter((e) => e.direction === 'debit'));
  });

  it('filters by kind (one, several, repeated), direction, order and dates', async () => {
    const whole = (await transactions(user.accessToken)).data;
    const kinds = async (q: string) => (await transactions(user.accessToken, q)).data.map((e) => e.kind);
    expect(await kinds('?kind=capture')).toEqual(['capture']);
    expect(await kinds('?kind=hold,release')).toEqual(['release', 'hold', 'hold']);
    expect(await kinds('?kind=hold&kind=release')).toEqual(['release', 'hold', 'hold']);
    expect(await kinds('?kind=refund')).toEqual([]);
    expect(await kinds('?direction=credit')).toEqual(['release', 'funding', 'funding']);
    expect(await kinds('?direction=debit')).toEqual(['hold', 'capture', 'hold']);
    expect(await kinds(`?order_id=${captured}`)).toEqual(['capture', 'hold']);
    expect((await transactions(user.accessToken, `?order_id=${captured}`)).data).toEqual(
      whole.filter((e) => e.order_id === captured),
    );
    const today = utcDay();
    expect(await kinds(`?from=${today}&to=${today}`)).toHaveLength(6);
    expect(await kinds(`?to=${addDays(today, -1)}`)).toEqual([]);
    expect(await kinds(`?from=${addDays(today, 1)}`)).toEqual([]);
    expect(await kinds(`?from=${today}&kind=funding&direction=credit`)).toEqual(['funding', 'funding']);
  });

  it('refuses a forged cursor, bad dates, reversed ranges and hostile values with 400, never a 5xx', async () => {
    const first = await transactions(user.accessToken, '?limit=1');
    const cursor = first.next_cursor as string;
    const [payload, mac] = cursor.split('.') as [string, string];
    const forged = `${Buffer.from(JSON.stringify(['999999', 100_000_000])).toString('base64url')}.${mac}`;
    for (const bad of [forged, `${payload}.${mac.slice(0, -2)}AA`, 'nonsense', `${payload}.${mac}.x`]) {
      const res = await get(user.accessToken, `/api/v1/balance/transactions?cursor=${encodeURIComponent(bad)}`);
      expect(res.statusCode, bad).toBe(400);
      expect(res.json()).toMatchObject({ code: 'VALIDATION_ERROR', details: [{ path: 'query.cursor' }] });
    }
    const today = utcDay();
    const cases: [string, string][] = [
      [`from=${today}&to=${addDays(today, -1)}`, 'query.to'],
      ['from=2026-02-30', 'query.from'],
      ['to=yesterday', 'query.to'],
      ['from=2026-01-01%00', 'query.from'],
      [`from=${'9'.repeat(5000)}`, 'query.from'],
      ['kind=bogus', 'query.kind'],
      ['kind=hold,,capture', 'query.kind'],
      [`kind=${Array.from({ length: 50 }, () => 'hold').join('&kind=')}`, 'query.kind'],
      ['kind=%00', 'query.kind'],
      ['direction=sideways', 'query.direction'],
      ['order_id=not-a-uuid', 'query.order_id'],
      ['limit=1000', 'query.limit'],
      ['limit=-1', 'query.limit'],
      ['limit=abc', 'query.limit'],
    ];
    for (const [query, path] of cases) {
      const res = await get(user.accessToken, `/api/v1/balance/transactions?${query}`);
      expect(res.statusCode, query.slice(0, 80)).toBe(400);
      expect(
        res.json().details.map((d: { path: string }) => d.path),
        query.slice(0, 80),
      ).toContain(path);
    }
    expect(
      (await get(user.accessToken, '/api/v1/balance/transactions?from=2026-01-01&from=2026-01-02')).statusCode,
    ).toBe(400);
    expect((await t.app.inject({ url: '/api/v1/balance/transactions' })).statusCode).toBe(401);
  });

  it("never shows another organisation's entries, even by its order id or its cursor", async () => {
    const other = await signUpVerifiedUser(t);
    const theirs = await transactions(other.accessToken);
    expect(theirs.data.map((e) => e.kind)).toEqual(['funding']);
    expect(theirs.data[0]).toMatchObject({ available_after_minor: 500_000 });
    expect((await transactions(other.accessToken, `?order_id=${captured}`)).data).toEqual([]);
    const mine = await transactions(user.accessToken, '?limit=2');
    const res = await get(other.accessToken, `/api/v1/balance/transactions?cursor=${mine.next_cursor}`);
    // A cursor only says where to start: the other organisation's listing below that entry is its own.
    expect(res.statusCode).toBe(200);
    expect(res.json().data.every((e: BalanceTransaction) => e.order_id === null)).toBe(true);
  });

  it('an API key with balance:read reads the history and statements; one without it is refused', async () => {
    const key = async (scopes: string[]) => {
      const res = await t.app.inject({
        method: 'POST',
        url: '/api/v1/api-keys',
        headers: bearer(user.accessToken),
        payload: { name: `history ${scopes.join(' ')}`, scopes },
      });
      expect(res.statusCode, res.body).toBe(201);
      return res.json().key as string;
    };
    const reader = await key(['balance:read']);
    const listed = await get(reader, '/api/v1/balance/transactions?limit=2');
    expect(listed.statusCode).toBe(200);
    expect(listed.json().data).toHaveLength(2);
    expect((await get(reader, `/api/v1/balance/statement?from=${utcDay()}&to=${utcDay()}`)).statusCode).toBe(200);
    expect((await get(reader, '/api/v1/balance/funding-instructions')).statusCode).toBe(200);
    const other = await key(['orders:read']);
    const refused = await get(other, '/api/v1/balance/transactions');
    expect(refused.statusCode).toBe(403);
    expect(refused.json()).toMatchObject({ code: 'FORBIDDEN' });
  });

  it('covers only the current accounts: closed sandbox accounts are left out after going live', async () => {
    const org = await signUpVerifiedUser(t);
    await closeAccountsAndGoLive(org.organisationId);
    expect((await transactions(org.accessToken)).data).toEqual([]);
    await t.database.db.transaction().execute((tx) =>
      postEntry(tx, {
        organisationId: org.organisationId,
        kind: 'funding',
        currency: 'USD',
        description: 'Bank transfer received',
        postings: [
          { account: 'funding_source', amountMinor: -12_345 },
          { account: 'available', amountMinor: 12_345 },
        ],
      }),
    );
    const { data } = await transactions(org.accessToken);
    expect(data.map((e) => [e.kind, e.available_after_minor])).toEqual([['funding', 12_345]]);
    const csv = await statementCsv(org.accessToken, utcDay(), utcDay());
    expect(csv.opening).toEqual({ available: '0.00', held: '0.00' });
    expect(csv.closing).toEqual({ available: '123.45', held: '0.00' });
    expect(csv.movements).toHaveLength(1);
    expect(csv.meta.Mode).toBe('Live');
  });
});

/** What the other engineer's going live does to the ledger (decision 045): close, and open live accounts. */
async function closeAccountsAndGoLive(organisationId: string) {
  await sql`UPDATE ledger_accounts SET closed_at = now() WHERE organisation_id = ${organisationId}`.execute(
    t.database.db,
  );
  await sql`UPDATE organisations SET sandbox = false WHERE id = ${organisationId}`.execute(t.database.db);
  await sql`INSERT INTO ledger_accounts (organisation_id, kind, currency, live)
            VALUES (${organisationId}, 'available', 'USD', true), (${organisationId}, 'held', 'USD', true)`.execute(
    t.database.db,
  );
}

interface ParsedCsv {
  meta: Record<string, string>;
  header: string[];
  rows: string[][];
  opening: { available: string; held: string };
  closing: { available: string; held: string };
  movements: string[][];
  totals: string[][];
}

/** A minimal RFC 4180 reader: quoted cells, doubled quotes, CRLF. */
function parseCsv(text: string): string[][] {
  const rows: string[][] = [];
  let row: string[] = [];
  let cell = '';
  let quoted = false;
  for (let i = 0; i < text.length; i++) {
    const ch = text[i] as string;
    if (quoted) {
      if (ch === '"' && text[i + 1] === '"') {
        cell += '"';
        i++;
      } else if (ch === '"') quoted = false;
      else cell += ch;
    } else if (ch === '"') quoted = true;
    else if (ch === ',') {
      row.push(cell);
      cell = '';
    } else if (ch === '\n') {
      row.push(cell);
      rows.push(row);
      row = [];
      cell = '';
    } else if (ch !== '\r') cell += ch;
  }
  if (cell || row.length) rows.push([...row, cell]);
  return rows;
}

async function statementRaw(token: string, query: string) {
  return t.app.inject({ url: `/api/v1/balance/statement?${query}`, headers: bearer(token) });
}

async function statementCsv(token: string, from: string, to: string): Promise<ParsedCsv> {
  const res = await statementRaw(token, `from=${from}&to=${to}&format=csv`);
  if (res.statusCode !== 200) throw new Error(`statement: ${res.statusCode} ${res.body}`);
  expect(res.headers['content-type']).toMatch(/^text\/csv/);
  const all = parseCsv(res.body.replace(/^\uFEFF/, ''));
  const split = all.findIndex((r) => r[0] === 'Record');
  const meta = Object.fromEntries(all.slice(1, split - 1).map((r) => [r[0], r[1]]));
  const header = all[split] as string[];
  const rows = all.slice(split + 1);
  const col = (name: string) => header.indexOf(name);
  const balances = (r: string[] | undefined) => ({
    available: r?.[col('Available balance')] as string,
    held: r?.[col('Held balance')] as string,
  });
  return {
    meta,
    header,
    rows,
    opening: balances(rows.find((r) => r[0] === 'Opening balance')),
    closing: balances(rows.find((r) => r[0] === 'Closing balance')),
    movements: rows.filter((r) => r[0] === 'Movement'),
    totals: rows.filter((r) => r[0] === 'Total'),
  };
}

const cents = (s: string | undefined) => (s ? Math.round(Number(s) * 100) : 0);

describe(`balance statements (${TEST_DB})`, () => {
  let user: SignedUpUser;
  beforeAll(async () => {
    user = await signUpVerifiedUser(t);
    const a = await order(user.accessToken, Math.max(25, product.minValue));
    expect(a.detail.status).toBe('completed');
  });

  it('CSV: opening + movements = closing = the balance now, with totals by kind and the header', async () => {
    const today = utcDay();
    const res = await statementRaw(user.accessToken, `from=${addDays(today, -6)}&to=${today}&format=csv`);
    expect(res.headers['content-disposition']).toBe(
      `attachment; filename="giftrelay-statement-${addDays(today, -6)}-${today}.csv"`,
    );
    const csv = await statementCsv(user.accessToken, addDays(today, -6), today);
    expect(csv.meta).toMatchObject({
      Organisation: expect.any(String),
      'Billing currency': 'USD',
      'Period (UTC)': `${addDays(today, -6)} to ${today}`,
      Mode: 'Sandbox (play money, no value)',
    });
    expect(csv.opening).toEqual({ available: '0.00', held: '0.00' });
    expect(csv.movements.map((r) => r[csv.header.indexOf('Kind')])).toEqual(['funding', 'hold', 'capture']);
    const col = (name: string) => csv.header.indexOf(name);
    let available = cents(csv.opening.available);
    let held = cents(csv.opening.held);
    for (const r of csv.movements) {
      available += cents(r[col('Available credit')]) - cents(r[col('Available debit')]);
      held += cents(r[col('Held credit')]) - cents(r[col('Held debit')]);
      expect(cents(r[col('Available balance')])).toBe(available);
      expect(cents(r[col('Held balance')])).toBe(held);
    }
    expect({ available: cents(csv.closing.available), held: cents(csv.closing.held) }).toEqual({ available, held });
    const balance = await balanceOf(t, user.accessToken);
    expect(csv.closing).toEqual({ available: balance.available.toFixed(2), held: balance.held.toFixed(2) });
    const totals = Object.fromEntries(csv.totals.map((r) => [r[col('Kind')], r]));
    expect(totals.funding?.[col('Available credit')]).toBe('5000.00');
    expect(totals.funding?.[col('Description')]).toBe('1 entry');
    expect(cents(totals.hold?.[col('Available debit')])).toBe(cents(totals.capture?.[col('Held debit')]));
    expect(csv.movements[1]?.[col('Order ID')]).toMatch(/^[0-9a-f-]{36}$/);
  });

  it('the period picks the entries; before it is the opening balance, after it is left out', async () => {
    const org = await signUpVerifiedUser(t);
    const tenDaysAgo = addDays(utcDay(), -10);
    await insertBackdatedFunding(org.organisationId, 1000, new Date(`${tenDaysAgo}T12:00:00Z`));
    const then = await statementCsv(org.accessToken, tenDaysAgo, tenDaysAgo);
    expect(then.opening.available).toBe('0.00');
    expect(then.movements.map((r) => r[then.header.indexOf('Description')])).toEqual(['Backdated funding']);
    expect(then.closing.available).toBe('10.00');
    const today = await statementCsv(org.accessToken, utcDay(), utcDay());
    expect(today.opening.available).toBe('10.00');
    expect(today.movements).toHaveLength(1);
    expect(today.closing.available).toBe('5010.00');
    const between = await statementCsv(org.accessToken, addDays(tenDaysAgo, 1), addDays(utcDay(), -1));
    expect(between.movements).toEqual([]);
    expect(between.opening).toEqual(between.closing);
    const emptyPdf = await statementRaw(
      org.accessToken,
      `from=${addDays(tenDaysAgo, 1)}&to=${addDays(utcDay(), -1)}&format=pdf`,
    );
    const parsed = readPdf(emptyPdf.rawPayload);
    expect(parsed.pageCount).toBe(1);
    const lines = pdfLines(parsed.texts[0] ?? []);
    expect(lines).toContain('No movements in this period.');
    expect(lines.filter((l) => l.includes('Available 10.00 USD'))).toHaveLength(2);
    // The history's date filters agree.
    const listed = await transactions(org.accessToken, `?from=${tenDaysAgo}&to=${tenDaysAgo}`);
    expect(listed.data.map((e) => e.description)).toEqual(['Backdated funding']);
  });

  it('PDF: a valid file (xref offsets, trailer) over several A4 pages, with the expected text', async () => {
    const org = await signUpVerifiedUser(t);
    await t.database.db.transaction().execute(async (tx) => {
      for (let i = 1; i <= 90; i++) {
        await postEntry(tx, {
          organisationId: org.organisationId,
          kind: 'funding',
          currency: 'USD',
          description: `Transfer (ref \\ ${i}) — Zoë’s “café” 東京 €`,
          postings: [
            { account: 'funding_source', amountMinor: -i },
            { account: 'available', amountMinor: i },
          ],
        });
      }
    });
    await sql`UPDATE organisations SET name = ${'Acme (Europe) \\ Ltd'} WHERE id = ${org.organisationId}`.execute(
      t.database.db,
    );
    const today = utcDay();
    const res = await statementRaw(org.accessToken, `from=${addDays(today, -30)}&to=${today}&format=pdf`);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('application/pdf');
    expect(res.headers['content-disposition']).toBe(
      `attachment; filename="giftrelay-statement-${addDays(today, -30)}-${today}.pdf"`,
    );
    const pdf = readPdf(res.rawPayload);
    expect(pdf.pageCount).toBeGreaterThanOrEqual(3);
    expect(pdf.mediaBoxes.every((b) => b === '0 0 842 595')).toBe(true);
    const pieces = pdf.texts.flat().map((p) => p.text);
    expect(pieces).toContain('Balance statement');
    expect(pieces).toContain('Acme (Europe) \\ Ltd');
    expect(pieces).toContain('Opening balance');
    expect(pieces).toContain('Closing balance');
    expect(pieces).toContain('Totals by type');
    // Any character prints as itself: the dash, curly quotes, accents, the euro sign and the kanji.
    expect(pieces.some((p) => p.startsWith('Transfer (ref \\ 90) — Zoë’s “café” 東京'))).toBe(true);
    pdf.texts.forEach((page, i) => {
      expect(page.map((p) => p.text)).toContain(`Page ${i + 1}`);
    });
    expect(pieces).toContain('Available 5,040.95 USD');
  });

  it('PDF: Japanese and Arabic names print as themselves (embedded fonts), not as "?"', async () => {
    const reversed = (text: string) => [...text].reverse().join('');
    const org = await signUpVerifiedUser(t);
    await fundWithDescription(org.organisationId, 'Reward for محمد and 山田太郎', 100);
    const rename = (name: string) =>
      sql`UPDATE organisations SET name = ${name} WHERE id = ${org.organisationId}`.execute(t.database.db);
    const statement = async () => {
      const res = await statementRaw(org.accessToken, `from=${utcDay()}&to=${utcDay()}&format=pdf`);
      expect(res.statusCode).toBe(200);
      expect(res.headers['content-type']).toBe('application/pdf');
      return readPdf(res.rawPayload);
    };
    await rename('山田太郎商店');
    const japanese = await statement();
    const pieces = japanese.texts.flat().map((p) => p.text);
    expect(pieces).toContain('山田太郎商店');
    expect(pieces).toContain('GiftRelay balance statement · 山田太郎商店');
    // Arabic is drawn right to left: its glyphs, read from the left, are the letters reversed.
    const lines = pdfLines(japanese.texts[0] ?? []);
    expect(lines.some((l) => l.includes(`Reward for ${reversed('محمد')} and 山田太郎`))).toBe(true);
    expect(japanese.texts.flat().some((p) => p.text.includes('?'))).toBe(false);

    await rename('محمد علي');
    const arabic = await statement();
    expect(arabic.texts.flat().map((p) => p.text)).toContain(reversed('محمد علي'));
  });

  it('refuses bad periods with 400 naming the field; a future end is read as today', async () => {
    const today = utcDay();
    const cases: [string, string][] = [
      [`from=${today}&to=${addDays(today, -1)}`, 'query.to'],
      [`from=${addDays(today, -400)}&to=${today}`, 'query.from'],
      [`from=${addDays(today, 1)}&to=${addDays(today, 2)}`, 'query.from'],
      [`to=${today}`, 'query.from'],
      [`from=${today}`, 'query.to'],
      [`from=${today}&to=${today}&format=xml`, 'query.format'],
      [`from=${today}%00&to=${today}`, 'query.from'],
      [`from=2026-13-01&to=${today}`, 'query.from'],
    ];
    for (const [query, path] of cases) {
      const res = await statementRaw(user.accessToken, query);
      expect(res.statusCode, query).toBe(400);
      expect(res.headers['content-type']).toMatch(/json/);
      expect(
        res.json().details.map((d: { path: string }) => d.path),
        query,
      ).toContain(path);
    }
    const ok = await statementRaw(user.accessToken, `from=${addDays(today, -365)}&to=${addDays(today, 30)}`);
    expect(ok.statusCode).toBe(200);
    expect(ok.headers['content-disposition']).toContain(`giftrelay-statement-${addDays(today, -365)}-${today}.csv`);
  });

  it('CSV cells that a spreadsheet would run are defused', async () => {
    const org = await signUpVerifiedUser(t);
    await fundWithDescription(org.organisationId, '=HYPERLINK("http://evil.example","x")', 1);
    await sql`UPDATE organisations SET name = ${'@SUM(A1)'} WHERE id = ${org.organisationId}`.execute(t.database.db);
    const res = await statementRaw(org.accessToken, `from=${utcDay()}&to=${utcDay()}`);
    expect(res.body).toContain(`"'=HYPERLINK(""http://evil.example"",""x"")"`);
    expect(res.body).toContain("Organisation,'@SUM(A1)");
  });
});

/** A funding entry of today with the given description. */
function fundWithDescription(organisationId: string, description: string, minor: number) {
  return t.database.db.transaction().execute((tx) =>
    postEntry(tx, {
      organisationId,
      kind: 'funding',
      currency: 'USD',
      description,
      postings: [
        { account: 'funding_source', amountMinor: -minor },
        { account: 'available', amountMinor: minor },
      ],
    }),
  );
}

/** A funding entry dated in the past (the ledger takes an explicit created_at on insert), its balance moved. */
async function insertBackdatedFunding(organisationId: string, minor: number, createdAt: Date) {
  await t.database.db.transaction().execute(async (tx) => {
    const { rows } = await sql<{ id: string }>`
      INSERT INTO ledger_entries (organisation_id, kind, description, created_at)
      VALUES (${organisationId}, 'funding', 'Backdated funding', ${createdAt}) RETURNING id`.execute(tx);
    const entryId = rows[0]?.id;
    await sql`
      INSERT INTO ledger_postings (entry_id, account_id, amount_minor)
      SELECT ${entryId}::bigint, id, CASE WHEN kind = 'available' THEN ${minor}::bigint ELSE -${minor}::bigint END
      FROM ledger_accounts
      WHERE currency = 'USD' AND closed_at IS NULL
        AND ((organisation_id = ${organisationId} AND kind = 'available') OR (organisation_id IS NULL AND kind = 'funding_source'))`.execute(
      tx,
    );
    await sql`UPDATE ledger_accounts SET balance_minor = balance_minor + ${minor}
              WHERE organisation_id = ${organisationId} AND kind = 'available' AND closed_at IS NULL`.execute(tx);
  });
}

describe(`bank transfer instructions (${TEST_DB})`, () => {
  const instructions = async (app: TestApp, token: string) => {
    const res = await app.app.inject({ url: '/api/v1/balance/funding-instructions', headers: bearer(token) });
    expect(res.statusCode).toBe(200);
    return res.json().bank_transfer;
  };

  it('a sandbox organisation is told bank transfers are for live ones; unconfigured, a live one is told there are none', async () => {
    const sandbox = await signUpVerifiedUser(t);
    expect(await instructions(t, sandbox.accessToken)).toEqual({ status: 'sandbox' });
    const live = await signUpVerifiedUser(t);
    await closeAccountsAndGoLive(live.organisationId);
    expect(await instructions(t, live.accessToken)).toEqual({ status: 'not_configured' });
  });

  it('configured, a live organisation gets the account and a reference of its own that stays the same', async () => {
    const configured = await createTestApp({
      env: {
        BANK_TRANSFER_BENEFICIARY: 'GiftRelay Inc.',
        BANK_TRANSFER_BANK: 'First Example Bank',
        BANK_TRANSFER_ACCOUNT: '000123456789',
        BANK_TRANSFER_ROUTING: '021000021',
        BANK_TRANSFER_SWIFT: 'FEXBUS33',
        BANK_TRANSFER_BANK_ADDRESS: '1 Example Plaza, New York, NY',
      },
    });
    try {
      const a = await signUpVerifiedUser(configured);
      const b = await signUpVerifiedUser(configured);
      for (const org of [a, b]) {
        await sql`UPDATE organisations SET sandbox = false WHERE id = ${org.organisationId}`.execute(
          configured.database.db,
        );
      }
      const first = await instructions(configured, a.accessToken);
      expect(first).toMatchObject({
        status: 'available',
        currency: 'USD',
        beneficiary: 'GiftRelay Inc.',
        bank_name: 'First Example Bank',
        account_number: '000123456789',
        routing_number: '021000021',
        swift_code: 'FEXBUS33',
        bank_address: '1 Example Plaza, New York, NY',
        reference: expect.stringMatching(/^GR-[0-9A-Z]{10}$/),
        processing_time: expect.stringMatching(/business days/),
      });
      expect((await instructions(configured, a.accessToken)).reference).toBe(first.reference);
      expect((await instructions(configured, b.accessToken)).reference).not.toBe(first.reference);
      // A sandbox organisation on the same instance still gets no account details.
      const sandbox = await signUpVerifiedUser(configured);
      expect(await instructions(configured, sandbox.accessToken)).toEqual({ status: 'sandbox' });
    } finally {
      await configured.close();
    }
  });
});
