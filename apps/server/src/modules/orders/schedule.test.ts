import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, type SignedUpUser, signUpVerifiedUser } from '../../../test/factories';
import { balanceOf, pickProduct, postOrder, recipient } from '../../../test/factories/orders';
import { createTestApp, eventually, TEST_DB, type TestApp } from '../../../test/helpers';
import { QUEUE_SCHEMA } from '../../plugins/queue';
import { replayBalance } from '../ledger/repository';
import { FULFIL_QUEUE } from './fulfilment';

/**
 * Scheduled delivery (issue 16, decision 042) through HTTP into the database: held at once,
 * started by its job at its time and not before, cancelled or moved before it starts, and the
 * refusals. Time is moved by moving the order's and its job's times back, never by waiting.
 */
let t: TestApp;
let product: { code: string };
beforeAll(async () => {
  t = await createTestApp();
  product = await pickProduct(t);
});
afterAll(() => t.close());

const inHours = (h: number) => new Date(Date.now() + h * 3_600_000).toISOString();
const schedule = (user: SignedUpUser, sendAt: string, extra: object = {}) =>
  postOrder(t, user.accessToken, {
    product_code: product.code,
    amount: 25,
    email: recipient(),
    quantity: 1,
    send_at: sendAt,
    ...extra,
  } as never);
const cancel = (user: SignedUpUser, id: string, key?: string) =>
  t.app.inject({
    method: 'POST',
    url: `/api/v1/orders/${id}/cancel`,
    headers: { ...bearer(user.accessToken), ...(key ? { 'idempotency-key': key } : {}) },
  });
const reschedule = (user: SignedUpUser, id: string, sendAt: unknown) =>
  t.app.inject({
    method: 'PATCH',
    url: `/api/v1/orders/${id}`,
    headers: bearer(user.accessToken),
    payload: { send_at: sendAt },
  });
const getOrder = async (user: SignedUpUser, id: string) =>
  (await t.app.inject({ url: `/api/v1/orders/${id}`, headers: bearer(user.accessToken) })).json();

/** The order's fulfilment jobs, with when each may start. */
async function jobsOf(orderId: string) {
  const { rows } = await sql<{ id: string; start_after: Date; state: string; send_at: string | null }>`
    SELECT id, start_after, state, data->>'sendAt' AS send_at FROM ${sql.table(`${QUEUE_SCHEMA}.job`)}
    WHERE name = ${FULFIL_QUEUE} AND data->>'orderId' = ${orderId} ORDER BY created_on`.execute(t.database.db);
  return rows;
}

/** Waits until the order has been delivered or has failed. */
const finished = (user: SignedUpUser, id: string) =>
  eventually(async () => {
    const o = await getOrder(user, id);
    return o.status === 'completed' || o.status === 'failed' ? o : undefined;
  });

/** Moves the order's time, and its job's, to a moment ago, and wakes the workers: "time passes". */
async function makeDue(orderId: string) {
  // Milliseconds, as every time the API takes: the job names the order's time exactly.
  await sql`UPDATE orders SET send_at = date_trunc('milliseconds', now() - interval '1 second') WHERE id = ${orderId}`.execute(
    t.database.db,
  );
  const [order] = (
    await sql<{ send_at: Date }>`SELECT send_at FROM orders WHERE id = ${orderId}`.execute(t.database.db)
  ).rows;
  await sql`
    UPDATE ${sql.table(`${QUEUE_SCHEMA}.job`)}
    SET start_after = now(), data = jsonb_set(data::jsonb, '{sendAt}', to_jsonb(${order?.send_at.toISOString()}::text))::json
    WHERE name = ${FULFIL_QUEUE} AND data->>'orderId' = ${orderId} AND state = 'created'`.execute(t.database.db);
  t.app.queue.wake(FULFIL_QUEUE);
}

/**
 * Wakes the fulfilment loops until each has run a whole fetch that began after `since`: a loop
 * fetches one batch at a time, so its second fetch to end after `since` began after it.
 */
async function everyLoopFetchedSince(since: number) {
  const loops = () => t.app.queue.boss.getWipData().filter((w) => w.name === FULFIL_QUEUE);
  expect(loops().length).toBeGreaterThan(0);
  for (let round = 0, after = since; round < 2; round++, after = Date.now()) {
    t.app.queue.wake(FULFIL_QUEUE);
    await eventually(async () => loops().every((w) => (w.lastFetchedOn ?? 0) > after));
  }
}

