import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, uniqueEmail } from '../../test/factories';
import { pickProduct, postOrder, recipient } from '../../test/factories/orders';
import { createTestApp, TEST_DB, type TestApp } from '../../test/helpers';

// An API-only process (WORKERS=off) never runs a worker for the mail or fulfilment queues, yet
// queues their jobs inside its own transactions. On PGlite's single connection that used to
// wait forever: pg-boss looked the queue up on its own connection, held by the transaction.
describe(`a process without workers (${TEST_DB})`, () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ env: { WORKERS: 'off' } });
  });
  afterAll(() => t.close());

  it('queues a sign-up email and an order inside their transactions', async () => {
    const email = uniqueEmail();
    const signUp = await t.app.inject({
      method: 'POST',
      url: '/api/v1/auth/signup',
      payload: { email, password: 'violet-Harbour-42' },
    });
    expect(signUp.statusCode).toBe(200);
    // Nobody delivers it here: the job waits in the queue for a process that runs workers.
    const { rows } = await sql<{ n: number }>`
      SELECT count(*)::int AS n FROM pgboss.job WHERE name = 'mail.send' AND data->>'to' = ${email}`.execute(
      t.database.db,
    );
    expect(rows[0]?.n).toBe(1);

    await sql`UPDATE users SET email_verified_at = now() WHERE email = ${email}`.execute(t.database.db);
    const session = await t.app.inject({
      method: 'POST',
      url: '/api/v1/auth/token?grant_type=password',
      payload: { email, password: 'violet-Harbour-42' },
    });
    expect(session.statusCode).toBe(200);
    const token = session.json().access_token as string;
    const product = await pickProduct(t);
    const order = await postOrder(t, token, {
      product_code: product.code,
      amount: 25,
      email: recipient(),
      quantity: 1,
    });
    expect(order.statusCode).toBe(201);
    const detail = await t.app.inject({ url: `/api/v1/orders/${order.json().order_id}`, headers: bearer(token) });
    expect(detail.json().status).toBe('pending');
  });
});
