import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, type SignedUpUser, signUpVerifiedUser, uniqueEmail } from '../../../test/factories';
import { joinAs } from '../../../test/factories/members';
import { claimTokensOf, pickProduct, postOrder, recipient, settledOrder } from '../../../test/factories/orders';
import { createTestApp, TEST_DB, type TestApp } from '../../../test/helpers';
import { sendRecipientEmailAgain } from './recipient-email';

/**
 * Resending a delivered order to another address (issue 29 item 5, decision 062) through HTTP:
 * who may, the approval rules, the opened reward, the claim links replaced, the audit line, and
 * an opening racing the change.
 */
let t: TestApp;
let productCode: string;
let owner: SignedUpUser;
let admin: SignedUpUser;
let sender: SignedUpUser;
let viewer: SignedUpUser;
beforeAll(async () => {
  t = await createTestApp();
  productCode = (await pickProduct(t)).code;
  owner = await signUpVerifiedUser(t);
  [admin, sender, viewer] = await Promise.all([
    joinAs(t, owner, 'admin'),
    joinAs(t, owner, 'sender'),
    joinAs(t, owner, 'viewer'),
  ]);
}, 120_000);
afterAll(() => t.close());

/** A delivered order placed with `token` (a session's access token or an API key). */
async function delivered(token: string): Promise<{ id: string; email: string }> {
  const email = recipient();
  const res = await postOrder(t, token, { product_code: productCode, amount: 10, email, quantity: 1 });
  expect(res.statusCode, res.body).toBe(201);
  const order = await settledOrder(t, owner.accessToken, res.json().order_id);
  expect(order.status).toBe('completed');
  return { id: order.order_id, email };
}

const resend = (token: string, orderId: string, email?: string) =>
  t.app.inject({
    method: 'POST',
    url: `/api/v1/orders/${orderId}/resend`,
    headers: bearer(token),
    payload: email ? { email } : {},
  });

const claim = (token: string) => t.app.inject({ url: `/api/v1/claims/${token}` });

async function recipientOf(orderId: string) {
  return (await t.app.inject({ url: `/api/v1/orders/${orderId}`, headers: bearer(owner.accessToken) })).json()
    .recipient_email as string;
}

async function createKey(name: string): Promise<string> {
  const res = await t.app.inject({
    method: 'POST',
    url: '/api/v1/api-keys',
    headers: bearer(owner.accessToken),
    payload: { name, scopes: 'full' },
  });
  expect(res.statusCode, res.body).toBe(201);
  return res.json().key;
}