describe(`scheduled orders (${TEST_DB})`, () => {
  it('holds the total at once, waits for its time, then delivers once', async () => {
    const user = await signUpVerifiedUser(t);
    const sendAt = inHours(24);
    const res = await schedule(user, sendAt);
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json()).toMatchObject({ status: 'scheduled', send_at: new Date(sendAt).toISOString() });
    const id = res.json().order_id;
    expect(await balanceOf(t, user.accessToken)).toMatchObject({ available: 5000 - 25.63, held: 25.63 });
    const [job] = await jobsOf(id);
    expect(job?.start_after.toISOString()).toBe(new Date(sendAt).toISOString());
    expect(job?.send_at).toBe(new Date(sendAt).toISOString());
    // Nothing happens before its time, however often the workers look: every fulfilment loop
    // fetches after a wake-up, and the order is still scheduled.
    await everyLoopFetchedSince(Date.now());
    expect((await getOrder(user, id)).status).toBe('scheduled');
    expect((await jobsOf(id))[0]?.state).toBe('created');

    await makeDue(id);
    const done = await finished(user, id);
    expect(done.status).toBe('completed');
    expect(await balanceOf(t, user.accessToken)).toMatchObject({ available: 5000 - 25.63, held: 0 });
    expect(await cancel(user, id).then((r) => r.statusCode)).toBe(409);
  });

  it('cancels before it starts: the hold comes back, the job does nothing, a retry replays', async () => {
    const user = await signUpVerifiedUser(t);
    const id = (await schedule(user, inHours(2))).json().order_id;
    const first = await cancel(user, id, 'cancel-1');
    expect(first.statusCode, first.body).toBe(200);
    expect(first.json()).toMatchObject({ status: 'cancelled', order_id: id });
    expect((await cancel(user, id, 'cancel-1')).body).toBe(first.body);
    const again = await cancel(user, id);
    expect(again.statusCode).toBe(409);
    expect(again.json().error).toContain('cancelled already');
    expect(await balanceOf(t, user.accessToken)).toMatchObject({ available: 5000, held: 0 });
    const replayed = await replayBalance(t.database.db, user.organisationId, 'USD');
    expect(replayed).toMatchObject({ availableMinor: 500000, heldMinor: 0 });
    // Its job, run at its time, leaves the cancelled order alone.
    await makeDue(id);
    await eventually(async () => ((await jobsOf(id))[0]?.state === 'completed' ? true : undefined));
    expect((await getOrder(user, id)).status).toBe('cancelled');
    const history = (await getOrder(user, id)).history.map((h: { type: string }) => h.type);
    expect(history).toContain('order.cancelled');
  });

  it('moves to another time: the old job does nothing, the order starts once at the new time', async () => {
    const user = await signUpVerifiedUser(t);
    const id = (await schedule(user, inHours(5))).json().order_id;
    const moved = await reschedule(user, id, inHours(48));
    expect(moved.statusCode, moved.body).toBe(200);
    expect(moved.json().send_at).toBe(new Date(moved.json().send_at).toISOString());
    const jobs = await jobsOf(id);
    expect(jobs).toHaveLength(2);
    // The old job runs first: nothing happens.
    await sql`UPDATE ${sql.table(`${QUEUE_SCHEMA}.job`)} SET start_after = now() WHERE id = ${jobs[0]?.id}::uuid`.execute(
      t.database.db,
    );
    t.app.queue.wake(FULFIL_QUEUE);
    await eventually(async () => ((await jobsOf(id))[0]?.state === 'completed' ? true : undefined));
    expect((await getOrder(user, id)).status).toBe('scheduled');
    // The new time comes: delivered, once.
    await sql`UPDATE orders SET send_at = ${jobs[1]?.send_at}::timestamptz WHERE id = ${id}`.execute(t.database.db);
    await sql`UPDATE ${sql.table(`${QUEUE_SCHEMA}.job`)} SET start_after = now() WHERE id = ${jobs[1]?.id}::uuid`.execute(
      t.database.db,
    );
    t.app.queue.wake(FULFIL_QUEUE);
    expect((await finished(user, id)).status).toBe('completed');
    const history = (await getOrder(user, id)).history.map((h: { type: string }) => h.type);
    expect(history.filter((h: string) => h === 'order.completed')).toHaveLength(1);
    expect(history).toContain('order.rescheduled');
  });

  it('refuses times too soon, too far, without an offset or not times at all, and what is not scheduled', async () => {
    const user = await signUpVerifiedUser(t);
    for (const sendAt of [
      inHours(-1),
      new Date(Date.now() + 10_000).toISOString(),
      inHours(366 * 24),
      '2026-12-01T09:00:00',
      'tomorrow',
      '2026-12-01T09:00:00\u0000+01:00',
      12,
    ]) {
      const res = await schedule(user, sendAt as string);
      expect(res.statusCode, String(sendAt)).toBe(400);
      expect(res.json().error).toContain('send_at');
    }
    expect(await balanceOf(t, user.accessToken)).toMatchObject({ available: 5000, held: 0 });
    const now = (
      await postOrder(t, user.accessToken, { product_code: product.code, amount: 25, email: recipient(), quantity: 1 })
    ).json();
    expect(now.send_at).toBeNull();
    expect((await cancel(user, now.order_id)).statusCode).toBe(409);
    expect((await reschedule(user, now.order_id, inHours(3))).statusCode).toBe(409);
    const id = (await schedule(user, inHours(3))).json().order_id;
    expect((await reschedule(user, id, inHours(-3))).statusCode).toBe(400);
    expect((await reschedule(user, id, 'soon')).statusCode).toBe(400);
    const other = await signUpVerifiedUser(t);
    expect((await cancel(other, id)).statusCode).toBe(404);
    expect((await reschedule(other, id, inHours(4))).statusCode).toBe(404);
    expect((await getOrder(user, id)).status).toBe('scheduled');
  });

  it.runIf(TEST_DB === 'postgres')('a cancel racing the job that starts it: exactly one wins', async () => {
    const user = await signUpVerifiedUser(t);
    for (let round = 0; round < 4; round++) {
      const id = (await schedule(user, inHours(1))).json().order_id;
      await makeDue(id);
      const cancelled = await cancel(user, id);
      const order = cancelled.statusCode === 200 ? await getOrder(user, id) : await finished(user, id);
      if (cancelled.statusCode === 200) expect(order.status).toBe('cancelled');
      else expect(order.status).toBe('completed');
    }
    const replayed = await replayBalance(t.database.db, user.organisationId, 'USD');
    expect(Math.round((await balanceOf(t, user.accessToken)).available * 100)).toBe(replayed.availableMinor);
    expect(replayed.heldMinor).toBe(0);
  });
});
