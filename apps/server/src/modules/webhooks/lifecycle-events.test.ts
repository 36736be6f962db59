import type { AddressInfo } from 'node:net';
import { sql } from 'kysely';
import { SMTPServer } from 'smtp-server';
import { Webhook } from 'standardwebhooks';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  bearer,
  randomIp,
  type SignedUpUser,
  signIn,
  signUpCookie,
  signUpVerifiedUser,
  uniqueEmail,
  waitForEmail,
} from '../../../test/factories';
import { parsedEventsOf } from '../../../test/factories/events';
import { pickProduct, postOrder, recipient, settledOrder } from '../../../test/factories/orders';
import { createTestApp, eventually, TEST_DB, type TestApp } from '../../../test/helpers';
import { type ReceivedWebhook, startReceiver } from '../../../test/webhook-receiver';
import { EMAIL_FALLBACK_QUEUE } from '../orders/recipient-email';
import { recordClaimOpened, recordRewardsDelivered } from '../orders/reward-events';

interface ApiEvent {
  id: string;
  type: string;
  created_at: string;
  data: Record<string, unknown>;
}

async function eventsOf(t: TestApp, user: SignedUpUser, type: string): Promise<ApiEvent[]> {
  const res = await t.app.inject({ url: `/api/v1/events?type=${type}&limit=100`, headers: bearer(user.accessToken) });
  expect(res.statusCode).toBe(200);
  return res.json().data;
}

async function addEndpoint(t: TestApp, user: SignedUpUser, body: Record<string, unknown>) {
  const res = await t.app.inject({
    method: 'POST',
    url: '/api/v1/webhook-endpoints',
    headers: bearer(user.accessToken),
    payload: body,
  });
  expect(res.statusCode).toBe(201);
  return res.json() as { endpoint: { id: string }; secret: string };
}

async function sendReward(t: TestApp, user: SignedUpUser, email: string, quantity = 1) {
  const product = await pickProduct(t);
  const res = await postOrder(t, user.accessToken, {
    product_code: product.code,
    amount: 25,
    email,
    quantity,
  });
  expect(res.statusCode).toBe(201);
  return res.json().order_id as string;
}

const setThreshold = (t: TestApp, organisationId: string, minor: number | null) =>
  sql`UPDATE organisations SET low_balance_threshold_minor = ${minor} WHERE id = ${organisationId}`.execute(
    t.database.db,
  );

const headersOf = (r: ReceivedWebhook) => ({
  'webhook-id': String(r.headers['webhook-id']),
  'webhook-timestamp': String(r.headers['webhook-timestamp']),
  'webhook-signature': String(r.headers['webhook-signature']),
});

