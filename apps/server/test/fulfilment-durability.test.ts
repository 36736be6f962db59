import { randomUUID } from 'node:crypto';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../src/app';
import { openPostgres } from '../src/db/database';
import { decryptSecret } from '../src/lib/crypto';
import { replayBalance } from '../src/modules/ledger/repository';
import { FULFIL_QUEUE } from '../src/modules/orders/fulfilment';
import { QUEUE_SCHEMA } from '../src/plugins/queue';
import { signUpVerifiedUser } from './factories';
import { createPostgresDatabase, eventually, TEST_DB, type TestApp, testConfig } from './helpers';
import { freePort, health, type ServerProcess, startServerProcess } from './servers';

/**
 * Fulfilment survives what production throws at it: a worker killed with SIGKILL in the middle
 * of orders, and several app processes working the same queue. Real processes on a real
 * PostgreSQL; the sandbox provider answers slowly so that the kill lands mid-flight.
 */
describe.runIf(TEST_DB === 'postgres')('fulfilment durability (PostgreSQL, real processes)', () => {
  let url: string;
  let drop: () => Promise<void>;
  let token: string;
  let organisationId: string;
  let productCode: string;
  const running: ServerProcess[] = [];
  const PUBLIC_URL = 'http://localhost:3999';

  beforeAll(async () => {
    ({ url, drop } = await createPostgresDatabase());
    // An account made in-process through the real endpoints, then the app is closed: the
    // children below are the only workers.
    const database = await openPostgres(url, 5);
    const app = await buildApp({
      config: testConfig({ DATABASE_URL: url, CATALOG_SYNC_CRON: 'off', PUBLIC_URL }),
      database,
      logger: false,
    });
    await app.ready();
    const t = { app, database, loggedErrors: [], close: async () => {} } as TestApp;
    const user = await signUpVerifiedUser(t);
    token = user.accessToken;
    organisationId = user.organisationId;
    const product = await database.db
      .selectFrom('products')
      .select('code')
      .where('denominations', 'is', null)
      .where('currency', '=', 'USD')
      .where('min_value', '<=', '1000')
      .where('max_value', '>=', '1000')
      .orderBy('code')
      .executeTakeFirstOrThrow();
    productCode = product.code;
    await app.close();
    await database.close();
  }, 60_000);

  afterAll(async () => {
    for (const p of running) p.child.kill('SIGKILL');
    await Promise.all(running.map((p) => p.exit));
    await drop();
  });

  async function start(port: number, latencyMs = 250, env: Record<string, string> = {}): Promise<ServerProcess> {
    const server = startServerProcess({
      ...env,
      DATABASE_URL: url,
      PORT: String(port),
      SANDBOX_LATENCY_MS: String(latencyMs),
      CATALOG_SYNC_CRON: 'off',
      RATE_LIMIT_FACTOR: '100',
      // A killed process's jobs go back to the queue a second after their heartbeat lapses, not up
      // to 10 s later: what is tested is that they come back and finish once (decision 087).
      APP_ENV: 'test',
      QUEUE_SUPERVISE_SECONDS: '1',
      // Tokens name the site they were issued for: the same origin as the in-process app's.
      PUBLIC_URL,
    });
    running.push(server);
    await eventually(async () => (await health(port))?.status === 'ok', 60_000).catch((err) => {
      throw new Error(`server on ${port} did not become healthy: ${err.message}\n${server.output()}`);
    });
    return server;
  }

  async function placeOrders(port: number, count: number, quantity: number): Promise<string[]> {
    const ids: string[] = [];
    for (let i = 0; i < count; i++) {
      const res = await fetch(`http://127.0.0.1:${port}/api/v1/orders`, {
        method: 'POST',
        headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
        body: JSON.stringify({ product_code: productCode, amount: 10, email: `crash-${i}@example.com`, quantity }),
      });
      expect(res.status).toBe(201);
      ids.push(((await res.json()) as { order_id: string }).order_id);
    }
    return ids;
  }

  /** Every order completed with exactly one code per reward (the provider's own), or failed and refunded. */
  async function assertSettledExactlyOnce(orderIds: string[]) {
    const db = await openPostgres(url, 2);
    try {
      const key = Buffer.from(
        (
          await db.db
            .selectFrom('instance_secrets')
            .select('secret')
            .where('name', '=', 'reward_code_key')
            .executeTakeFirstOrThrow()
        ).secret,
      );
      const orders = await db.db
        .selectFrom('orders')
        .select(['id', 'status', 'quantity'])
        .where('id', 'in', orderIds)
        .execute();
      expect(orders.filter((o) => o.status === 'pending')).toEqual([]);
      for (const order of orders) {
        const rewards = await db.db.selectFrom('rewards').selectAll().where('order_id', '=', order.id).execute();
        expect(rewards).toHaveLength(order.quantity);
        const events = await db.db.selectFrom('order_events').select('type').where('order_id', '=', order.id).execute();
        const entries = await db.db
          .selectFrom('ledger_entries')
          .select('kind')
          .where('order_id', '=', order.id)
          .execute();
        if (order.status === 'completed') {
          for (const r of rewards) {
            expect(r.status).toBe('issued');
            const issued = await db.db
              .selectFrom('sandbox_provider_orders')
              .select('code')
              .where('reference', '=', r.id)
              .execute();
            expect(issued).toHaveLength(1);
            expect(decryptSecret(key, r.code_encrypted as string)).toBe(issued[0]?.code);
          }
          expect(events.filter((e) => e.type === 'order.completed')).toHaveLength(1);
          expect(entries.map((e) => e.kind).sort()).toEqual(['capture', 'hold']);
        } else {
          expect(entries.map((e) => e.kind).sort()).toEqual(['hold', 'release']);
        }
      }
      const balance = await replayBalance(db.db, organisationId, 'USD');
      expect(balance.heldMinor).toBe(0);
      const { rows } = await sql<{ held: string }>`
        SELECT balance_minor::text AS held FROM ledger_accounts WHERE organisation_id = ${organisationId} AND kind = 'held'
      `.execute(db.db);
      expect(rows[0]?.held).toBe('0');
      // Codes issued by the provider for these orders: one per reward, none twice.
      const { rows: counts } = await sql<{ rewards: number; codes: number }>`
        SELECT (SELECT count(*)::int FROM rewards WHERE order_id = ANY(${orderIds}::uuid[]) AND status = 'issued') AS rewards,
               (SELECT count(*)::int FROM sandbox_provider_orders s JOIN rewards r ON r.id::text = s.reference
                 WHERE r.order_id = ANY(${orderIds}::uuid[])) AS codes
      `.execute(db.db);
      expect(counts[0]?.codes).toBe(counts[0]?.rewards);
      return orders;
    } finally {
      await db.close();
    }
  }

  async function waitUntilSettled(orderIds: string[], timeoutMs: number) {
    const db = await openPostgres(url, 1);
    try {
      await eventually(async () => {
        const pending = await db.db
          .selectFrom('orders')
          .select('id')
          .where('id', 'in', orderIds)
          .where('status', '=', 'pending')
          .execute();
        return pending.length === 0;
      }, timeoutMs);
    } finally {
      await db.close();
    }
  }

  it('a worker killed (SIGKILL) mid-fulfilment leaves nothing half-done after a restart', async () => {
    const port = await freePort();
    // A slow provider (1 s a card, 4 cards an order) so that the kill lands mid-flight.
    const first = await start(port, 1000);
    const ids = await placeOrders(port, 8, 4);
    const db = await openPostgres(url, 1);
    // Pull the plug once the provider has issued some cards: a run stores its codes when it
    // completes the order, so these are cards the provider gave and the app had not stored yet.
    await eventually(async () => {
      const issued = await db.db
        .selectFrom('sandbox_provider_orders')
        .select('reference')
        .where(
          'reference',
          'in',
          db.db.selectFrom('rewards').select(sql<string>`id::text`.as('id')).where('order_id', 'in', ids),
        )
        .execute();
      return issued.length >= 2;
    }, 30_000);
    first.child.kill('SIGKILL');
    await first.exit;
    const pendingAtKill = await db.db
      .selectFrom('orders')
      .select('id')
      .where('id', 'in', ids)
      .where('status', '=', 'pending')
      .execute();
    const leasedAtKill = await db.db
      .selectFrom('rewards')
      .select('id')
      .where('order_id', 'in', ids)
      .where('lease_owner', 'is not', null)
      .execute();
    await db.close();
    expect(pendingAtKill.length).toBeGreaterThan(0);
    // Rewards were in the provider's hands at the moment of the kill.
    expect(leasedAtKill.length).toBeGreaterThan(0);

    const second = await start(port, 50);
    await waitUntilSettled(ids, 120_000);
    const orders = await assertSettledExactlyOnce(ids);
    expect(orders.filter((o) => o.status === 'completed').length).toBe(ids.length);
    second.child.kill('SIGTERM');
    const code = await second.exit;
    expect(code, second.output()).toBe(0);
  }, 180_000);

  it('a scheduled order survives a restart: placed by a process that is killed, started once by the next at its time', async () => {
    const port = await freePort();
    const first = await start(port, 50);
    const res = await fetch(`http://127.0.0.1:${port}/api/v1/orders`, {
      method: 'POST',
      headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
      body: JSON.stringify({
        product_code: productCode,
        amount: 10,
        email: 'scheduled-restart@example.com',
        quantity: 2,
        send_at: new Date(Date.now() + 3_600_000).toISOString(),
      }),
    });
    expect(res.status).toBe(201);
    const { order_id: id, status } = (await res.json()) as { order_id: string; status: string };
    expect(status).toBe('scheduled');
    first.child.kill('SIGKILL');
    await first.exit;

    // Its time comes while no process runs: the order's time and its job's move to a moment ago.
    const db = await openPostgres(url, 1);
    try {
      const { rows } = await sql<{ at: string }>`
        UPDATE orders SET send_at = date_trunc('milliseconds', now() - interval '1 second') WHERE id = ${id}
        RETURNING to_char(send_at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') AS at`.execute(db.db);
      await sql`
        UPDATE ${sql.table(`${QUEUE_SCHEMA}.job`)}
        SET start_after = now(), data = jsonb_set(data::jsonb, '{sendAt}', to_jsonb(${rows[0]?.at}::text))::json
        WHERE name = ${FULFIL_QUEUE} AND data->>'orderId' = ${id}`.execute(db.db);
      const second = await start(port, 50);
      await eventually(async () => {
        const o = await db.db.selectFrom('orders').select('status').where('id', '=', id).executeTakeFirst();
        return o?.status === 'completed';
      }, 60_000);
      await assertSettledExactlyOnce([id]);
      second.child.kill('SIGTERM');
      expect(await second.exit, second.output()).toBe(0);
    } finally {
      await db.close();
    }
  }, 180_000);

  it('two app processes on one PostgreSQL never fulfil a reward twice', async () => {
    const [portA, portB] = [await freePort(), await freePort()];
    const [a, b] = await Promise.all([start(portA), start(portB)]);
    const ids = [...(await placeOrders(portA, 10, 2)), ...(await placeOrders(portB, 10, 2))];
    await waitUntilSettled(ids, 90_000);
    const orders = await assertSettledExactlyOnce(ids);
    expect(orders.every((o) => o.status === 'completed')).toBe(true);
    a.child.kill('SIGTERM');
    b.child.kill('SIGTERM');
    expect(await Promise.all([a.exit, b.exit])).toEqual([0, 0]);
  }, 180_000);

  it('SIGTERM under load (decision 073): every order request is answered or refused before it started, every accepted order is fulfilled exactly once', async () => {
    const port = await freePort();
    // 800 ms a card: the signal lands while the process holds jobs and requests are in flight.
    const first = await start(port, 800);
    type Result = { email: string; status?: number; orderId?: string; error?: string };
    const results: Result[] = [];
    let loading = true;
    // Eight callers, each sending its next order as soon as the last is answered, over kept-alive
    // connections (fetch's pool), each with its own Idempotency-Key, as an integration would.
    const caller = async (n: number) => {
      for (let i = 0; loading; i++) {
        const email = `drain-${n}-${i}@example.com`;
        try {
          const res = await fetch(`http://127.0.0.1:${port}/api/v1/orders`, {
            method: 'POST',
            headers: {
              authorization: `Bearer ${token}`,
              'content-type': 'application/json',
              'idempotency-key': randomUUID(),
            },
            body: JSON.stringify({ product_code: productCode, amount: 10, email, quantity: 1 }),
          });
          const body = (await res.json()) as { order_id?: string };
          results.push({ email, status: res.status, orderId: body.order_id });
        } catch (err) {
          const cause = (err as { cause?: { code?: string } }).cause;
          results.push({ email, error: cause?.code ?? (err as Error).message });
          await new Promise((r) => setTimeout(r, 50));
        }
      }
    };
    const load = Promise.all(Array.from({ length: 8 }, (_, n) => caller(n)));
    const db = await openPostgres(url, 1);
    try {
      // Jobs in flight: rewards leased to the first process's workers, the provider not done yet.
      await eventually(async () => {
        const leased = await db.db
          .selectFrom('rewards')
          .innerJoin('orders', 'orders.id', 'rewards.order_id')
          .select('rewards.id')
          .where('orders.recipient_email', 'like', 'drain-%')
          .where('rewards.status', '=', 'pending')
          .where('rewards.lease_owner', 'is not', null)
          .execute();
        return leased.length >= 4;
      }, 30_000);
      const signalled = Date.now();
      first.child.kill('SIGTERM');
      const code = await first.exit;
      const tookMs = Date.now() - signalled;
      // Callers keep going a moment after the exit: those requests meet a closed port.
      await new Promise((r) => setTimeout(r, 300));
      loading = false;
      await load;
      expect(code, first.output()).toBe(0);
      expect(first.output()).toMatch(/Stopped after [\d.]+ s: every request answered, every job finished/);
      expect(tookMs).toBeLessThan(25_000);

      const answered = results.filter((r) => r.status !== undefined);
      const refused = results.filter((r) => r.error !== undefined);
      // Every answer is the order's 201: none cut, none a 5xx from a closing server.
      expect(answered.filter((r) => r.status !== 201)).toEqual([]);
      expect(answered.length).toBeGreaterThan(8);
      expect(refused.length).toBeGreaterThan(0);
      // A request that got no answer never started: refused at connect (the listener was closed),
      // or sent on a kept-alive connection the server closed after a second idle (closed, or reset
      // when the request's bytes crossed its close). The process cut no connection (it stopped
      // clean, above), so none of them was running, and nothing of them was written.
      expect(
        refused.filter((r) => r.error !== 'ECONNREFUSED' && r.error !== 'UND_ERR_SOCKET' && r.error !== 'ECONNRESET'),
      ).toEqual([]);
      const written = await db.db
        .selectFrom('orders')
        .select('recipient_email')
        .where(
          'recipient_email',
          'in',
          refused.map((r) => r.email),
        )
        .execute();
      expect(written).toEqual([]);
      // Orders whose job was still queued wait for the next worker; it finishes them once each.
      const ids = answered.map((r) => r.orderId as string);
      const second = await start(port, 50);
      await waitUntilSettled(ids, 90_000);
      const orders = await assertSettledExactlyOnce(ids);
      expect(orders.filter((o) => o.status !== 'completed')).toEqual([]);
      second.child.kill('SIGTERM');
      expect(await second.exit, second.output()).toBe(0);
    } finally {
      loading = false;
      await db.close();
    }
  }, 180_000);

  it('SIGTERM past SHUTDOWN_TIMEOUT_MS: the process exits 0 at its bound and the job it held is finished once by the next', async () => {
    const port = await freePort();
    // A card takes 6 s, the bound is 2 s: the job is still at the provider when time is up.
    const first = await start(port, 6000, { SHUTDOWN_TIMEOUT_MS: '2000' });
    const ids = await placeOrders(port, 2, 1);
    const db = await openPostgres(url, 1);
    try {
      await eventually(async () => {
        const leased = await db.db
          .selectFrom('rewards')
          .select('id')
          .where('order_id', 'in', ids)
          .where('lease_owner', 'is not', null)
          .execute();
        return leased.length === ids.length;
      }, 30_000);
    } finally {
      await db.close();
    }
    const signalled = Date.now();
    first.child.kill('SIGTERM');
    expect(await first.exit, first.output()).toBe(0);
    expect(Date.now() - signalled).toBeLessThan(5000);
    expect(first.output()).toContain('Stopped at the 2 s bound');
    const second = await start(port, 50);
    await waitUntilSettled(ids, 90_000);
    const orders = await assertSettledExactlyOnce(ids);
    expect(orders.filter((o) => o.status !== 'completed')).toEqual([]);
    second.child.kill('SIGTERM');
    expect(await second.exit, second.output()).toBe(0);
  }, 180_000);
});
