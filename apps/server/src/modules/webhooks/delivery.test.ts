import { type ChildProcess, spawn } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { sql } from 'kysely';
import { Webhook } from 'standardwebhooks';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { WEBHOOK_RECEIVER_SNIPPET } from '../../../../web/src/features/docs/webhook-snippet';
import { bearer, type SignedUpUser, signUpVerifiedUser } from '../../../test/factories';
import { pickProduct, postOrder, recipient, settledOrder } from '../../../test/factories/orders';
import { createTestApp, eventually, TEST_DB, type TestApp } from '../../../test/helpers';
import { type ReceivedWebhook, startReceiver } from '../../../test/webhook-receiver';
import { attemptDelivery, EXCERPT_BYTES } from './delivery';

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

async function addEndpoint(user: SignedUpUser, body: Record<string, unknown>) {
  const res = await t.app.inject({
    method: 'POST',
    url: '/api/v1/webhook-endpoints',
    headers: bearer(user.accessToken),
    payload: body,
  });
  expect(res.statusCode).toBe(201);
  return res.json() as { endpoint: { id: string }; secret: string };
}

const topUp = (user: SignedUpUser, amount: number) =>
  t.app.inject({
    method: 'POST',
    url: '/api/v1/balance/sandbox-topup',
    headers: bearer(user.accessToken),
    payload: { amount },
  });

const at = (path: string) => receiver.received.filter((r) => r.path === path);
const headersOf = (r: ReceivedWebhook) => ({
  'webhook-id': String(r.headers['webhook-id']),
  'webhook-timestamp': String(r.headers['webhook-timestamp']),
  'webhook-signature': String(r.headers['webhook-signature']),
});
/** What a customer does: verify with the official library, then read the event. */
const verified = (secret: string, r: ReceivedWebhook) =>
  new Webhook(secret).verify(r.body, headersOf(r)) as { id: string; type: string; data: Record<string, unknown> };

async function deliveriesOf(user: SignedUpUser, endpointId: string, query = '') {
  const res = await t.app.inject({
    url: `/api/v1/webhook-endpoints/${endpointId}/deliveries${query}`,
    headers: bearer(user.accessToken),
  });
  expect(res.statusCode).toBe(200);
  return res.json().data as {
    id: string;
    event_id: string;
    status: string;
    attempts: {
      status_code: number | null;
      response_excerpt: string | null;
      next_retry_at: string | null;
      error: string | null;
    }[];
  }[];
}

