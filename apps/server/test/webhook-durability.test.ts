import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../src/app';
import { openPostgres } from '../src/db/database';
import { signUpVerifiedUser } from './factories';
import { addWebhookEndpoint, sandboxTopUp } from './factories/webhooks';
import { createPostgresDatabase, eventually, TEST_DB, type TestApp, testConfig } from './helpers';
import { freePort, health, type ServerProcess, startServerProcess } from './servers';
import { startReceiver } from './webhook-receiver';

/**
 * Webhook delivery survives what production throws at it (decision 030): a delivery worker killed
 * with SIGKILL while a receiver holds its request open, and two worker processes sharing the
 * outbox and the queue. Real processes on a real PostgreSQL: PGlite is one process per data
 * folder (data-lock.ts), so two workers cannot share one, and a crash's effect on its files is
 * PGlite's durability, not this code's.
 */
describe.runIf(TEST_DB === 'postgres')('webhook delivery durability (PostgreSQL, real processes)', () => {
  let url: string;
  let drop: () => Promise<void>;
  let token: string;
  let productCode: string;
  const running: ServerProcess[] = [];
  const PUBLIC_URL = 'http://localhost:3998';
  let receiver: Awaited<ReturnType<typeof startReceiver>>;
  const endpoints: Record<string, string> = {};

  beforeAll(async () => {
    // Every fifth request fails: retries run (at a hundredth of the schedule) beside first attempts.
    receiver = await startReceiver((r, n) =>
      r.path.startsWith('/flaky') && n % 5 === 0 ? { status: 500 } : { status: 200 },
    );
    ({ url, drop } = await createPostgresDatabase());
    // The account and its endpoints are made in-process through the real endpoints, then the app
    // is closed: the children below are the only workers.
    const database = await openPostgres(url, 5);
    const app = await buildApp({
      config: testConfig({ DATABASE_URL: url, CATALOG_SYNC_CRON: 'off', PUBLIC_URL, WEBHOOKS_ALLOW_PRIVATE: 'true' }),
      database,
      logger: false,
    });
    await app.ready();
    const t = { app, database, loggedErrors: [], close: async () => {} } as TestApp;
    const user = await signUpVerifiedUser(t);
    token = user.accessToken;
    await sandboxTopUp(t, token, 5000);
    for (const path of ['/held', '/flaky-a', '/flaky-b']) {
      const types = path === '/held' ? ['balance.funded'] : ['order.created', 'order.completed'];
      endpoints[path] = (
        await addWebhookEndpoint(t, token, { url: receiver.url(path), event_types: types })
      ).endpoint.id;
    }
    productCode = (
      await database.db
        .selectFrom('products')
        .select('code')
        .where('denominations', 'is', null)
        .where('currency', '=', 'USD')
        .where('min_value', '<=', '1000')
        .where('max_value', '>=', '1000')
        .orderBy('code')
        .executeTakeFirstOrThrow()
    ).code;
    await app.close();
    await database.close();
  }, 60_000);

  afterAll(async () => {
    for (const p of running) p.child.kill('SIGKILL');
    await Promise.all(running.map((p) => p.exit));
    await receiver.close();
    await drop();
  });

  async function start(): Promise<{ port: number; server: ServerProcess }> {
    const port = await freePort();
    const server = startServerProcess({
      APP_ENV: 'test',
      DATABASE_URL: url,
      PORT: String(port),
      CATALOG_SYNC_CRON: 'off',
      RATE_LIMIT_FACTOR: '100',
      WEBHOOKS_ALLOW_PRIVATE: 'true',
      WEBHOOK_RETRY_SCALE: '0.01',
      // The killed worker's job goes back a second after its heartbeat lapses (decision 087).
      QUEUE_SUPERVISE_SECONDS: '1',
      // Tokens name the site they were issued for: the same origin as the in-process app's.
      PUBLIC_URL,
    });
    running.push(server);
    await eventually(async () => (await health(port))?.status === 'ok', 60_000).catch((err) => {
      throw new Error(`server on ${port} did not become healthy: ${err.message}\n${server.output()}`);
    });
    return { port, server };
  }

  const post = (port: number, path: string, body: unknown) =>
    fetch(`http://127.0.0.1:${port}/api/v1${path}`, {
      method: 'POST',
      headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
      body: JSON.stringify(body),
    });

  async function withDb<T>(fn: (db: Awaited<ReturnType<typeof openPostgres>>['db']) => Promise<T>): Promise<T> {
    const handle = await openPostgres(url, 1);
    try {
      return await fn(handle.db);
    } finally {
      await handle.close();
    }
  }

  /** Each delivery of the endpoint with its attempts' status codes, oldest attempt first. */
  const deliveriesOf = (endpointId: string) =>
    withDb(async (db) => {
      const rows = await db
        .selectFrom('webhook_deliveries as d')
        .leftJoin('webhook_attempts as a', 'a.delivery_id', 'd.id')
        .select(['d.id', 'd.event_id', 'd.status', 'd.attempts', 'a.status_code', 'a.id as attempt_id'])
        .where('d.endpoint_id', '=', endpointId)
        .orderBy('a.id')
        .execute();
      const byId = new Map<string, { eventId: string; status: string; attempts: number; codes: (number | null)[] }>();
      for (const r of rows) {
        const d = byId.get(r.id) ?? { eventId: r.event_id, status: r.status, attempts: r.attempts, codes: [] };
        if (r.attempt_id !== null) d.codes.push(r.status_code);
        byId.set(r.id, d);
      }
      return [...byId.values()];
    });

  const hits = (path: string) => receiver.received.filter((r) => r.path === path);

  it('a worker killed (SIGKILL) mid-delivery loses nothing: the next worker delivers it with the same webhook-id, logged once', async () => {
    const first = await start();
    receiver.answer('hold');
    expect((await post(first.port, '/balance/sandbox-topup', { amount: 7 })).status).toBe(200);
    // The receiver has the request and holds it open; then the plug is pulled.
    await eventually(async () => hits('/held').length === 1, 30_000);
    first.server.child.kill('SIGKILL');
    await first.server.exit;
    const [atKill] = await deliveriesOf(endpoints['/held'] as string);
    expect(atKill).toMatchObject({ status: 'pending', attempts: 0, codes: [] });

    // A new worker: the dead one's job goes back to the queue once its heartbeat lapses.
    await start();
    const [delivered] = await eventually(async () => {
      const list = await deliveriesOf(endpoints['/held'] as string);
      return list[0]?.status === 'succeeded' ? list : undefined;
    }, 90_000);
    // At least once, the same webhook-id (the event's) both times; the log has the one attempt
    // that was answered, none for the one that died with its worker.
    expect(delivered).toMatchObject({ status: 'succeeded', attempts: 1, codes: [200] });
    const ids = hits('/held').map((r) => r.headers['webhook-id']);
    expect(ids.length).toBeGreaterThanOrEqual(2);
    expect(new Set(ids)).toEqual(new Set([delivered?.eventId]));
    for (const r of hits('/held')) expect(JSON.parse(r.body).id).toBe(delivered?.eventId);
  }, 180_000);

  it('two worker processes deliver each attempt exactly once', async () => {
    // Started side by side: each start is seconds of CPU, and neither depends on the other.
    const [a, b] = await Promise.all([start(), start()]);
    // Orders through both processes; each order writes order.created and order.completed, each
    // delivered to two endpoints, with retries where the receiver answers 500.
    const ORDERS = 30;
    await Promise.all(
      Array.from({ length: ORDERS }, async (_, i) => {
        const res = await post(i % 2 ? a.port : b.port, '/orders', {
          product_code: productCode,
          amount: 10,
          email: `hook-${i}@example.com`,
          quantity: 1,
        });
        expect(res.status).toBe(201);
      }),
    );
    const settled = async (endpointId: string) => {
      const list = await deliveriesOf(endpointId);
      return list.length === ORDERS * 2 && list.every((d) => d.status === 'succeeded') ? list : undefined;
    };
    for (const path of ['/flaky-a', '/flaky-b']) {
      const list = await eventually(() => settled(endpoints[path] as string), 120_000);
      const received = new Map<string, number>();
      for (const r of hits(path)) {
        const id = String(r.headers['webhook-id']);
        received.set(id, (received.get(id) ?? 0) + 1);
      }
      // Every attempt recorded once, made once: the receiver saw each webhook-id exactly as many
      // times as the log has attempts for it, and the last one succeeded.
      expect(received.size).toBe(ORDERS * 2);
      for (const d of list) {
        expect(d.codes).toHaveLength(d.attempts);
        expect(d.codes.at(-1)).toBe(200);
        expect(d.codes.slice(0, -1).every((c) => c === 500)).toBe(true);
        expect(received.get(d.eventId)).toBe(d.attempts);
      }
    }
    // Some attempts were retries, so both first attempts and retries were shared out.
    expect(receiver.received.filter((r) => r.path.startsWith('/flaky')).length).toBeGreaterThan(ORDERS * 4);
  }, 240_000);
});
