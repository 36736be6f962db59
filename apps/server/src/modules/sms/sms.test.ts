import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, type SignedUpUser, signUpVerifiedUser } from '../../../test/factories';
import { parsedEventsOf } from '../../../test/factories/events';
import {
  claimTokensOf,
  countRows,
  pickProduct,
  postOrder,
  recipient,
  settledOrder,
} from '../../../test/factories/orders';
import {
  FAKE_TWILIO,
  FakeTwilio,
  inboundForm,
  type SentMessage,
  statusCallbackForm,
  twilioSignature,
} from '../../../test/fake-twilio';
import { createTestApp, eventually, TEST_DB, TEST_MAILBOX_TOKEN, type TestApp } from '../../../test/helpers';
import { sendRewardSms } from '../orders/reward-sms';

/**
 * SMS delivery (issue 32, decision 082) through HTTP into a real database, against a fake Twilio
 * at its HTTP edge (test/fake-twilio.ts): the number checked at the edge, the text and its
 * durable job (a 5xx or 429 retried, a 4xx not), the signed status callbacks and their events,
 * forged and replayed callbacks, STOP and START; then the built-in mailbox with nothing configured.
 */
const PUBLIC_URL = 'http://127.0.0.1:4340';
let t: TestApp;
let fake: FakeTwilio;
let owner: SignedUpUser;
let productCode: string;
let n = 0;
// A fresh fictional number per test (North America's 555-01XX): they reach nobody.
const nextPhone = () => `+1202555${String(100 + (n++ % 100)).padStart(4, '0')}`;

beforeAll(async () => {
  fake = new FakeTwilio();
  await fake.start();
  t = await createTestApp({ env: { ...fake.env(), PUBLIC_URL } });
  owner = await signUpVerifiedUser(t);
  productCode = (await pickProduct(t)).code;
}, 120_000);
afterAll(async () => {
  await t?.close();
  await fake?.stop();
});

/** A delivered order to `phone` (written as `given`), and its text at the fake. */
async function sentOrder(phone: string, given = phone) {
  const body = { product_code: productCode, amount: 10, email: recipient(), phone: given };
  const res = await postOrder(t, owner.accessToken, body as never);
  expect(res.statusCode, res.body).toBe(201);
  const order = await settledOrder(t, owner.accessToken, res.json().order_id);
  expect(order.status).toBe('completed');
  const message = await eventually(async () => fake.messages.find((m) => m.to === phone));
  return { order, message };
}

const post = (path: string, form: Record<string, string>, signature?: string) =>
  t.app.inject({
    method: 'POST',
    url: `/api/v1/sms/twilio/${path}`,
    headers: {
      'content-type': 'application/x-www-form-urlencoded',
      ...(signature === undefined ? {} : { 'x-twilio-signature': signature }),
    },
    payload: new URLSearchParams(form).toString(),
  });
const signed = (path: string, form: Record<string, string>) =>
  post(path, form, twilioSignature(`${PUBLIC_URL}/api/v1/sms/twilio/${path}`, form));
const report = (m: SentMessage, status: string, error?: { code: number; message?: string }) =>
  signed('status', statusCallbackForm(m, status, error));
const detail = async (orderId: string) =>
  (await t.app.inject({ url: `/api/v1/orders/${orderId}`, headers: bearer(owner.accessToken) })).json();
const smsEvents = async (type: 'reward.delivered' | 'reward.sms_failed', orderId: string) => {
  const res = await t.app.inject({ url: `/api/v1/events?type=${type}&limit=100`, headers: bearer(owner.accessToken) });
  return (res.json().data as { data: { order_id: string; channel?: string } }[]).filter(
    (e) => e.data.order_id === orderId && (type === 'reward.sms_failed' || e.data.channel === 'sms'),
  );
};

