import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, type SignedUpUser, signUpVerifiedUser } from '../../../test/factories';
import { joinAs } from '../../../test/factories/members';
import { type ProductPick, pickProduct, postOrder, recipient, settledOrder } from '../../../test/factories/orders';
import { sandboxTopUp } from '../../../test/factories/webhooks';
import { createTestApp, TEST_DB, type TestApp } from '../../../test/helpers';

/**
 * Budgets and the spend guard (issues 37 and 33, decision 084) through HTTP into the database:
 * budgets set by owners and admins and read by their member; orders, batches and resends refused
 * past a member's or a key's limits with what is left and nothing written; a key's caps and
 * domains on every path, not only MCP; value voided going back; and on PostgreSQL, N orders at
 * once by one sender, of which exactly the budget passes.
 */
let t: TestApp;
let range: ProductPick;
let owner: SignedUpUser;
beforeAll(async () => {
  t = await createTestApp();
  range = await pickProduct(t);
  owner = await signUpVerifiedUser(t);
  await sandboxTopUp(t, owner.accessToken, 5000);
});
afterAll(() => t.close());

// $25 with the 2.5 % fee: 2563 charged.
const COST = 2563;
const order = (token: string, key?: string, email = recipient()) =>
  postOrder(t, token, { product_code: range.code, amount: 25, email, quantity: 1 }, key);
const setBudget = (token: string, path: string, monthly: unknown) =>
  t.app.inject({
    method: 'PUT',
    url: `/api/v1/${path}/budget`,
    headers: bearer(token),
    payload: { monthly_minor: monthly },
  });
const myBudget = async (token: string) =>
  (await t.app.inject({ url: '/api/v1/budgets/me', headers: bearer(token) })).json().budget;
const ordersOf = async (column: 'created_by' | 'api_key_id', id: string) =>
  Number(
    (
      await t.app.db
        .selectFrom('orders')
        .select((eb) => eb.fn.countAll().as('n'))
        .where(column, '=', id)
        .executeTakeFirstOrThrow()
    ).n,
  );
const guardOf = async (organisationId: string) =>
  (
    await t.app.db
      .selectFrom('organisations')
      .select('spend_guard')
      .where('id', '=', organisationId)
      .executeTakeFirstOrThrow()
  ).spend_guard;

async function newKey(user: SignedUpUser) {
  const res = await t.app.inject({
    method: 'POST',
    url: '/api/v1/api-keys',
    headers: bearer(user.accessToken),
    payload: { name: `Key ${randomUUID().slice(0, 6)}`, scopes: ['orders:write', 'orders:read'] },
  });
  expect(res.statusCode, res.body).toBe(201);
  return res.json() as { id: string; key: string };
}

const batch = (token: string, rows: { email: string; amount: number }[]) =>
  t.app.inject({
    method: 'POST',
    url: '/api/v1/batches',
    headers: { ...bearer(token), 'idempotency-key': randomUUID() },
    payload: { rows: rows.map((r) => ({ ...r, product_code: range.code, quantity: 1 })) },
  });