describe(`webhook delivery (${TEST_DB})`, () => {
  it('delivers every event as Standard Webhooks that the standardwebhooks package verifies, the body being the event', async () => {
    const user = await signUpVerifiedUser(t);
    const { secret } = await addEndpoint(user, { url: receiver.url('/all') });
    expect((await topUp(user, 10)).statusCode).toBe(200);
    const product = await pickProduct(t);
    const order = await postOrder(t, user.accessToken, {
      product_code: product.code,
      amount: Math.max(25, product.minValue),
      email: recipient(),
      quantity: 1,
    });
    await settledOrder(t, user.accessToken, order.json().order_id);
    await eventually(async () => at('/all').length >= 4);

    const payloads = at('/all').map((r) => verified(secret, r));
    expect(payloads.map((p) => p.type).sort()).toEqual([
      'balance.funded',
      'order.completed',
      'order.created',
      'reward.delivered',
    ]);
    for (const p of payloads) {
      const res = await t.app.inject({ url: `/api/v1/events/${p.id}`, headers: bearer(user.accessToken) });
      expect(res.json().event).toEqual(p);
    }
    const first = at('/all')[0] as ReceivedWebhook;
    expect(first.headers['webhook-id']).toBe(JSON.parse(first.body).id);
    expect(first.headers['content-type']).toBe('application/json');
    expect(first.headers['webhook-signature']).toMatch(/^v1,[A-Za-z0-9+/]+=*$/);
  });

  it('a tampered body, timestamp or id fails verification', async () => {
    const user = await signUpVerifiedUser(t);
    const { secret } = await addEndpoint(user, { url: receiver.url('/tamper') });
    await topUp(user, 1);
    const r = await eventually(async () => at('/tamper')[0]);
    const wh = new Webhook(secret);
    expect(() => wh.verify(r.body, headersOf(r))).not.toThrow();
    expect(() => wh.verify(r.body.replace('"amount":1', '"amount":1000'), headersOf(r))).toThrow();
    const h = headersOf(r);
    expect(() =>
      wh.verify(r.body, { ...h, 'webhook-timestamp': String(Number(h['webhook-timestamp']) + 1) }),
    ).toThrow();
    expect(() =>
      wh.verify(r.body, {
        ...h,
        'webhook-id': `${h['webhook-id'].slice(0, -1)}${h['webhook-id'].endsWith('0') ? '1' : '0'}`,
      }),
    ).toThrow();
    expect(() => new Webhook(`whsec_${Buffer.alloc(32, 7).toString('base64')}`).verify(r.body, h)).toThrow();
  });

  it('sends only the types an endpoint asked for, and nothing to a disabled one', async () => {
    const user = await signUpVerifiedUser(t);
    await addEndpoint(user, { url: receiver.url('/orders-only'), event_types: ['order.failed'] });
    await addEndpoint(user, { url: receiver.url('/off'), enabled: false });
    const { secret } = await addEndpoint(user, { url: receiver.url('/funding'), event_types: ['balance.funded'] });
    await topUp(user, 2);
    await eventually(async () => at('/funding').length === 1);
    expect(verified(secret, at('/funding')[0] as ReceivedWebhook).type).toBe('balance.funded');
    const { rows } = await sql<{ n: number }>`
      SELECT count(*)::int AS n FROM webhook_deliveries WHERE organisation_id = ${user.organisationId}`.execute(
      t.database.db,
    );
    expect(rows[0]?.n).toBe(1);
    expect(at('/orders-only')).toEqual([]);
    expect(at('/off')).toEqual([]);
  });

  it('retries after a 500 with the same webhook-id; the log shows each attempt, excerpts capped at 4 KB; a redirect is not followed', async () => {
    const user = await signUpVerifiedUser(t);
    const { secret, endpoint } = await addEndpoint(user, { url: receiver.url('/flaky') });
    receiver.answer(
      { status: 500, body: 'x'.repeat(10_000) },
      { status: 302, headers: { location: receiver.url('/elsewhere') } },
    );
    const failedAttempts = async () =>
      (await t.app.metrics.webhookAttemptSeconds.get()).values.find(
        (v) => v.metricName?.endsWith('_count') && v.labels.outcome === 'failed',
      )?.value ?? 0;
    const failedBefore = await failedAttempts();
    await topUp(user, 3);
    // Attempt 1 at once (500), attempt 2 about 5 s later (302, not followed), attempt 3 5 min later.
    await eventually(async () => at('/flaky').length >= 2, 20_000);
    const [a, b] = at('/flaky') as [ReceivedWebhook, ReceivedWebhook];
    expect(b.headers['webhook-id']).toBe(a.headers['webhook-id']);
    expect(verified(secret, b).id).toBe(a.headers['webhook-id']);
    expect(at('/elsewhere')).toEqual([]);

    const [delivery] = await eventually(async () => {
      const list = await deliveriesOf(user, endpoint.id);
      return list[0]?.attempts.length === 2 ? list : undefined;
    });
    expect(delivery?.status).toBe('pending');
    const [first, second] = delivery?.attempts ?? [];
    expect(first?.status_code).toBe(500);
    expect(first?.response_excerpt).toHaveLength(EXCERPT_BYTES);
    const firstRetry = Date.parse(first?.next_retry_at ?? '');
    expect(firstRetry).toBeGreaterThan(0);
    expect(second?.status_code).toBe(302);
    const secondRetry = Date.parse(second?.next_retry_at ?? '') - Date.now();
    expect(secondRetry).toBeGreaterThan(4 * 60_000);
    expect(secondRetry).toBeLessThan(6 * 60_000);
    expect(await deliveriesOf(user, endpoint.id, '?status=succeeded')).toEqual([]);
    // Both timed on /metrics as failed attempts (decision 072).
    expect(await failedAttempts()).toBeGreaterThanOrEqual(failedBefore + 2);
  });

  it('signs with both secrets for 24 hours after a rotation', async () => {
    const user = await signUpVerifiedUser(t);
    const { secret: old, endpoint } = await addEndpoint(user, { url: receiver.url('/rotated') });
    const rotated = await t.app.inject({
      method: 'POST',
      url: `/api/v1/webhook-endpoints/${endpoint.id}/rotate-secret`,
      headers: bearer(user.accessToken),
    });
    await topUp(user, 4);
    const r = await eventually(async () => at('/rotated')[0]);
    expect(String(r.headers['webhook-signature']).split(' ')).toHaveLength(2);
    expect(verified(rotated.json().secret, r).type).toBe('balance.funded');
    expect(verified(old, r).type).toBe('balance.funded');
  });

  it('sends a test event, and replays an event with its webhook-id', async () => {
    const user = await signUpVerifiedUser(t);
    const { secret, endpoint } = await addEndpoint(user, { url: receiver.url('/replay') });
    const test = await t.app.inject({
      method: 'POST',
      url: `/api/v1/webhook-endpoints/${endpoint.id}/test`,
      headers: bearer(user.accessToken),
    });
    expect(test.statusCode).toBe(202);
    const r = await eventually(async () => at('/replay')[0]);
    const event = verified(secret, r);
    expect(event).toMatchObject({ type: 'webhook.test', data: { endpoint_id: endpoint.id } });

    const replay = await t.app.inject({
      method: 'POST',
      url: `/api/v1/webhook-endpoints/${endpoint.id}/replay`,
      headers: bearer(user.accessToken),
      payload: { event_id: event.id },
    });
    expect(replay.statusCode).toBe(202);
    const again = await eventually(async () => at('/replay')[1]);
    expect(again.headers['webhook-id']).toBe(event.id);
    expect(verified(secret, again).id).toBe(event.id);
    await eventually(async () => (await deliveriesOf(user, endpoint.id, '?status=succeeded')).length === 2);
    expect(await deliveriesOf(user, endpoint.id, '?event_type=order.created')).toEqual([]);

    const stranger = await signUpVerifiedUser(t);
    const foreign = await t.app.inject({
      method: 'POST',
      url: `/api/v1/webhook-endpoints/${endpoint.id}/replay`,
      headers: bearer(stranger.accessToken),
      payload: { event_id: event.id },
    });
    expect(foreign.statusCode).toBe(404);
    const { endpoint: theirs } = await addEndpoint(stranger, { url: receiver.url('/theirs') });
    const otherEvent = await t.app.inject({
      method: 'POST',
      url: `/api/v1/webhook-endpoints/${theirs.id}/replay`,
      headers: bearer(stranger.accessToken),
      payload: { event_id: event.id },
    });
    expect(otherEvent.statusCode).toBe(404);
    for (const query of ['?status=lost', '?event_type=nope', '?cursor=%00', '?limit=101']) {
      const bad = await t.app.inject({
        url: `/api/v1/webhook-endpoints/${endpoint.id}/deliveries${query}`,
        headers: bearer(user.accessToken),
      });
      expect(bad.statusCode).toBe(400);
    }
  });

  it('replays every event whose delivery failed since a time, once, even when asked twice at once', async () => {
    const user = await signUpVerifiedUser(t);
    const { secret, endpoint } = await addEndpoint(user, { url: receiver.url('/outage') });
    for (const amount of [5, 6, 7]) expect((await topUp(user, amount)).statusCode).toBe(200);
    const delivered = await eventually(async () => {
      const list = await deliveriesOf(user, endpoint.id, '?status=succeeded');
      return list.length === 3 ? list : undefined;
    });
    // The oldest two chains ended failed (as after an outage that outlasted the schedule).
    const [third, second, first] = delivered as [(typeof delivered)[0], (typeof delivered)[0], (typeof delivered)[0]];
    await sql`UPDATE webhook_deliveries SET status = 'failed' WHERE id IN (${first.id}, ${second.id})`.execute(
      t.app.db,
    );
    const since = await sql<{ at: Date }>`SELECT created_at AS at FROM events WHERE id = ${second.event_id}`.execute(
      t.app.db,
    );
    const replayFailed = (who: SignedUpUser, endpointId: string, payload: unknown) =>
      t.app.inject({
        method: 'POST',
        url: `/api/v1/webhook-endpoints/${endpointId}/replay-failed`,
        headers: bearer(who.accessToken),
        payload: payload as Record<string, unknown>,
      });
    const body = { since: since.rows[0]?.at.toISOString() };
    const before = at('/outage').length;

    // Two calls at once: the second finds the event already being delivered again.
    const answers = await Promise.all([replayFailed(user, endpoint.id, body), replayFailed(user, endpoint.id, body)]);
    expect(answers.map((a) => a.statusCode)).toEqual([202, 202]);
    expect(answers.map((a) => a.json().queued).sort()).toEqual([0, 1]);
    expect(answers[0]?.json().has_more).toBe(false);
    const again = await eventually(async () => at('/outage')[before]);
    expect(again.headers['webhook-id']).toBe(second.event_id);
    expect(verified(secret, again).id).toBe(second.event_id);
    await eventually(async () => (await deliveriesOf(user, endpoint.id, '?status=succeeded')).length === 2);
    // Delivered now: nothing left to replay since then; the older failure is before `since`.
    expect((await replayFailed(user, endpoint.id, body)).json()).toEqual({ success: true, queued: 0, has_more: false });
    expect(at('/outage')).toHaveLength(before + 1);
    expect(third.event_id).not.toBe(second.event_id);

    const stranger = await signUpVerifiedUser(t);
    expect((await replayFailed(stranger, endpoint.id, body)).statusCode).toBe(404);
    const day = 86_400_000;
    for (const bad of [
      {},
      { since: 'yesterday' },
      { since: new Date(Date.now() + 3_600_000).toISOString() },
      { since: new Date(Date.now() - 31 * day).toISOString() },
      { since: 12 },
      { since: '2026-01-01T00:00:00Z\u0000' },
    ]) {
      const res = await replayFailed(user, endpoint.id, bad);
      expect(res.statusCode, JSON.stringify(bad)).toBe(400);
      expect(res.json()).toMatchObject({ code: 'VALIDATION_ERROR' });
    }
    expect(
      (await replayFailed(user, endpoint.id, { since: new Date(Date.now() - 29 * day).toISOString() })).statusCode,
    ).toBe(202);
  });

  it('the Docs page’s receiver, run as written, verifies real deliveries and refuses a forged one', async () => {
    // Beside the repository's node_modules, so its `standardwebhooks` import resolves.
    const outDir = path.resolve(import.meta.dirname, '../../../../../.test-output');
    mkdirSync(outDir, { recursive: true });
    const dir = mkdtempSync(path.join(outDir, 'docs-receiver-'));
    const file = path.join(dir, 'receiver.mjs');
    writeFileSync(file, WEBHOOK_RECEIVER_SNIPPET);
    const net = await import('node:net');
    const port = await new Promise<number>((resolve) => {
      const probe = net.createServer().listen(0, '127.0.0.1', () => {
        const p = (probe.address() as { port: number }).port;
        probe.close(() => resolve(p));
      });
    });
    const user = await signUpVerifiedUser(t);
    const { endpoint, secret } = await addEndpoint(user, { url: `http://127.0.0.1:${port}/giftrelay` });
    let out = '';
    const child: ChildProcess = spawn(process.execPath, [file], {
      env: { ...process.env, GIFTRELAY_WEBHOOK_SECRET: secret, PORT: String(port) },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    child.stdout?.on('data', (c) => {
      out += String(c);
    });
    try {
      await eventually(async () => {
        const res = await fetch(`http://127.0.0.1:${port}/`, { method: 'POST', body: '{}' }).catch(() => undefined);
        return res?.status === 400; // up, and refusing an unsigned request
      });
      expect((await topUp(user, 8)).statusCode).toBe(200);
      const line = await eventually(async () => out.split('\n').find((l) => l.startsWith('balance.funded ')));
      const [, eventId, data] = line.split(' ');
      expect(JSON.parse(data ?? '')).toMatchObject({ amount: 8 });
      await eventually(async () => (await deliveriesOf(user, endpoint.id, '?status=succeeded')).length === 1);
      // A forged signature and a replayed body with another id are refused.
      const ts = String(Math.floor(Date.now() / 1000));
      for (const headers of [
        { 'webhook-id': String(eventId), 'webhook-timestamp': ts, 'webhook-signature': 'v1,Zm9yZ2Vk' },
        { 'webhook-id': 'another', 'webhook-timestamp': ts, 'webhook-signature': 'v1,Zm9yZ2Vk' },
      ]) {
        const forged = await fetch(`http://127.0.0.1:${port}/`, { method: 'POST', body: '{}', headers });
        expect(forged.status).toBe(400);
      }
      expect(out.trim().split('\n')).toHaveLength(1);
    } finally {
      child.kill();
      rmSync(dir, { recursive: true, force: true });
    }
  });

  it('a change that rolls back delivers nothing', async () => {
    const user = await signUpVerifiedUser(t);
    await addEndpoint(user, { url: receiver.url('/rolled-back') });
    await sql
      .raw(`CREATE OR REPLACE FUNCTION test_abort_commit() RETURNS trigger LANGUAGE plpgsql AS $$
      BEGIN RAISE EXCEPTION 'test: commit refused'; END $$`)
      .execute(t.database.db);
    await sql
      .raw(`CREATE CONSTRAINT TRIGGER test_abort_commit AFTER INSERT ON ledger_entries
        DEFERRABLE INITIALLY DEFERRED FOR EACH ROW
        WHEN (NEW.organisation_id = '${user.organisationId}'::uuid) EXECUTE FUNCTION test_abort_commit()`)
      .execute(t.database.db);
    try {
      expect((await topUp(user, 5)).statusCode).toBe(500);
      t.loggedErrors.length = 0;
    } finally {
      await sql.raw('DROP TRIGGER test_abort_commit ON ledger_entries').execute(t.database.db);
    }
    // A later event of the same organisation is delivered; the rolled-back one never is.
    await topUp(user, 6);
    const r = await eventually(async () => at('/rolled-back')[0]);
    expect(JSON.parse(r.body).data.amount).toBe(6);
    const { rows } = await sql<{ n: number }>`
      SELECT count(*)::int AS n FROM webhook_deliveries WHERE organisation_id = ${user.organisationId}`.execute(
      t.database.db,
    );
    expect(rows[0]?.n).toBe(1);
  });

  describe('one POST per attempt (migration 0094)', () => {
    /**
     * A delivery the workers never pick up on their own (already marked queued, no job for it):
     * the tests below run its attempt by hand, as a worker would, once or twice at a time.
     */
    async function handRunDelivery(path: string, url = receiver.url(path)) {
      const user = await signUpVerifiedUser(t);
      // The endpoint wants orders only, so the top-up's event reaches it only through the row below.
      const { endpoint } = await addEndpoint(user, { url, event_types: ['order.created'] });
      expect((await topUp(user, 3)).statusCode).toBe(200);
      const event = await t.database.db
        .selectFrom('events')
        .select('id')
        .where('organisation_id', '=', user.organisationId)
        .where('type', '=', 'balance.funded')
        .executeTakeFirstOrThrow();
      const delivery = await t.database.db
        .insertInto('webhook_deliveries')
        .values({ organisation_id: user.organisationId, endpoint_id: endpoint.id, event_id: event.id, queued: true })
        .returning('id')
        .executeTakeFirstOrThrow();
      const state = () =>
        t.database.db
          .selectFrom('webhook_deliveries')
          .select(['status', 'attempts'])
          .where('id', '=', delivery.id)
          .executeTakeFirstOrThrow();
      return { deliveryId: delivery.id, eventId: event.id, state };
    }

    it('the same job run twice at once (a lapsed heartbeat) posts once and records one attempt', async () => {
      const { deliveryId, eventId, state } = await handRunDelivery('/claimed-twice');
      const job = { deliveryId, attempt: 1 };
      const [a, b] = await Promise.all([attemptDelivery(t.app, job), attemptDelivery(t.app, job)]);
      expect(at('/claimed-twice').map((r) => r.headers['webhook-id'])).toEqual([eventId]);
      expect(await state()).toEqual({ status: 'succeeded', attempts: 1 });
      // The run that found the claim either saw the attempt recorded or comes back after the claim.
      expect([a, b].filter((due) => due !== null).length).toBeLessThanOrEqual(1);
      // Coming back finds the attempt made, and posts nothing.
      expect(await attemptDelivery(t.app, job)).toBeNull();
      expect(at('/claimed-twice')).toHaveLength(1);
    });

    it('a claim still held makes a run wait; a claim whose worker died is taken over', async () => {
      const { deliveryId, state } = await handRunDelivery('/claim-held');
      const claim = (seconds: number) =>
        t.database.db
          .updateTable('webhook_deliveries')
          .set({ claimed_attempt: 1, claim_expires_at: sql<Date>`now() + make_interval(secs => ${seconds})` })
          .where('id', '=', deliveryId)
          .execute();
      await claim(60);
      const due = await attemptDelivery(t.app, { deliveryId, attempt: 1 });
      expect(due).toBeInstanceOf(Date);
      expect((due as Date).getTime()).toBeGreaterThan(Date.now());
      expect(at('/claim-held')).toHaveLength(0);
      expect(await state()).toEqual({ status: 'pending', attempts: 0 });
      // The holder died: its claim lapsed, and the next run makes the attempt.
      await claim(-1);
      expect(await attemptDelivery(t.app, { deliveryId, attempt: 1 })).toBeNull();
      expect(at('/claim-held')).toHaveLength(1);
      expect(await state()).toEqual({ status: 'succeeded', attempts: 1 });
    });

    it('a recording that fails after the POST is tried again, so the attempt is recorded and not posted twice', async () => {
      const { deliveryId, state } = await handRunDelivery('/record-retry');
      // The first try to record this delivery's attempt fails (a sequence is not rolled back).
      await sql.raw('CREATE SEQUENCE test_record_fail_once').execute(t.database.db);
      await sql
        .raw(`CREATE OR REPLACE FUNCTION test_record_fail_once() RETURNS trigger LANGUAGE plpgsql AS $$
        BEGIN
          IF nextval('test_record_fail_once') = 1 THEN RAISE EXCEPTION 'test: the database hiccups'; END IF;
          RETURN NEW;
        END $$`)
        .execute(t.database.db);
      await sql
        .raw(`CREATE TRIGGER test_record_fail_once BEFORE INSERT ON webhook_attempts FOR EACH ROW
          WHEN (NEW.delivery_id = '${deliveryId}'::uuid) EXECUTE FUNCTION test_record_fail_once()`)
        .execute(t.database.db);
      try {
        expect(await attemptDelivery(t.app, { deliveryId, attempt: 1 })).toBeNull();
      } finally {
        await sql.raw('DROP TRIGGER test_record_fail_once ON webhook_attempts').execute(t.database.db);
        await sql.raw('DROP FUNCTION test_record_fail_once()').execute(t.database.db);
      }
      const { rows } = await sql<{ tries: string }>`SELECT last_value AS tries FROM test_record_fail_once`.execute(
        t.database.db,
      );
      await sql.raw('DROP SEQUENCE test_record_fail_once').execute(t.database.db);
      expect(Number(rows[0]?.tries)).toBe(2);
      expect(at('/record-retry')).toHaveLength(1);
      expect(await state()).toEqual({ status: 'succeeded', attempts: 1 });
    });

    it('a receiver answering with a NUL byte is recorded (the byte shown as U+FFFD), once', async () => {
      const nul = await startReceiver(() => ({ status: 200, body: 'ok\u0000done' }));
      try {
        const { deliveryId, state } = await handRunDelivery('/nul', nul.url('/nul'));
        expect(await attemptDelivery(t.app, { deliveryId, attempt: 1 })).toBeNull();
        expect(nul.received).toHaveLength(1);
        expect(await state()).toEqual({ status: 'succeeded', attempts: 1 });
        const attempt = await t.database.db
          .selectFrom('webhook_attempts')
          .select('response_excerpt')
          .where('delivery_id', '=', deliveryId)
          .executeTakeFirstOrThrow();
        expect(attempt.response_excerpt).toBe('ok\uFFFDdone');
      } finally {
        await nul.close();
      }
    });
  });
});
