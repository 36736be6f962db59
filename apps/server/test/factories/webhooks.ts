import { expect } from 'vitest';
import { bearer } from '../factories';
import type { TestApp } from '../helpers';

/** A webhook endpoint made through the API; its id and the secret shown once. */
export async function addWebhookEndpoint(t: Pick<TestApp, 'app'>, token: string, body: Record<string, unknown>) {
  const res = await t.app.inject({
    method: 'POST',
    url: '/api/v1/webhook-endpoints',
    headers: bearer(token),
    payload: body,
  });
  expect(res.statusCode).toBe(201);
  return res.json() as { endpoint: { id: string }; secret: string };
}

/** A sandbox top-up: money to send orders with, and a `balance.funded` event. */
export async function sandboxTopUp(t: Pick<TestApp, 'app'>, token: string, amount: number) {
  const res = await t.app.inject({
    method: 'POST',
    url: '/api/v1/balance/sandbox-topup',
    headers: bearer(token),
    payload: { amount },
  });
  expect(res.statusCode).toBe(200);
}