describe(`SMS through Twilio (${TEST_DB})`, () => {
  it('texts the claim link with the sender’s name in one segment, through the library, and shows it on the order', async () => {
    const phone = nextPhone();
    const { order, message } = await sentOrder(phone, phone.replace(/^\+1(\d{3})(\d{3})(\d{4})$/, '+1 ($1) $2-$3'));
    expect(order.recipient_phone).toBe(phone);
    const [token] = await claimTokensOf(t, order.order_id);
    expect(message.body).toContain(`${PUBLIC_URL}/claim/${token}`);
    expect(message.body).toMatch(/sent you a \$10\.00 .+ STOP to opt out$/);
    expect(message.body.length).toBeLessThanOrEqual(160);
    expect(message).toMatchObject({ from: FAKE_TWILIO.from, statusCallback: `${PUBLIC_URL}/api/v1/sms/twilio/status` });
    const request = fake.requests.find((r) => r.form.get('To') === phone);
    expect(request?.path).toBe(`/2010-04-01/Accounts/${FAKE_TWILIO.accountSid}/Messages.json`);
    // The fake has the text as soon as Twilio's API took it; the row says queued once the job has
    // stored Twilio's answer, a moment later (it said `sending` in between, once, in a loaded run).
    const sms = await eventually(async () => {
      const shown = (await detail(order.order_id)).sms;
      return shown?.status === 'queued' ? shown : undefined;
    });
    expect(sms).toMatchObject({ to: phone, status: 'queued', provider: 'twilio' });
  });

  it('turns a signed delivered report into reward.delivered (sms) once: a replay or a late sent changes nothing', async () => {
    const phone = nextPhone();
    const { order, message } = await sentOrder(phone);
    expect((await report(message, 'sent')).json()).toEqual({ success: true, changed: true });
    const first = await report(message, 'delivered');
    expect(first.statusCode, first.body).toBe(200);
    expect(first.json().changed).toBe(true);
    expect((await report(message, 'delivered')).json().changed).toBe(false);
    expect((await report(message, 'sent')).json().changed).toBe(false);
    const delivered = (await parsedEventsOf(t, owner.accessToken, 'reward.delivered')).filter(
      (e) => e.data.order_id === order.order_id && e.data.channel === 'sms',
    );
    expect(delivered).toHaveLength(1);
    expect(delivered[0]?.data).toMatchObject({ recipient_phone: phone, position: 1 });
    const shown = await detail(order.order_id);
    expect(shown.sms.status).toBe('delivered');
    expect(shown.history.map((h: { type: string }) => h.type)).toContain('sms.delivered');
  });

  it('turns undelivered into reward.sms_failed with Twilio’s error code', async () => {
    const phone = nextPhone();
    const { order, message } = await sentOrder(phone);
    await report(message, 'undelivered', { code: 30003, message: 'Unreachable destination handset' });
    const failed = (await parsedEventsOf(t, owner.accessToken, 'reward.sms_failed')).filter(
      (e) => e.data.order_id === order.order_id,
    );
    expect(failed).toHaveLength(1);
    expect(failed[0]?.data).toMatchObject({ recipient_phone: phone, status: 'undelivered', error_code: 30003 });
    expect((await detail(order.order_id)).sms).toMatchObject({ status: 'undelivered', error_code: 30003 });
  });

  it('refuses forged callbacks with 403 and writes nothing: no signature, a wrong one, another account, another token', async () => {
    const phone = nextPhone();
    const { order, message } = await sentOrder(phone);
    const form = statusCallbackForm(message, 'delivered');
    const url = `${PUBLIC_URL}/api/v1/sms/twilio/status`;
    const foreign = { ...form, AccountSid: `AC${'2'.repeat(32)}` };
    for (const res of [
      await post('status', form),
      await post('status', form, 'bm90IGEgc2lnbmF0dXJl'),
      await post('status', form, twilioSignature(url, form, '0'.repeat(32))),
      await post('status', { ...form, MessageStatus: 'failed' }, twilioSignature(url, form)),
      await post('status', foreign, twilioSignature(url, foreign)),
    ]) {
      expect(res.statusCode, res.body).toBe(403);
      expect(res.json().code).toBe('FORBIDDEN');
    }
    expect((await detail(order.order_id)).sms.status).toBe('queued');
    expect(await smsEvents('reward.delivered', order.order_id)).toHaveLength(0);
    // Hostile but signed: an unknown SID changes nothing; a malformed one is a 400.
    expect((await report({ ...message, sid: `SM${'0'.repeat(32)}` }, 'delivered')).json().changed).toBe(false);
    expect((await report({ ...message, sid: 'SM\u0000x' }, 'delivered')).statusCode).toBe(400);
  });

  it('retries Twilio’s 5xx and 429 and sends once; a 4xx fails the text for good without a retry', async () => {
    const phone = nextPhone();
    const { order } = await sentOrder(phone);
    const before = fake.messages.filter((m) => m.to === phone).length;
    // The job itself, as the queue runs it, for a resend's key: thrown means "retry later".
    fake.fail(500);
    await expect(sendRewardSms(t.app, { orderId: order.order_id, key: 'retry-test' })).rejects.toThrow(/500/);
    fake.fail(429);
    await expect(sendRewardSms(t.app, { orderId: order.order_id, key: 'retry-test' })).rejects.toThrow(/429/);
    await sendRewardSms(t.app, { orderId: order.order_id, key: 'retry-test' });
    // Redelivered after it was sent: nothing more.
    await sendRewardSms(t.app, { orderId: order.order_id, key: 'retry-test' });
    expect(fake.messages.filter((m) => m.to === phone)).toHaveLength(before + 1);

    fake.blocked.add(phone);
    const requests = fake.requests.length;
    await sendRewardSms(t.app, { orderId: order.order_id, key: 'blocked-test' });
    await sendRewardSms(t.app, { orderId: order.order_id, key: 'blocked-test' });
    expect(fake.requests.length).toBe(requests + 1);
    const failed = await smsEvents('reward.sms_failed', order.order_id);
    expect(failed).toHaveLength(1);
    expect(failed[0]?.data).toMatchObject({ status: 'failed', error_code: 21610 });
  });

  it('honours STOP and START from Twilio’s signed inbound webhook; an order to an opted-out number writes nothing', async () => {
    const phone = nextPhone();
    const forged = await post('inbound', inboundForm(phone, 'STOP'), 'x');
    expect(forged.statusCode).toBe(403);
    const stop = await signed('inbound', inboundForm(phone, ' stop '));
    expect(stop.statusCode, stop.body).toBe(200);
    expect(stop.headers['content-type']).toMatch(/^text\/xml/);
    expect((await signed('inbound', inboundForm(phone, 'STOP'))).statusCode).toBe(200);
    const orders = await countRows(t, 'orders');
    const refused = await postOrder(t, owner.accessToken, {
      product_code: productCode,
      amount: 10,
      email: recipient(),
      phone,
    } as never);
    expect(refused.statusCode, refused.body).toBe(409);
    expect(refused.json().code).toBe('RECIPIENT_OPTED_OUT');
    expect(await countRows(t, 'orders')).toBe(orders);
    await signed('inbound', inboundForm(phone, 'START'));
    await sentOrder(phone);
  });

  it('refuses numbers that cannot take texts with PHONE_INVALID, the reason and the country, and writes nothing', async () => {
    const orders = await countRows(t, 'orders');
    const cases: [unknown, number, string, RegExp?][] = [
      ['07700 900123', 400, 'PHONE_INVALID', /^not_e164: /],
      ['+4420', 400, 'PHONE_INVALID', /^too_short: .*United Kingdom \(\+44\)/],
      ['+4477009001234567', 400, 'PHONE_INVALID', /^too_long: /],
      ['+999123456', 400, 'PHONE_INVALID', /^unknown_country_code: /],
      ['+33112345678', 400, 'PHONE_INVALID', /^not_mobile: .*France/],
      ['+12125550100x', 400, 'PHONE_INVALID', /^not_e164: /],
      ['+1 202 555 0100\u0000', 400, 'VALIDATION_ERROR'],
      ['+1\ud800', 400, 'VALIDATION_ERROR'],
      ['+1'.padEnd(10_000, '5'), 400, 'VALIDATION_ERROR'],
      [15555550123, 400, 'VALIDATION_ERROR'],
      ['', 400, 'VALIDATION_ERROR'],
    ];
    for (const [phone, status, code, detailMatch] of cases) {
      const res = await postOrder(t, owner.accessToken, {
        product_code: productCode,
        amount: 10,
        email: recipient(),
        phone,
      } as never);
      expect(res.statusCode, `${String(phone).slice(0, 20)}: ${res.body}`).toBe(status);
      expect(res.json().code).toBe(code);
      if (detailMatch)
        expect(res.json().details[0]).toMatchObject({
          path: 'body.phone',
          message: expect.stringMatching(detailMatch),
        });
    }
    expect(await countRows(t, 'orders')).toBe(orders);
  });
});