describe(`reward lifecycle and balance.low events (${TEST_DB})`, () => {
  let t: TestApp;
  let receiver: Awaited<ReturnType<typeof startReceiver>>;
  beforeAll(async () => {
    t = await createTestApp({ env: { WEBHOOKS_ALLOW_PRIVATE: 'true' } });
    receiver = await startReceiver();
  });
  afterAll(async () => {
    await receiver.close();
    await t.close();
  });

  it('reward.delivered once per reward when the mailbox takes the email, and reward.opened once on the first opening, even racing; both delivered signed', async () => {
    const user = await signUpVerifiedUser(t);
    const { secret } = await addEndpoint(t, user, {
      url: receiver.url('/lifecycle'),
      event_types: ['reward.delivered', 'reward.opened'],
    });
    const to = recipient();
    const orderId = await sendReward(t, user, to, 2);
    expect((await settledOrder(t, user.accessToken, orderId)).status).toBe('completed');

    const delivered = await eventually(async () => {
      const list = await eventsOf(t, user, 'reward.delivered');
      return list.length === 2 ? list : undefined;
    });
    const { rows: rewards } = await sql<{ id: string; position: number; delivered_at: Date }>`
      SELECT id, position, delivered_at FROM rewards WHERE order_id = ${orderId} ORDER BY position`.execute(
      t.database.db,
    );
    expect(delivered.map((e) => e.data).sort((a, b) => Number(a.position) - Number(b.position))).toEqual(
      rewards.map((r) => ({
        reward_id: r.id,
        order_id: orderId,
        recipient_email: to,
        position: r.position,
        delivered_at: r.delivered_at.toISOString(),
      })),
    );
    // Accepted again (the fallback job after a crash): nothing more.
    expect(await recordRewardsDelivered(t.app.db, orderId, to)).toBe(0);

    const email = await waitForEmail(t, to);
    const token = /\/claim\/([A-Za-z0-9_-]{43})/.exec(email.text)?.[1];
    const opens = await Promise.all([1, 2, 3].map(() => t.app.inject({ url: `/api/v1/claims/${token}` })));
    expect(opens.map((o) => o.statusCode)).toEqual([200, 200, 200]);
    const opened = await eventsOf(t, user, 'reward.opened');
    expect(opened).toHaveLength(1);
    const { rows } = await sql<{ id: string; position: number; claim_first_opened_at: Date; claim_open_count: number }>`
      SELECT id, position, claim_first_opened_at, claim_open_count FROM rewards
      WHERE order_id = ${orderId} AND claim_first_opened_at IS NOT NULL`.execute(t.database.db);
    expect(rows).toHaveLength(1);
    expect(rows[0]?.claim_open_count).toBe(3);
    expect(opened[0]?.data).toEqual({
      reward_id: rows[0]?.id,
      order_id: orderId,
      recipient_email: to,
      position: rows[0]?.position,
      opened_at: rows[0]?.claim_first_opened_at.toISOString(),
    });
    expect(opened[0]?.created_at).toBe(rows[0]?.claim_first_opened_at.toISOString());

    const got = await eventually(async () => {
      const list = receiver.received.filter((r) => r.path === '/lifecycle');
      return list.length === 3 ? list : undefined;
    });
    const payloads = got.map((r) => new Webhook(secret).verify(r.body, headersOf(r)) as ApiEvent);
    expect(payloads.map((p) => p.type).sort()).toEqual(['reward.delivered', 'reward.delivered', 'reward.opened']);
    expect(payloads.find((p) => p.type === 'reward.opened')).toEqual(opened[0]);
  });

  it('writes no lifecycle event when the change rolls back', async () => {
    const user = await signUpVerifiedUser(t);
    const orderId = await sendReward(t, user, recipient());
    await settledOrder(t, user.accessToken, orderId);
    await eventually(async () => (await eventsOf(t, user, 'reward.delivered')).length === 1);
    const { rows } = await sql<{ id: string }>`SELECT id FROM rewards WHERE order_id = ${orderId}`.execute(
      t.database.db,
    );
    const rewardId = rows[0]?.id as string;
    await sql`UPDATE rewards SET delivered_at = NULL WHERE id = ${rewardId}`.execute(t.database.db);
    await expect(
      t.app.db.transaction().execute(async (tx) => {
        await recordClaimOpened(tx, rewardId);
        await recordRewardsDelivered(tx, orderId, 'someone@example.com');
        throw new Error('rolled back');
      }),
    ).rejects.toThrow('rolled back');
    expect(await eventsOf(t, user, 'reward.opened')).toEqual([]);
    expect(await eventsOf(t, user, 'reward.delivered')).toHaveLength(1);
    const { rows: after } = await sql<{ opened: Date | null; delivered: Date | null }>`
      SELECT claim_first_opened_at AS opened, delivered_at AS delivered FROM rewards WHERE id = ${rewardId}`.execute(
      t.database.db,
    );
    expect(after[0]).toEqual({ opened: null, delivered: null });
  });

  it('balance.low once when an order crosses the threshold, not while below, again after rising above; never without one', async () => {
    const user = await signUpVerifiedUser(t);
    const { secret } = await addEndpoint(t, user, { url: receiver.url('/low'), event_types: ['balance.low'] });
    // 5,000.00 to start; each order of 25 costs 25.63.
    await sendReward(t, user, recipient());
    expect(await eventsOf(t, user, 'balance.low')).toEqual([]);
    await setThreshold(t, user.organisationId, 493_000);
    await sendReward(t, user, recipient()); // 4,948.74: above
    expect(await eventsOf(t, user, 'balance.low')).toEqual([]);
    await sendReward(t, user, recipient()); // 4,923.11: crosses
    await sendReward(t, user, recipient()); // 4,897.48: still below
    const first = await eventsOf(t, user, 'balance.low');
    expect(first).toHaveLength(1);
    expect(first[0]?.data).toEqual({
      available: 4923.11,
      available_minor: 492_311,
      currency: 'USD',
      threshold_minor: 493_000,
    });

    const topUp = await t.app.inject({
      method: 'POST',
      url: '/api/v1/balance/sandbox-topup',
      headers: bearer(user.accessToken),
      payload: { amount: 100 },
    });
    expect(topUp.statusCode).toBe(200); // 4,997.48: above again
    await sendReward(t, user, recipient()); // 4,971.85: above
    await sendReward(t, user, recipient()); // 4,946.22: above
    expect(await eventsOf(t, user, 'balance.low')).toHaveLength(1);
    await sendReward(t, user, recipient()); // 4,920.59: crosses again
    const second = await eventsOf(t, user, 'balance.low');
    expect(second).toHaveLength(2);
    expect(second[0]?.data).toMatchObject({ available: 4920.59, available_minor: 492_059 });

    // Landing exactly on the threshold is not falling below it.
    await setThreshold(t, user.organisationId, 489_496);
    await sendReward(t, user, recipient()); // 4,894.96
    expect(await eventsOf(t, user, 'balance.low')).toHaveLength(2);

    const got = await eventually(async () => {
      const list = receiver.received.filter((r) => r.path === '/low');
      return list.length === 2 ? list : undefined;
    });
    for (const r of got)
      expect((new Webhook(secret).verify(r.body, headersOf(r)) as ApiEvent).type).toBe('balance.low');
  });

  it('concurrent orders crossing the threshold together write exactly one balance.low', async () => {
    const user = await signUpVerifiedUser(t);
    await setThreshold(t, user.organisationId, 499_000);
    const product = await pickProduct(t);
    const results = await Promise.all(
      Array.from({ length: 6 }, () =>
        postOrder(t, user.accessToken, { product_code: product.code, amount: 25, email: recipient(), quantity: 1 }),
      ),
    );
    expect(results.map((r) => r.statusCode)).toEqual([201, 201, 201, 201, 201, 201]);
    const low = await eventsOf(t, user, 'balance.low');
    expect(low).toHaveLength(1);
    expect(low[0]?.data).toMatchObject({ available_minor: 500_000 - 2563, threshold_minor: 499_000 });
  });

  it('filters events by the new types and refuses an unknown one, naming query.type', async () => {
    const user = await signUpVerifiedUser(t);
    const bad = await t.app.inject({ url: '/api/v1/events?type=reward.lost', headers: bearer(user.accessToken) });
    expect(bad.statusCode).toBe(400);
    expect(bad.json()).toMatchObject({
      code: 'VALIDATION_ERROR',
      details: [expect.objectContaining({ path: 'query.type' })],
    });
    const endpoint = await t.app.inject({
      method: 'POST',
      url: '/api/v1/webhook-endpoints',
      headers: bearer(user.accessToken),
      payload: { url: receiver.url('/x'), event_types: ['reward.email_bounced', 'balance.reminder'] },
    });
    expect(endpoint.statusCode).toBe(400);
    expect(endpoint.json().details[0].path).toMatch(/^body\.event_types/);
  });
});

