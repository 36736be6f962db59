import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, type SignedUpUser, signUpVerifiedUser } from '../../../test/factories';
import { countRows, pickProduct, recipient } from '../../../test/factories/orders';
import { sandboxTopUp } from '../../../test/factories/webhooks';
import { createTestApp, TEST_DB, type TestApp } from '../../../test/helpers';

// An agent is held to the organisation's budgets as the REST API's callers are (decision 071):
// sends spend the orders budget, and every JSON-RPC message spends the API budget, batched or not.

let t: TestApp;
let productCode: string;

beforeAll(async () => {
  t = await createTestApp({ env: { RATE_LIMIT_API_PER_MINUTE: '30', RATE_LIMIT_ORDERS_PER_MINUTE: '2' } });
  productCode = (await pickProduct(t)).code;
}, 180_000);
afterAll(() => t.close());

async function fullKey(user: SignedUpUser): Promise<string> {
  const res = await t.app.inject({
    method: 'POST',
    url: '/api/v1/api-keys',
    headers: bearer(user.accessToken),
    payload: { name: 'Agent', scopes: 'full' },
  });
  expect(res.statusCode, res.body).toBe(201);
  return res.json().key;
}

/** One POST to /mcp: a JSON-RPC message, or a batch of them. */
const mcp = (key: string, payload: unknown) =>
  t.app.inject({
    method: 'POST',
    url: '/mcp',
    headers: {
      authorization: `Bearer ${key}`,
      accept: 'application/json, text/event-stream',
      'content-type': 'application/json',
    },
    payload: JSON.stringify(payload),
  });

const toolCall = (id: number, name: string, args: Record<string, unknown>) => ({
  jsonrpc: '2.0',
  id,
  method: 'tools/call',
  params: { name, arguments: args },
});

describe(`MCP against the organisation's budgets (${TEST_DB})`, () => {
  it('spends the orders budget on each send: past RATE_LIMIT_ORDERS_PER_MINUTE nothing more is sent', async () => {
    const user = await signUpVerifiedUser(t);
    await sandboxTopUp(t, user.accessToken, 500);
    const key = await fullKey(user);
    const sends = [];
    for (let i = 0; i < 3; i++) {
      const preview = await mcp(
        key,
        toolCall(1, 'preview_reward', { recipient_email: recipient(), product_code: productCode, value: 10 }),
      );
      expect(preview.statusCode, preview.body).toBe(200);
      const id = preview.json().result.structuredContent.preview_id;
      sends.push((await mcp(key, toolCall(2, 'send_reward', { preview_id: id }))).json().result);
    }
    expect(sends.map((s) => Boolean(s.isError))).toEqual([false, false, true]);
    expect(sends[2].structuredContent.code).toBe('RATE_LIMITED');
    expect(await countRows(t, 'orders', user.organisationId)).toBe(2);
  });

  it('counts each message of a JSON-RPC batch against the API budget', async () => {
    const user = await signUpVerifiedUser(t);
    const key = await fullKey(user);
    const batch = Array.from({ length: 40 }, (_, i) => ({ jsonrpc: '2.0', id: i + 1, method: 'tools/list' }));
    const res = await mcp(key, batch);
    expect(res.statusCode).toBe(429);
    expect(res.json().code).toBe('RATE_LIMITED');
    // The budget is the organisation's: a single call is refused too until the window ends.
    expect((await mcp(key, { jsonrpc: '2.0', id: 1, method: 'tools/list' })).statusCode).toBe(429);
  });
});