/** A phone-only order's text at the fake, its order settled (decision 088). */
async function textOnlyOrder(phone: string, extra: Record<string, unknown> = {}) {
  const res = await postOrder(t, owner.accessToken, {
    product_code: productCode,
    amount: 10,
    phone,
    ...extra,
  } as never);
  expect(res.statusCode, res.body).toBe(201);
  expect(res.json()).toMatchObject({ recipient_email: null, recipient_phone: phone, delivery_method: 'sms' });
  const order = await settledOrder(t, owner.accessToken, res.json().order_id);
  expect(order.status).toBe('completed');
  const message = await eventually(async () => fake.messages.find((m) => m.to === phone));
  return { order, message };
}
const resendTo = (orderId: string, body: unknown, key?: string) =>
  t.app.inject({
    method: 'POST',
    url: `/api/v1/orders/${orderId}/resend`,
    headers: { ...bearer(owner.accessToken), ...(key ? { 'idempotency-key': key } : {}) },
    payload: body as object,
  });

describe(`orders by text only (decision 088, ${TEST_DB})`, () => {
  it('sends an order with a phone and no email: texted, never emailed, its events and history say so', async () => {
    const phone = nextPhone();
    const { order, message } = await textOnlyOrder(phone);
    const [token] = await claimTokensOf(t, order.order_id);
    expect(message.body).toContain(`${PUBLIC_URL}/claim/${token}`);
    expect((await t.app.inject({ url: `/api/v1/claims/${token}` })).statusCode).toBe(200);
    const shown = await detail(order.order_id);
    expect(shown).toMatchObject({ recipient_email: null, recipient_phone: phone, delivery_method: 'sms' });
    expect(shown.history.map((h: { type: string }) => h.type)).toContain('sms.queued');
    expect(shown.history.map((h: { type: string }) => h.type)).not.toContain('email.queued');
    await report(message, 'delivered');
    const delivered = await smsEvents('reward.delivered', order.order_id);
    expect(delivered).toHaveLength(1);
    // The events' documented shapes (decision 066) with the address null.
    const parsed = (await parsedEventsOf(t, owner.accessToken, 'reward.delivered')).find(
      (e) => e.data.order_id === order.order_id,
    );
    expect(parsed?.data).toMatchObject({ recipient_email: null, recipient_phone: phone, channel: 'sms' });
    // Found by its number in the history's search, and exported with an empty address.
    const found = await t.app.inject({
      url: `/api/v1/orders?q=${encodeURIComponent(phone.slice(1))}`,
      headers: bearer(owner.accessToken),
    });
    expect(found.json().data.map((o: { order_id: string }) => o.order_id)).toEqual([order.order_id]);
    const csv = await t.app.inject({
      url: `/api/v1/orders/export?q=${phone.slice(1)}`,
      headers: bearer(owner.accessToken),
    });
    expect(csv.statusCode).toBe(200);
    expect(csv.body.split('\r\n')[1]).toContain(`${order.order_id},`);
    expect(csv.body.split('\r\n')[1]).toContain(`,sms,`);
  });

  it('refuses an order with neither email nor phone (400 RECIPIENT_REQUIRED) and hostile numbers alone, writing nothing', async () => {
    const orders = await countRows(t, 'orders');
    const neither = await postOrder(t, owner.accessToken, { product_code: productCode, amount: 10 } as never);
    expect(neither.statusCode, neither.body).toBe(400);
    expect(neither.json()).toMatchObject({
      code: 'RECIPIENT_REQUIRED',
      error: expect.stringContaining('email or phone is required'),
      details: [{ path: 'body.email' }, { path: 'body.phone' }],
    });
    for (const [phone, code] of [
      ['+33112345678', 'PHONE_INVALID'],
      ['not a number', 'PHONE_INVALID'],
      ['+1202555\u00000100', 'VALIDATION_ERROR'],
      ['+1\udc00', 'VALIDATION_ERROR'],
      [null, 'VALIDATION_ERROR'],
      [['+12025550100'], 'VALIDATION_ERROR'],
    ] as const) {
      const res = await postOrder(t, owner.accessToken, { product_code: productCode, amount: 10, phone } as never);
      expect(res.statusCode, `${JSON.stringify(phone)}: ${res.body}`).toBe(400);
      expect(res.json().code).toBe(code);
    }
    // An email of null is not "no email": it is a wrong type.
    const nullEmail = await postOrder(t, owner.accessToken, {
      product_code: productCode,
      amount: 10,
      email: null,
      phone: nextPhone(),
    } as never);
    expect(nullEmail.statusCode).toBe(400);
    expect(await countRows(t, 'orders')).toBe(orders);
  });

  it('refuses a text-only order from an API key held to recipient domains: leaving the email out is no way round its allow-list', async () => {
    const created = await t.app.inject({
      method: 'POST',
      url: '/api/v1/api-keys',
      headers: bearer(owner.accessToken),
      payload: { name: 'Domains only', scopes: 'full' },
    });
    expect(created.statusCode, created.body).toBe(201);
    const key = created.json() as { id: string; key: string };
    const caps = await t.app.inject({
      method: 'PUT',
      url: `/api/v1/api-keys/${key.id}/agent-caps`,
      headers: bearer(owner.accessToken),
      payload: {
        currency: 'USD',
        per_reward_minor: null,
        per_day_minor: null,
        per_month_minor: null,
        allowed_domains: ['example.com'],
      },
    });
    expect(caps.statusCode, caps.body).toBe(200);
    const orders = await countRows(t, 'orders');
    const res = await postOrder(t, key.key, { product_code: productCode, amount: 10, phone: nextPhone() } as never);
    expect(res.statusCode, res.body).toBe(403);
    expect(res.json()).toMatchObject({
      code: 'RECIPIENT_DOMAIN_NOT_ALLOWED',
      error: expect.stringContaining('an order by text only has no address'),
    });
    expect(await countRows(t, 'orders')).toBe(orders);
  });

  it('resends a text-only order: the same number is texted again; a new number gets new links and the old stop working', async () => {
    const phone = nextPhone();
    const { order } = await textOnlyOrder(phone);
    const [oldToken] = await claimTokensOf(t, order.order_id);
    const again = await resendTo(order.order_id, {});
    expect(again.statusCode, again.body).toBe(200);
    expect(again.json()).toMatchObject({ recipient_email: null, recipient_phone: phone });
    await eventually(async () => fake.messages.filter((m) => m.to === phone).length === 2 || undefined);

    const next = nextPhone();
    const hostile = await resendTo(order.order_id, { phone: '+1202555\u0000' });
    expect(hostile.statusCode).toBe(400);
    const landline = await resendTo(order.order_id, { phone: '+33112345678' });
    expect(landline.json().code).toBe('PHONE_INVALID');
    const key = randomUUID();
    const moved = await resendTo(order.order_id, { phone: next.replace(/^\+1/, '+1 ') }, key);
    expect(moved.statusCode, moved.body).toBe(200);
    expect(moved.json()).toMatchObject({ recipient_email: null, recipient_phone: next });
    // The key's replay sends nothing more.
    expect((await resendTo(order.order_id, { phone: next.replace(/^\+1/, '+1 ') }, key)).body).toBe(moved.body);
    const text = await eventually(async () => fake.messages.find((m) => m.to === next));
    const [newToken] = await claimTokensOf(t, order.order_id);
    expect(newToken).not.toBe(oldToken);
    expect(text.body).toContain(`/claim/${newToken}`);
    expect((await t.app.inject({ url: `/api/v1/claims/${oldToken}` })).statusCode).toBe(404);
    const shown = await detail(order.order_id);
    expect(shown.recipient_phone).toBe(next);
    const change = shown.history.find((h: { type: string }) => h.type === 'recipient.changed');
    expect(change.detail).toMatchObject({ from: null, to: null, phone_from: phone, phone_to: next });
    expect(fake.messages.filter((m) => m.to === next)).toHaveLength(1);
  });

  it('takes a bulk row with only a phone and texts it; a row with neither is RECIPIENT_REQUIRED on its line', async () => {
    const phone = nextPhone();
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/v1/batches',
      headers: { ...bearer(owner.accessToken), 'idempotency-key': randomUUID() },
      payload: {
        rows: [
          { phone, amount: 10, product_code: productCode },
          { amount: 10, product_code: productCode },
          { email: '', phone: '  ', amount: 10, product_code: productCode },
          { phone: '+33112345678', amount: 10, product_code: productCode },
        ],
      },
    });
    expect(res.statusCode, res.body).toBe(202);
    expect(res.json().counts).toMatchObject({ rows: 4, valid: 1, invalid: 3 });
    const batchId = res.json().batch_id;
    const rows = (
      await t.app.inject({ url: `/api/v1/batches/${batchId}/rows`, headers: bearer(owner.accessToken) })
    ).json().data;
    expect(
      rows.map((r: { line: number; errors: { code: string }[] }) => [r.line, r.errors.map((e) => e.code)]),
    ).toEqual([
      [2, []],
      [3, ['RECIPIENT_REQUIRED']],
      [4, ['RECIPIENT_REQUIRED']],
      [5, ['INVALID_PHONE']],
    ]);
    const message = await eventually(async () => fake.messages.find((m) => m.to === phone), 30_000);
    expect(message.body).toMatch(/\/claim\//);
    const csv = await t.app.inject({
      method: 'POST',
      url: '/api/v1/batches',
      headers: { ...bearer(owner.accessToken), 'idempotency-key': randomUUID(), 'content-type': 'text/csv' },
      payload: `amount,product_code\n10,${productCode}\n`,
    });
    expect(csv.statusCode).toBe(400);
    expect(csv.json().error).toContain('no column for email or phone');
  });
});