describe(`reward.email_bounced when the recipient's server refuses (${TEST_DB})`, () => {
  let t: TestApp;
  let server: SMTPServer;
  const accepted: string[] = [];
  const messages: { to: string[]; raw: string }[] = [];
  beforeAll(async () => {
    server = new SMTPServer({
      authOptional: true,
      disabledCommands: ['STARTTLS'],
      logger: false,
      onRcptTo(address, _session, callback) {
        if (address.address.startsWith('nobody-'))
          return callback(Object.assign(new Error('5.1.1 <nobody> User unknown'), { responseCode: 550 }));
        callback();
      },
      onData(stream, session, callback) {
        const chunks: Buffer[] = [];
        stream.on('data', (c: Buffer) => chunks.push(c));
        stream.on('end', () => {
          const to = session.envelope.rcptTo.map((r) => r.address);
          accepted.push(...to);
          messages.push({ to, raw: Buffer.concat(chunks).toString('utf8') });
          callback();
        });
      },
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const { port } = server.server.address() as AddressInfo;
    t = await createTestApp({ env: { SMTP_URL: `smtp://127.0.0.1:${port}` } });
  });
  afterAll(async () => {
    await t.close();
    await new Promise<void>((resolve) => server.close(() => resolve()));
  });

  it('a refused recipient is reported once per message; the order stays completed; an accepted one is delivered', async () => {
    const user = await signUpThroughSmtp();
    const bad = `nobody-${recipient()}`;
    const orderId = await sendReward(t, user, bad);
    expect((await settledOrder(t, user.accessToken, orderId)).status).toBe('completed');
    const bounced = await eventually(async () => {
      const list = await eventsOf(t, user, 'reward.email_bounced');
      return list.length ? list : undefined;
    });
    expect(bounced).toHaveLength(1);
    expect(await parsedEventsOf(t, user.accessToken, 'reward.email_bounced')).toEqual(bounced);
    const { rows } = await sql<{ id: string; bounced_at: Date }>`
      SELECT r.id, b.bounced_at FROM rewards r JOIN reward_email_bounces b ON b.reward_id = r.id
      WHERE r.order_id = ${orderId}`.execute(t.database.db);
    expect(bounced[0]?.data).toEqual({
      reward_id: rows[0]?.id,
      order_id: orderId,
      recipient_email: bad,
      position: 1,
      bounced_at: rows[0]?.bounced_at.toISOString(),
      smtp_code: 550,
      smtp_response: expect.stringContaining('User unknown'),
    });
    expect(await eventsOf(t, user, 'reward.delivered')).toEqual([]);
    const order = await t.app.inject({ url: `/api/v1/orders/${orderId}`, headers: bearer(user.accessToken) });
    expect(order.json().status).toBe('completed');

    // The fallback job meeting the same refusal with the same message reports nothing new.
    const messageId = await bouncedMessageId(t, orderId);
    const again = await t.app.queue.boss.send(EMAIL_FALLBACK_QUEUE, { orderId, to: bad, messageId });
    await eventually(
      async () =>
        (await t.app.queue.boss.getJobById(EMAIL_FALLBACK_QUEUE, again as string))?.state === 'completed'
          ? true
          : undefined,
      30_000,
    );
    expect(await eventsOf(t, user, 'reward.email_bounced')).toHaveLength(1);

    // A resend is a new message: refused again, reported again; to a corrected address, delivered.
    const resend = (email: string) =>
      t.app.inject({
        method: 'POST',
        url: `/api/v1/orders/${orderId}/resend`,
        headers: bearer(user.accessToken),
        payload: { email },
      });
    expect((await resend(bad)).statusCode).toBe(200);
    await eventually(async () => (await eventsOf(t, user, 'reward.email_bounced')).length === 2);
    const corrected = recipient();
    expect((await resend(corrected)).statusCode).toBe(200);
    const fixed = await eventually(async () => {
      const list = await eventsOf(t, user, 'reward.delivered');
      return list.length ? list : undefined;
    });
    expect(fixed.map((e) => e.data)).toEqual([
      expect.objectContaining({ order_id: orderId, recipient_email: corrected }),
    ]);

    const good = recipient();
    const ok = await sendReward(t, user, good);
    await settledOrder(t, user.accessToken, ok);
    const delivered = await eventually(async () => {
      const list = await eventsOf(t, user, 'reward.delivered');
      return list.length === 2 ? list : undefined;
    });
    expect(delivered[0]?.data).toMatchObject({ order_id: ok, recipient_email: good, position: 1 });
    expect(delivered).toHaveLength(2);
    expect(accepted).toContain(good);
    expect(accepted).not.toContain(bad);
  }, 60_000);

  /** Sign-up with the verification link read from what the SMTP server received. */
  async function signUpThroughSmtp(): Promise<SignedUpUser> {
    const email = uniqueEmail('owner');
    const password = 'violet-Harbour-42';
    const remoteAddress = randomIp();
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/v1/auth/signup',
      payload: { email, password },
      remoteAddress,
    });
    expect(res.statusCode).toBe(200);
    const message = await eventually(async () => messages.find((m) => m.to.includes(email)));
    const text = message.raw
      .replace(/=\r?\n/g, '')
      .replace(/=([0-9A-F]{2})/g, (_, h: string) => String.fromCharCode(Number.parseInt(h, 16)));
    const token = /\/verify\/([A-Za-z0-9_-]+)/.exec(text)?.[1];
    const verify = await t.app.inject({
      method: 'POST',
      url: '/api/v1/auth/verify',
      payload: { token },
      cookies: signUpCookie(res),
      remoteAddress,
    });
    expect(verify.statusCode).toBe(200);
    const session = await signIn(t, email, password, remoteAddress);
    return {
      accessToken: session.access_token,
      refreshToken: session.refresh_token,
      user: session.user,
      organisationId: session.user.organisation.id,
      email,
      password,
    };
  }
});

async function bouncedMessageId(t: TestApp, orderId: string): Promise<string> {
  const { rows } = await sql<{ message_id: string }>`
    SELECT b.message_id FROM reward_email_bounces b JOIN rewards r ON r.id = b.reward_id
    WHERE r.order_id = ${orderId}`.execute(t.database.db);
  return rows[0]?.message_id as string;
}
