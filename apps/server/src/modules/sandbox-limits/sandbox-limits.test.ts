import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, type SignedUpUser, signUpVerifiedUser } from '../../../test/factories';
import { joinAs } from '../../../test/factories/members';
import { balanceOf, countRows, pickProduct, postOrder, recipient, settledOrder } from '../../../test/factories/orders';
import { createTestApp, TEST_DB, type TestApp } from '../../../test/helpers';

/**
 * Sandbox is not a mail relay (issue 29 item 6, decision 063), through HTTP into the database: a
 * daily cap of distinct addresses outside the organisation (3 here) for orders, batches and
 * resends, members never counted, held under concurrency; and the sandbox balance's maximum.
 */
let t: TestApp;
let productCode: string;
beforeAll(async () => {
  t = await createTestApp({ env: { SANDBOX_OUTSIDE_RECIPIENTS_PER_DAY: '3' } });
  productCode = (await pickProduct(t)).code;
});
afterAll(() => t.close());

const order = (user: SignedUpUser, email: string) =>
  postOrder(t, user.accessToken, { product_code: productCode, amount: 10, email, quantity: 1 });
const batch = (user: SignedUpUser, emails: string[]) =>
  t.app.inject({
    method: 'POST',
    url: '/api/v1/batches',
    headers: { ...bearer(user.accessToken), 'idempotency-key': randomUUID() },
    payload: { rows: emails.map((email) => ({ email, amount: 10, product_code: productCode })) },
  });
const topUp = (user: SignedUpUser, amount: number) =>
  t.app.inject({
    method: 'POST',
    url: '/api/v1/balance/sandbox-topup',
    headers: bearer(user.accessToken),
    payload: { amount },
  });
const limits = async (user: SignedUpUser) =>
  (await t.app.inject({ url: '/api/v1/balance', headers: bearer(user.accessToken) })).json().sandbox_limits;

const LIMIT_MESSAGE =
  "Sandbox rewards reach at most 3 addresses outside your organisation a day, and today's are used. Send to your organisation's members, wait until tomorrow (UTC), or go live";