describe(`SMS with nothing configured: the built-in mailbox (${TEST_DB})`, () => {
  let m: TestApp;
  let user: SignedUpUser;
  beforeAll(async () => {
    m = await createTestApp();
    user = await signUpVerifiedUser(m);
  }, 120_000);
  afterAll(() => m?.close());

  it('puts the text beside the emails, readable at /api/mailbox?to=%2B…, and counts it delivered', async () => {
    const phone = '+15555550123';
    const code = (await pickProduct(m)).code;
    const res = await postOrder(m, user.accessToken, {
      product_code: code,
      amount: 10,
      email: recipient(),
      phone,
    } as never);
    expect(res.statusCode, res.body).toBe(201);
    const orderId = res.json().order_id;
    const [token] = await eventually(
      async () => (await settledOrder(m, user.accessToken, orderId)) && claimTokensOf(m, orderId),
    );
    const read = (query: string) =>
      m.app.inject({ url: `/api/mailbox?to=${query}`, headers: { 'x-mailbox-token': TEST_MAILBOX_TOKEN } });
    const text = await eventually(async () => (await read('%2B15555550123')).json().messages[0]);
    expect(text).toMatchObject({ channel: 'sms', to: phone });
    expect(text.text).toContain(`/claim/${token}`);
    // Unencoded, the plus arrives as a space: the same number.
    expect((await read('+15555550123')).json().messages[0]?.id).toBe(text.id);
    const shown = await eventually(async () => {
      const d = (await m.app.inject({ url: `/api/v1/orders/${orderId}`, headers: bearer(user.accessToken) })).json();
      return d.sms?.status === 'delivered' && d;
    });
    expect(shown.sms.provider).toBe('mailbox');
    // Twilio's webhooks do not exist here.
    const hook = await m.app.inject({
      method: 'POST',
      url: '/api/v1/sms/twilio/status',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: 'MessageSid=x',
    });
    expect(hook.statusCode).toBe(404);
  });
});
