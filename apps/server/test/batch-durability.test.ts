import { randomUUID } from 'node:crypto';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../src/app';
import { openPostgres } from '../src/db/database';
import { replayBalance } from '../src/modules/ledger/repository';
import { signUpVerifiedUser } from './factories';
import { createPostgresDatabase, eventually, TEST_DB, type TestApp, testConfig } from './helpers';
import { freePort, health, type ServerProcess, startServerProcess } from './servers';

/**
 * A batch survives its worker being killed (decision 043): a process killed with SIGKILL while it
 * turns a batch's rows into orders loses only its open chunk; the next process picks the job up
 * when its heartbeat lapses and goes on from the first row still queued. Real processes on a real
 * PostgreSQL: every valid row ends as exactly one order, delivered once, and the ledger replays.
 */
describe.runIf(TEST_DB === 'postgres')('batch durability (PostgreSQL, real processes)', () => {
  // Enough rows for several chunks of acceptance, few enough not to starve the suite's other
  // real-process tests of CPU while they are delivered.
  const ROWS = 1500;
  const PUBLIC_URL = 'http://localhost:3999';
  let url: string;
  let drop: () => Promise<void>;
  let token: string;
  let organisationId: string;
  let productCode: string;
  const running: ServerProcess[] = [];

  beforeAll(async () => {
    ({ url, drop } = await createPostgresDatabase());
    const database = await openPostgres(url, 5);
    const app = await buildApp({
      config: testConfig({ DATABASE_URL: url, CATALOG_SYNC_CRON: 'off', PUBLIC_URL }),
      database,
      logger: false,
    });
    await app.ready();
    const user = await signUpVerifiedUser({ app, database, loggedErrors: [], close: async () => {} } as TestApp);
    token = user.accessToken;
    organisationId = user.organisationId;
    productCode = (
      await database.db
        .selectFrom('products')
        .select('code')
        .where('denominations', 'is', null)
        .where('currency', '=', 'USD')
        .where('min_value', '<=', '100')
        .where('max_value', '>=', '100')
        .orderBy('code')
        .executeTakeFirstOrThrow()
    ).code;
    await app.close();
    await database.close();
  }, 60_000);

  afterAll(async () => {
    for (const p of running) p.child.kill('SIGKILL');
    await Promise.all(running.map((p) => p.exit));
    await drop();
  });

  async function start(port: number): Promise<ServerProcess> {
    const server = startServerProcess({
      DATABASE_URL: url,
      PORT: String(port),
      SANDBOX_LATENCY_MS: '0',
      // A gentler drain than the default's 160 at once: these processes share the machine with
      // the suite's other real-process tests, whose heartbeats must not starve.
      FULFILMENT_CONCURRENCY: '16',
      CATALOG_SYNC_CRON: 'off',
      RATE_LIMIT_FACTOR: '100',
      PUBLIC_URL,
    });
    running.push(server);
    await eventually(async () => (await health(port))?.status === 'ok', 60_000).catch((err) => {
      throw new Error(`server on ${port} did not become healthy: ${err.message}\n${server.output()}`);
    });
    return server;
  }

  it('a worker killed (SIGKILL) mid-batch resumes without duplicates', async () => {
    const port = await freePort();
    const first = await start(port);
    const rows = Array.from({ length: ROWS }, (_, i) => ({
      email: `durable-${i}@example.com`,
      amount: 1,
      product_code: productCode,
    }));
    rows[10] = { ...rows[10], email: 'not-an-email' } as (typeof rows)[number];
    const res = await fetch(`http://127.0.0.1:${port}/api/v1/batches`, {
      method: 'POST',
      headers: {
        authorization: `Bearer ${token}`,
        'content-type': 'application/json',
        'idempotency-key': randomUUID(),
      },
      body: JSON.stringify({ rows }),
    });
    expect(res.status, await res.clone().text()).toBe(202);
    const { batch_id: batchId } = (await res.json()) as { batch_id: string };

    // Pull the plug once the first chunks are orders and the rest still queued.
    const db = await openPostgres(url, 2);
    try {
      await eventually(async () => {
        const { rows: r } = await sql<{ ordered: number }>`
          SELECT count(*)::int AS ordered FROM batch_rows WHERE batch_id = ${batchId} AND status = 'ordered'`.execute(
          db.db,
        );
        return (r[0]?.ordered ?? 0) >= 1;
      }, 30_000);
      first.child.kill('SIGKILL');
      await first.exit;
      const atKill = await db.db
        .selectFrom('batches')
        .select('status')
        .where('id', '=', batchId)
        .executeTakeFirstOrThrow();
      const queuedAtKill = await db.db
        .selectFrom('batch_rows')
        .select(sql<number>`count(*)::int`.as('n'))
        .where('batch_id', '=', batchId)
        .where('status', '=', 'queued')
        .executeTakeFirstOrThrow();
      expect(atKill.status).toBe('accepting');
      expect(queuedAtKill.n).toBeGreaterThan(0);

      // The next process takes the job over once its heartbeat lapses, and finishes.
      const second = await start(port);
      await eventually(async () => {
        const b = await db.db.selectFrom('batches').select('status').where('id', '=', batchId).executeTakeFirst();
        return b?.status === 'completed';
      }, 150_000);

      const { rows: counts } = await sql<{
        rows: number;
        ordered: number;
        invalid: number;
        orders: number;
        distinct_orders: number;
      }>`
        SELECT
          (SELECT count(*)::int FROM batch_rows WHERE batch_id = ${batchId}) AS rows,
          (SELECT count(*)::int FROM batch_rows WHERE batch_id = ${batchId} AND status = 'ordered') AS ordered,
          (SELECT count(*)::int FROM batch_rows WHERE batch_id = ${batchId} AND status = 'invalid') AS invalid,
          (SELECT count(*)::int FROM orders WHERE batch_id = ${batchId}) AS orders,
          (SELECT count(DISTINCT order_id)::int FROM batch_rows WHERE batch_id = ${batchId}) AS distinct_orders`.execute(
        db.db,
      );
      expect(counts[0]).toEqual({
        rows: ROWS,
        ordered: ROWS - 1,
        invalid: 1,
        orders: ROWS - 1,
        distinct_orders: ROWS - 1,
      });
      // Every order delivered once: one reward, one card from the provider, one recipient.
      const { rows: delivered } = await sql<{ completed: number; cards: number; recipients: number }>`
        SELECT count(*) FILTER (WHERE o.status = 'completed')::int AS completed,
               (SELECT count(*)::int FROM sandbox_provider_orders p JOIN rewards r ON p.reference = r.id::text
                 JOIN orders x ON x.id = r.order_id WHERE x.batch_id = ${batchId}) AS cards,
               count(DISTINCT o.recipient_email)::int AS recipients
        FROM orders o WHERE o.batch_id = ${batchId}`.execute(db.db);
      expect(delivered[0]).toEqual({ completed: ROWS - 1, cards: ROWS - 1, recipients: ROWS - 1 });
      const balance = await replayBalance(db.db, organisationId, 'USD');
      expect(balance.heldMinor).toBe(0);
      const { rows: accounts } = await sql<{ available: string; held: string }>`
        SELECT max(balance_minor) FILTER (WHERE kind = 'available')::text AS available,
               max(balance_minor) FILTER (WHERE kind = 'held')::text AS held
        FROM ledger_accounts WHERE organisation_id = ${organisationId}`.execute(db.db);
      expect(Number(accounts[0]?.available)).toBe(balance.availableMinor);
      expect(accounts[0]?.held).toBe('0');
      const completedEvents = await db.db
        .selectFrom('events')
        .select('id')
        .where('organisation_id', '=', organisationId)
        .where('type', '=', 'batch.completed')
        .execute();
      expect(completedEvents).toHaveLength(1);
      second.child.kill('SIGTERM');
      expect(await second.exit, second.output()).toBe(0);
    } finally {
      await db.close();
    }
  }, 240_000);
});
