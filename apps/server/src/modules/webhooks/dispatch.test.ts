import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signUpVerifiedUser } from '../../../test/factories';
import { addWebhookEndpoint, sandboxTopUp } from '../../../test/factories/webhooks';
import { createTestApp, eventually, TEST_DB, type TestApp } from '../../../test/helpers';
import { startReceiver } from '../../../test/webhook-receiver';
import { DISPATCH_CHANNEL, RETRY_DELAYS_SECONDS } from './delivery';

// The retry schedule at a hundredth (5 s → 50 ms, 5 min → 3 s), as the bench runs it.
const SCALE = 0.01;
let t: TestApp;
let receiver: Awaited<ReturnType<typeof startReceiver>>;
beforeAll(async () => {
  t = await createTestApp({ env: { WEBHOOKS_ALLOW_PRIVATE: 'true', WEBHOOK_RETRY_SCALE: String(SCALE) } });
  receiver = await startReceiver();
});
afterAll(async () => {
  await receiver.close();
  await t.close();
});

describe(`webhook dispatch (${TEST_DB})`, () => {
  it('a delivery notifies the dispatchers when its transaction commits, once per transaction; one rolled back never does', async () => {
    const user = await signUpVerifiedUser(t);
    const { endpoint } = await addWebhookEndpoint(t, user.accessToken, { url: receiver.url('/notified') });
    const heard: string[] = [];
    await t.app.queue.listen(
      DISPATCH_CHANNEL,
      (payload) => heard.push(payload),
      () => {},
    );
    await sandboxTopUp(t, user.accessToken, 5);
    const funded = await t.database.db
      .selectFrom('events')
      .select('id')
      .where('organisation_id', '=', user.organisationId)
      .executeTakeFirstOrThrow();
    await eventually(async () => heard.length >= 1);
    const afterTopUp = heard.length;

    await t.database.db
      .transaction()
      .execute(async (tx) => {
        await sql`INSERT INTO webhook_deliveries (organisation_id, endpoint_id, event_id)
                  VALUES (${user.organisationId}, ${endpoint.id}, ${funded.id})`.execute(tx);
        throw new Error('roll back');
      })
      .catch(() => {});
    // Rows written already queued do not notify (the trigger's WHEN).
    await sql`INSERT INTO webhook_deliveries (organisation_id, endpoint_id, event_id, queued)
              VALUES (${user.organisationId}, ${endpoint.id}, ${funded.id}, true)`.execute(t.database.db);
    await t.database.db.transaction().execute(async (tx) => {
      await sql`INSERT INTO webhook_deliveries (organisation_id, endpoint_id, event_id)
                SELECT ${user.organisationId}, ${endpoint.id}, ${funded.id} FROM generate_series(1, 3)`.execute(tx);
    });
    // Notifications arrive in commit order: the rolled-back and the queued rows sent none, the
    // three rows of the last transaction one (PostgreSQL folds a transaction's identical ones).
    await eventually(async () => heard.length >= afterTopUp + 1);
    expect(heard.slice(afterTopUp)).toEqual(['']);
    // Every delivery of the committed transaction is delivered (the dispatcher heard it too).
    await eventually(async () => receiver.received.filter((r) => r.path === '/notified').length >= 4);
  });

  it('retries on the scaled schedule, never before the time it recorded, with the same webhook-id', async () => {
    const user = await signUpVerifiedUser(t);
    const { endpoint } = await addWebhookEndpoint(t, user.accessToken, { url: receiver.url('/scaled') });
    receiver.answer({ status: 500 }, { status: 503 });
    await sandboxTopUp(t, user.accessToken, 5);
    const delivery = await eventually(async () => {
      const d = await t.database.db
        .selectFrom('webhook_deliveries')
        .selectAll()
        .where('endpoint_id', '=', endpoint.id)
        .executeTakeFirst();
      return d?.status === 'succeeded' ? d : undefined;
    }, 30_000);
    expect(delivery.attempts).toBe(3);
    const attempts = await t.database.db
      .selectFrom('webhook_attempts')
      .selectAll()
      .where('delivery_id', '=', delivery.id)
      .orderBy('id')
      .execute();
    expect(attempts.map((a) => a.status_code)).toEqual([500, 503, 200]);
    for (const [i, a] of attempts.slice(0, 2).entries()) {
      const planned = (a.next_retry_at?.getTime() ?? 0) - a.attempted_at.getTime();
      const nominal = (RETRY_DELAYS_SECONDS[i] ?? 0) * SCALE * 1000;
      expect(planned).toBeGreaterThanOrEqual(Math.floor(nominal * 0.9));
      expect(planned).toBeLessThanOrEqual(Math.ceil(nominal * 1.1));
      expect(attempts[i + 1]?.attempted_at.getTime()).toBeGreaterThanOrEqual(a.next_retry_at?.getTime() ?? 0);
    }
    expect(attempts[2]?.next_retry_at).toBeNull();
    const hits = receiver.received.filter((r) => r.path === '/scaled');
    expect(hits).toHaveLength(3);
    expect(new Set(hits.map((r) => r.headers['webhook-id']))).toEqual(new Set([hits[0]?.headers['webhook-id']]));
  });
});