describe(`resending to another address (${TEST_DB})`, () => {
  it("refuses a sender, a viewer and another organisation another address for someone else's order; a sender may resend to the same one", async () => {
    const order = await delivered(owner.accessToken);
    const thief = uniqueEmail('thief');

    const bySender = await resend(sender.accessToken, order.id, thief);
    expect(bySender.statusCode).toBe(403);
    expect(bySender.json()).toMatchObject({
      code: 'RECIPIENT_CHANGE_FORBIDDEN',
      error: 'Only an owner or admin, or the person who sent this order, can send it to another address',
    });
    expect((await resend(viewer.accessToken, order.id, thief)).json().code).toBe('FORBIDDEN');
    const stranger = await signUpVerifiedUser(t);
    expect((await resend(stranger.accessToken, order.id, thief)).statusCode).toBe(404);
    // Nothing moved: the address and the claim link are the order's own.
    expect(await recipientOf(order.id)).toBe(order.email);

    // Re-delivery to the same address stays open to senders, with or without the address named.
    expect((await resend(sender.accessToken, order.id)).statusCode).toBe(200);
    expect((await resend(sender.accessToken, order.id, order.email.toUpperCase())).statusCode).toBe(200);
  });

  it('lets an admin change the address: new claim links, the old one dead, an audit line', async () => {
    const order = await delivered(owner.accessToken);
    const [oldToken] = await claimTokensOf(t, order.id);
    const to = uniqueEmail('corrected');
    const res = await resend(admin.accessToken, order.id, to);
    expect(res.statusCode, res.body).toBe(200);
    expect(await recipientOf(order.id)).toBe(to);

    const [newToken] = await claimTokensOf(t, order.id);
    expect(newToken).not.toBe(oldToken);
    expect((await claim(oldToken as string)).statusCode).toBe(404);
    expect((await claim(newToken as string)).json().code).toEqual(expect.any(String));

    const audit = await t.app.inject({
      url: '/api/v1/audit-events?action=order.recipient_changed',
      headers: bearer(owner.accessToken),
    });
    const line = audit.json().data.find((l: { detail: { order_id: string } }) => l.detail.order_id === order.id);
    expect(line).toMatchObject({ actor: { email: admin.email }, detail: { from: order.email, to } });
  });

  it('an email still queued for the old address does not carry the new links there', async () => {
    const order = await delivered(owner.accessToken);
    const to = uniqueEmail('moved');
    expect((await resend(admin.accessToken, order.id, to)).statusCode).toBe(200);
    const [newToken] = await claimTokensOf(t, order.id);
    const mailed = async (address: string) =>
      (await t.app.inject({ url: `/api/mailbox?to=${encodeURIComponent(address)}` })).json().messages as {
        text: string;
      }[];
    const before = (await mailed(order.email)).length;
    // A retry of the first delivery's job, or a resend to the old address queued before the change.
    await sendRecipientEmailAgain(t.app, { orderId: order.id, to: order.email, messageId: t.app.mail.newMessageId() });
    const old = await mailed(order.email);
    expect(old).toHaveLength(before);
    expect(old.some((m) => m.text.includes(newToken as string))).toBe(false);
    // The job for the new address still sends.
    await sendRecipientEmailAgain(t.app, { orderId: order.id, to, messageId: t.app.mail.newMessageId() });
    expect((await mailed(to)).some((m) => m.text.includes(newToken as string))).toBe(true);
  });

  it('lets a sender change the address of an order they placed, unless an approval rule covers it', async () => {
    const own = await delivered(sender.accessToken);
    expect((await resend(sender.accessToken, own.id, uniqueEmail('fixed'))).statusCode).toBe(200);

    const covered = await delivered(sender.accessToken);
    const rules = (payload: object) =>
      t.app.inject({ method: 'PATCH', url: '/api/v1/approval-rules', headers: bearer(owner.accessToken), payload });
    expect((await rules({ above_usd_minor: 500 })).statusCode).toBe(200);
    try {
      const refused = await resend(sender.accessToken, covered.id, uniqueEmail('covered'));
      expect(refused.statusCode).toBe(403);
      expect(refused.json().code).toBe('RECIPIENT_CHANGE_NEEDS_APPROVAL');
      // An owner (an approver) may, and the sender may still resend to the same address.
      expect((await resend(sender.accessToken, covered.id)).statusCode).toBe(200);
      expect((await resend(owner.accessToken, covered.id, uniqueEmail('approved'))).statusCode).toBe(200);
    } finally {
      await rules({ above_usd_minor: null });
    }
    // A monthly cap too: what it would have held depends on what was sent before, so an address
    // changed after the fact is the approvers' call.
    const capped = await delivered(sender.accessToken);
    expect((await rules({ monthly_cap_usd_minor: 10_000_000 })).statusCode).toBe(200);
    try {
      const refused = await resend(sender.accessToken, capped.id, uniqueEmail('capped'));
      expect(refused.json().code).toBe('RECIPIENT_CHANGE_NEEDS_APPROVAL');
    } finally {
      await rules({ monthly_cap_usd_minor: null });
    }
  });

  it('refuses another address once a reward was opened, to everyone; the same address still goes', async () => {
    const order = await delivered(owner.accessToken);
    const [token] = await claimTokensOf(t, order.id);
    expect((await claim(token as string)).statusCode).toBe(200);
    const refused = await resend(owner.accessToken, order.id, uniqueEmail('late'));
    expect(refused.statusCode).toBe(409);
    expect(refused.json()).toMatchObject({
      code: 'REWARD_OPENED',
      error: 'A reward of this order has been opened: it can only be sent again to the same address',
    });
    expect(await recipientOf(order.id)).toBe(order.email);
    expect((await resend(sender.accessToken, order.id)).statusCode).toBe(200);
  });

  it('lets an API key change the address only of the orders it placed', async () => {
    const [keyA, keyB] = [await createKey('CRM'), await createKey('Other')];
    const byA = await delivered(keyA);
    const byB = await resend(keyB, byA.id, uniqueEmail('key-b'));
    expect(byB.statusCode).toBe(403);
    expect(byB.json()).toMatchObject({
      code: 'RECIPIENT_CHANGE_FORBIDDEN',
      error: 'An API key can send only the orders it placed to another address',
    });
    // Not even the key's creator's own app orders: a key is not the person.
    const byOwner = await delivered(owner.accessToken);
    expect((await resend(keyA, byOwner.id, uniqueEmail('key-a'))).json().code).toBe('RECIPIENT_CHANGE_FORBIDDEN');
    expect((await resend(keyB, byA.id)).statusCode).toBe(200);
    expect((await resend(keyA, byA.id, uniqueEmail('key-a'))).statusCode).toBe(200);
  });

  it('an opening racing the change: either the change is refused, or the old link shows no code', async () => {
    for (let i = 0; i < 6; i++) {
      const order = await delivered(owner.accessToken);
      const [token] = await claimTokensOf(t, order.id);
      const [opened, changed] = await Promise.all([
        claim(token as string),
        resend(owner.accessToken, order.id, uniqueEmail(`race-${i}`)),
      ]);
      if (changed.statusCode === 200) {
        expect(opened.statusCode).toBe(404);
      } else {
        expect(changed.json().code).toBe('REWARD_OPENED');
        expect(opened.json().code).toEqual(expect.any(String));
      }
    }
  });
});