describe(`budgets and the spend guard (${TEST_DB})`, () => {
  it('owners and admins set and clear budgets; a member reads their own; hostile input writes nothing', async () => {
    const other = await signUpVerifiedUser(t);
    expect(await guardOf(owner.organisationId)).toBe(false);
    const [admin, sender] = await Promise.all([joinAs(t, owner, 'admin'), joinAs(t, owner, 'sender')]);
    expect(await myBudget(sender.accessToken)).toBeNull();
    // A sender may not set budgets, not even their own; another tenant's member is not found.
    expect((await setBudget(sender.accessToken, `members/${sender.user.id}`, 100_00)).statusCode).toBe(403);
    expect((await setBudget(other.accessToken, `members/${sender.user.id}`, 100_00)).statusCode).toBe(404);
    for (const bad of [-1, 1.5, '100', 1e12, null, 'x\u0000']) {
      const res = await setBudget(admin.accessToken, `members/${sender.user.id}`, bad);
      expect(res.statusCode, String(bad)).toBe(400);
      expect(res.json().code).toBe('VALIDATION_ERROR');
    }
    expect(await myBudget(sender.accessToken)).toBeNull();
    expect(await guardOf(owner.organisationId)).toBe(false);

    const set = await setBudget(admin.accessToken, `members/${sender.user.id}`, 100_00);
    expect(set.statusCode, set.body).toBe(200);
    expect(set.json().budget).toMatchObject({
      monthly_minor: 100_00,
      monthly: 100,
      currency: 'USD',
      spent_minor: 0,
      left_minor: 100_00,
    });
    expect(await guardOf(owner.organisationId)).toBe(true);
    expect(await myBudget(sender.accessToken)).toMatchObject({ monthly_minor: 100_00, left: 100 });
    const members = (await t.app.inject({ url: '/api/v1/members', headers: bearer(owner.accessToken) })).json().data;
    expect(members.find((m: { user_id: string }) => m.user_id === sender.user.id).budget).toMatchObject({
      monthly_minor: 100_00,
    });
    expect(members.find((m: { user_id: string }) => m.user_id === admin.user.id).budget).toBeNull();

    const cleared = await t.app.inject({
      method: 'DELETE',
      url: `/api/v1/members/${sender.user.id}/budget`,
      headers: bearer(owner.accessToken),
    });
    expect(cleared.json()).toEqual({ success: true, budget: null });
    expect(await myBudget(sender.accessToken)).toBeNull();
    // The last limit gone, the organisation's orders skip the guard again.
    expect(await guardOf(owner.organisationId)).toBe(false);
    const again = await t.app.inject({
      method: 'DELETE',
      url: `/api/v1/members/${sender.user.id}/budget`,
      headers: bearer(owner.accessToken),
    });
    expect(again.statusCode).toBe(404);
  });

  it('refuses a sender past their budget with what is left (422, nothing written); a keyed retry replays; a void gives value back', async () => {
    const sender = await joinAs(t, owner, 'sender');
    expect((await setBudget(owner.accessToken, `members/${sender.user.id}`, 2 * COST + 500)).statusCode).toBe(200);
    const key = randomUUID();
    const to = recipient();
    const first = await order(sender.accessToken, key, to);
    expect(first.statusCode, first.body).toBe(201);
    expect((await order(sender.accessToken)).statusCode).toBe(201);
    const refused = await order(sender.accessToken, randomUUID());
    expect(refused.statusCode).toBe(422);
    expect(refused.json()).toMatchObject({
      code: 'BUDGET_EXCEEDED',
      error:
        'This costs $25.63 with the fee and $5.00 of your $56.26 monthly budget is left (UTC month). Nothing was sent; ask an owner or admin to raise the budget.',
    });
    expect(await ordersOf('created_by', sender.user.id)).toBe(2);
    // The first request's key answers its order again, not the budget it used.
    const replay = await order(sender.accessToken, key, to);
    expect(replay.statusCode).toBe(201);
    expect(replay.json().order_id).toBe(first.json().order_id);
    expect(await myBudget(sender.accessToken)).toMatchObject({ spent_minor: 2 * COST, left_minor: 500 });

    // A voided reward's value goes back to the budget: the next order fits again.
    await settledOrder(t, sender.accessToken, first.json().order_id);
    const voided = await t.app.inject({
      method: 'POST',
      url: `/api/v1/orders/${first.json().order_id}/void`,
      headers: { ...bearer(owner.accessToken), 'idempotency-key': randomUUID() },
      payload: {},
    });
    expect(voided.statusCode, voided.body).toBe(200);
    expect(await myBudget(sender.accessToken)).toMatchObject({ spent_minor: COST, left_minor: COST + 500 });
    expect((await order(sender.accessToken)).statusCode).toBe(201);
  });

  it('counts a batch whole against its creator at acceptance', async () => {
    const sender = await joinAs(t, owner, 'sender');
    expect((await setBudget(owner.accessToken, `members/${sender.user.id}`, 3 * COST)).statusCode).toBe(200);
    const rows = (n: number) => Array.from({ length: n }, () => ({ email: recipient(), amount: 25 }));
    const tooBig = await batch(sender.accessToken, rows(4));
    expect(tooBig.statusCode).toBe(422);
    expect(tooBig.json().code).toBe('BUDGET_EXCEEDED');
    expect(
      await t.app.db.selectFrom('batches').select('id').where('created_by', '=', sender.user.id).execute(),
    ).toEqual([]);
    const fits = await batch(sender.accessToken, rows(2));
    expect(fits.statusCode, fits.body).toBe(202);
    // At once, before its orders are written: what is left is one reward.
    expect((await myBudget(sender.accessToken)).left_minor).toBe(COST);
    expect((await order(sender.accessToken)).statusCode).toBe(201);
    expect((await order(sender.accessToken)).json().code).toBe('BUDGET_EXCEEDED');
  });

  it('holds an API key to its caps, domains and budget on REST, batches and resends, not only over MCP', async () => {
    const key = await newKey(owner);
    const caps = await t.app.inject({
      method: 'PUT',
      url: `/api/v1/api-keys/${key.id}/agent-caps`,
      headers: bearer(owner.accessToken),
      payload: {
        currency: 'USD',
        per_reward_minor: 30_00,
        per_day_minor: 3 * COST,
        per_month_minor: null,
        allowed_domains: ['example.com'],
      },
    });
    expect(caps.statusCode, caps.body).toBe(200);
    // Each bypass tried first: a dearer reward, another domain, a batch past the day, a resend elsewhere.
    const dear = await postOrder(t, key.key, { product_code: range.code, amount: 40, email: recipient(), quantity: 1 });
    expect(dear.statusCode).toBe(422);
    expect(dear.json()).toMatchObject({
      code: 'SPEND_CAP_EXCEEDED',
      error: expect.stringContaining("over this API key's cap of $30.00 per reward"),
    });
    const elsewhere = await order(key.key, undefined, `someone-${randomUUID().slice(0, 6)}@elsewhere.test`);
    expect(elsewhere.statusCode).toBe(403);
    expect(elsewhere.json().code).toBe('RECIPIENT_DOMAIN_NOT_ALLOWED');
    const wideBatch = await batch(key.key, [
      { email: recipient(), amount: 25 },
      { email: `x-${randomUUID().slice(0, 6)}@elsewhere.test`, amount: 25 },
    ]);
    expect(wideBatch.json().code).toBe('RECIPIENT_DOMAIN_NOT_ALLOWED');
    const bigBatch = await batch(
      key.key,
      Array.from({ length: 4 }, () => ({ email: recipient(), amount: 25 })),
    );
    expect(bigBatch.statusCode).toBe(422);
    expect(bigBatch.json()).toMatchObject({ code: 'SPEND_CAP_EXCEEDED', error: expect.stringContaining('for today') });
    expect(await ordersOf('api_key_id', key.id)).toBe(0);

    const placed = await order(key.key);
    expect(placed.statusCode, placed.body).toBe(201);
    await settledOrder(t, owner.accessToken, placed.json().order_id);
    const resend = await t.app.inject({
      method: 'POST',
      url: `/api/v1/orders/${placed.json().order_id}/resend`,
      headers: bearer(key.key),
      payload: { email: `moved-${randomUUID().slice(0, 6)}@elsewhere.test` },
    });
    expect(resend.statusCode).toBe(403);
    expect(resend.json().code).toBe('RECIPIENT_DOMAIN_NOT_ALLOWED');

    // The key's own budget counts everything it places.
    expect((await setBudget(owner.accessToken, `api-keys/${key.id}`, COST + 100)).statusCode).toBe(200);
    expect(await myBudget(key.key)).toMatchObject({ spent_minor: COST, left_minor: 100 });
    // The keys list carries it too (Settings → Developers shows it, decision 090).
    const listed = (await t.app.inject({ url: '/api/v1/api-keys', headers: bearer(owner.accessToken) })).json().data;
    expect(listed.find((k: { id: string }) => k.id === key.id).budget).toMatchObject({
      monthly_minor: COST + 100,
      left_minor: 100,
    });
    const over = await order(key.key);
    expect(over.json()).toMatchObject({
      code: 'BUDGET_EXCEEDED',
      error: expect.stringContaining("of this API key's $26.63 monthly budget"),
    });
    expect(await ordersOf('api_key_id', key.id)).toBe(1);
  });

  it.skipIf(TEST_DB !== 'postgres')(
    'lets exactly the budget through when one sender places N orders at the same instant',
    async () => {
      const sender = await joinAs(t, owner, 'sender');
      expect((await setBudget(owner.accessToken, `members/${sender.user.id}`, 3 * COST)).statusCode).toBe(200);
      const answers = await Promise.all(Array.from({ length: 8 }, () => order(sender.accessToken)));
      const codes = answers.map((a) => (a.statusCode === 201 ? 'sent' : a.json().code)).sort();
      expect(codes, answers.map((a) => a.body).join('\n')).toEqual([
        'BUDGET_EXCEEDED',
        'BUDGET_EXCEEDED',
        'BUDGET_EXCEEDED',
        'BUDGET_EXCEEDED',
        'BUDGET_EXCEEDED',
        'sent',
        'sent',
        'sent',
      ]);
      expect(await ordersOf('created_by', sender.user.id)).toBe(3);
      expect(await myBudget(sender.accessToken)).toMatchObject({ spent_minor: 3 * COST, left_minor: 0 });
    },
  );

  it.skipIf(TEST_DB !== 'postgres')(
    'closes the monthly approval cap race: N orders at once, exactly the cap goes ahead',
    async () => {
      const lead = await signUpVerifiedUser(t);
      await sandboxTopUp(t, lead.accessToken, 1000);
      const sender = await joinAs(t, lead, 'sender');
      const rules = await t.app.inject({
        method: 'PATCH',
        url: '/api/v1/approval-rules',
        headers: bearer(lead.accessToken),
        payload: { monthly_cap_usd_minor: 2 * COST },
      });
      expect(rules.statusCode, rules.body).toBe(200);
      expect(await guardOf(lead.organisationId)).toBe(true);
      const answers = await Promise.all(Array.from({ length: 6 }, () => order(sender.accessToken)));
      expect(answers.map((a) => a.statusCode)).toEqual(Array(6).fill(201));
      // Decision 035's snapshot let racing orders all pass the cap; under the sender's lock, two do.
      expect(answers.map((a) => a.json().status).sort()).toEqual([
        'pending',
        'pending',
        'pending_approval',
        'pending_approval',
        'pending_approval',
        'pending_approval',
      ]);
    },
  );
});