describe(`sandbox outside recipients per day (${TEST_DB})`, () => {
  it('counts a text-only order’s number as an outside recipient: no way round the cap by leaving the email out', async () => {
    // Decision 088: an order may have a phone and no email. Sandbox is not an SMS relay either.
    const owner = await signUpVerifiedUser(t);
    const numbers = ['+15555550141', '+15555550142', '+15555550143'];
    for (const phone of numbers) {
      const res = await postOrder(t, owner.accessToken, { product_code: productCode, amount: 10, phone } as never);
      expect(res.statusCode, res.body).toBe(201);
    }
    expect((await limits(owner)).outside_recipients_today).toBe(3);
    const orders = await countRows(t, 'orders', owner.organisationId);
    const refused = await postOrder(t, owner.accessToken, {
      product_code: productCode,
      amount: 10,
      phone: '+15555550144',
    } as never);
    expect(refused.statusCode).toBe(429);
    expect(refused.json().code).toBe('SANDBOX_RECIPIENT_LIMIT');
    expect(await countRows(t, 'orders', owner.organisationId)).toBe(orders);
  });

  it('counts distinct outside addresses only: the same one again and members go, a new one past the cap is refused before any hold', async () => {
    const owner = await signUpVerifiedUser(t);
    const sender = await joinAs(t, owner, 'sender');
    const outside = [recipient(), recipient(), recipient()];
    for (const email of outside) expect((await order(owner, email)).statusCode).toBe(201);
    expect(await limits(owner)).toEqual({
      max_balance: 100_000,
      outside_recipients_per_day: 3,
      outside_recipients_today: 3,
    });
    const before = await balanceOf(t, owner.accessToken);
    const orders = await countRows(t, 'orders', owner.organisationId);

    const refused = await order(owner, recipient());
    expect(refused.statusCode).toBe(429);
    expect(refused.json()).toMatchObject({ code: 'SANDBOX_RECIPIENT_LIMIT', error: LIMIT_MESSAGE });
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
    expect(await countRows(t, 'orders', owner.organisationId)).toBe(orders);
    expect((await balanceOf(t, owner.accessToken)).available).toBe(before.available);

    // Upper case is the same address; members (any case) are not outside.
    expect((await order(owner, (outside[0] as string).toUpperCase())).statusCode).toBe(201);
    expect((await order(owner, sender.email.toUpperCase())).statusCode).toBe(201);
    expect((await order(sender, owner.email)).statusCode).toBe(201);
    // Another organisation has its own places.
    const other = await signUpVerifiedUser(t);
    expect((await order(other, recipient())).statusCode).toBe(201);
  });

  it('checks a batch up front: one that would pass the cap is refused whole', async () => {
    const owner = await signUpVerifiedUser(t);
    expect((await order(owner, recipient())).statusCode).toBe(201);
    const tooMany = await batch(owner, [recipient(), recipient(), recipient(), owner.email]);
    expect(tooMany.statusCode).toBe(429);
    expect(tooMany.json()).toMatchObject({
      code: 'SANDBOX_RECIPIENT_LIMIT',
      error:
        "Sandbox rewards reach at most 3 addresses outside your organisation a day: this batch has 3 new ones and 2 are left today. Send it to fewer outside addresses or to your organisation's members, wait until tomorrow (UTC), or go live",
    });
    const batches = await t.app.inject({ url: '/api/v1/batches', headers: bearer(owner.accessToken) });
    expect(batches.json().data).toEqual([]);
    expect((await limits(owner)).outside_recipients_today).toBe(1);
    expect((await batch(owner, [recipient(), recipient(), owner.email])).statusCode).toBe(202);
    expect((await limits(owner)).outside_recipients_today).toBe(3);
  });

  it('counts a resend to another address', async () => {
    const owner = await signUpVerifiedUser(t);
    const placed = await order(owner, recipient());
    await settledOrder(t, owner.accessToken, placed.json().order_id);
    for (let i = 0; i < 2; i++) expect((await order(owner, recipient())).statusCode).toBe(201);
    const resend = await t.app.inject({
      method: 'POST',
      url: `/api/v1/orders/${placed.json().order_id}/resend`,
      headers: bearer(owner.accessToken),
      payload: { email: recipient() },
    });
    expect(resend.statusCode).toBe(429);
    expect(resend.json().code).toBe('SANDBOX_RECIPIENT_LIMIT');
  });

  it('counts a new address ordered six times at once as one, and an ended session’s order takes no place', async () => {
    // The order's statement reserves (decision 093): the address is new only to the order that
    // inserted it, and the reservation waits for a live credential like every other write.
    const owner = await signUpVerifiedUser(t);
    const email = recipient();
    const answers = await Promise.all(Array.from({ length: 6 }, () => order(owner, email)));
    expect(answers.map((a) => a.statusCode)).toEqual([201, 201, 201, 201, 201, 201]);
    expect((await limits(owner)).outside_recipients_today).toBe(1);

    const leaving = await joinAs(t, owner, 'admin');
    const logout = await t.app.inject({
      method: 'POST',
      url: '/api/v1/auth/logout',
      headers: bearer(leaving.accessToken),
    });
    expect(logout.statusCode).toBeLessThan(300);
    expect((await order(leaving, recipient())).statusCode).toBe(401);
    expect((await limits(owner)).outside_recipients_today).toBe(1);
  });

  it('holds under concurrency: of 8 orders at once to new addresses, exactly 3 go', async () => {
    const owner = await signUpVerifiedUser(t);
    const answers = await Promise.all(Array.from({ length: 8 }, () => order(owner, recipient())));
    const codes = answers.map((a) => a.statusCode).sort();
    expect(codes).toEqual([201, 201, 201, 429, 429, 429, 429, 429]);
    expect(await countRows(t, 'orders', owner.organisationId)).toBe(3);
  });
});

describe(`sandbox balance maximum (${TEST_DB})`, () => {
  it('refuses a top-up past 100,000 of play money, also when two race for the last room', async () => {
    const owner = await signUpVerifiedUser(t);
    // 5,000 to start with.
    expect((await topUp(owner, 90_000)).statusCode).toBe(200);
    const over = await topUp(owner, 5_000.01);
    expect(over.statusCode).toBe(409);
    expect(over.json()).toMatchObject({
      code: 'SANDBOX_BALANCE_LIMIT',
      error: 'A sandbox balance holds at most 100,000 USD of play money: top up at most 5000 more',
    });
    expect((await balanceOf(t, owner.accessToken)).available).toBe(95_000);

    const racer = await signUpVerifiedUser(t);
    const both = await Promise.all([topUp(racer, 50_000), topUp(racer, 50_000)]);
    expect(both.map((r) => r.statusCode).sort()).toEqual([200, 409]);
    expect((await balanceOf(t, racer.accessToken)).available).toBe(55_000);
  });
});
