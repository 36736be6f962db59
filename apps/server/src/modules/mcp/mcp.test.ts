import { createHash, randomBytes } from 'node:crypto';
import { MCP_CLIENT_CONFIG_EXAMPLE, MCP_CONFIG_PLACEHOLDERS, OrderCreatedEventDataSchema } from '@giftrelay/contracts';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, type SignedUpUser, signUpVerifiedUser } from '../../../test/factories';
import { claimTokensOf, type ProductPick, pickProduct, recipient, settledOrder } from '../../../test/factories/orders';
import { sandboxTopUp } from '../../../test/factories/webhooks';
import { createTestApp, TEST_DB, type TestApp } from '../../../test/helpers';

// The MCP server driven by the SDK's own client over real HTTP, as an assistant connects to it
// (decision 074). Tools per scope, preview then send, refusals (foreign, expired, altered previews,
// caps, domains), approvals, source marking, hostile input and concurrent sends under a cap.

let t: TestApp;
let baseUrl: string;
let product: ProductPick;
let owner: SignedUpUser;
let fullKey: { id: string; key: string };
let readKey: { id: string; key: string };

interface ToolAnswer {
  isError?: boolean;
  structuredContent?: Record<string, unknown>;
}

async function newKey(user: SignedUpUser, scopes: unknown = 'full') {
  const res = await t.app.inject({
    method: 'POST',
    url: '/api/v1/api-keys',
    headers: bearer(user.accessToken),
    payload: { name: `Agent ${Math.random().toString(36).slice(2, 6)}`, scopes },
  });
  expect(res.statusCode, res.body).toBe(201);
  return res.json() as { id: string; key: string };
}

/** A client configured from the docs page's own example: its URL and its Authorization header. */
async function connect(key: string): Promise<Client> {
  const config = JSON.parse(
    MCP_CLIENT_CONFIG_EXAMPLE.replace(MCP_CONFIG_PLACEHOLDERS.url, baseUrl).replace(MCP_CONFIG_PLACEHOLDERS.key, key),
  ) as { mcpServers: { giftrelay: { url: string; headers: Record<string, string> } } };
  const { url, headers } = config.mcpServers.giftrelay;
  const client = new Client({ name: 'giftrelay-test', version: '1.0.0' });
  await client.connect(new StreamableHTTPClientTransport(new URL(url), { requestInit: { headers } }));
  return client;
}

const textOf = (r: { contents: unknown[] }) => String((r.contents[0] as { text?: string } | undefined)?.text);
const call = async (client: Client, name: string, args: Record<string, unknown> = {}) =>
  (await client.callTool({ name, arguments: args })) as ToolAnswer;
const ok = (answer: ToolAnswer) => {
  expect(answer.isError, JSON.stringify(answer.structuredContent)).toBeFalsy();
  // biome-ignore lint/suspicious/noExplicitAny: a tool's JSON answer, read field by field by the test
  return answer.structuredContent as Record<string, any>;
};
const refused = (answer: ToolAnswer, code: string) => {
  expect(answer.isError).toBe(true);
  expect(answer.structuredContent?.code, JSON.stringify(answer.structuredContent)).toBe(code);
  return String(answer.structuredContent?.error);
};

const setCaps = async (user: SignedUpUser, keyId: string, caps: Record<string, unknown>) => {
  const res = await t.app.inject({
    method: 'PUT',
    url: `/api/v1/api-keys/${keyId}/agent-caps`,
    headers: bearer(user.accessToken),
    payload: {
      currency: 'USD',
      per_reward_minor: null,
      per_day_minor: null,
      per_month_minor: null,
      allowed_domains: null,
      ...caps,
    },
  });
  return res;
};

/**
 * An OAuth grant and a live access token for it, written as the consent approval writes them (test
 * setup: the OAuth flow itself is modules/oauth's, tested there).
 */
async function grantFor(user: SignedUpUser, scopes: string[], caps: Record<string, unknown>, domains: string[] | null) {
  const clientId = `grc_${randomBytes(18).toString('base64url')}`;
  await t.app.db
    .insertInto('oauth_clients')
    .values({ id: clientId, client_name: 'Hosted assistant', redirect_uris: ['https://assistant.example/cb'] })
    .execute();
  const { id } = await t.app.db
    .insertInto('oauth_grants')
    .values({
      organisation_id: user.organisationId,
      client_id: clientId,
      approved_by: user.user.id,
      mode: 'sandbox',
      scopes: scopes as never,
      cap_currency: 'USD',
      allowed_domains: domains,
      resource: `${t.app.config.publicUrl}/mcp`,
      ...caps,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  const token = `gro_at_${randomBytes(32).toString('base64url')}`;
  await t.app.db
    .insertInto('oauth_tokens')
    .values({
      token_hash: createHash('sha256').update(token).digest('hex'),
      grant_id: id,
      kind: 'access',
      expires_at: new Date(Date.now() + 3_600_000),
    })
    .execute();
  return { grantId: id, token };
}

const ordersOfSource = (sourceId: string) =>
  t.app.db.selectFrom('orders').select(['id', 'status']).where('source_id', '=', sourceId).execute();

beforeAll(async () => {
  t = await createTestApp();
  await t.app.listen({ port: 0, host: '127.0.0.1' });
  const address = t.app.server.address();
  if (!address || typeof address === 'string') throw new Error('no port');
  baseUrl = `http://127.0.0.1:${address.port}`;
  product = await pickProduct(t);
  owner = await signUpVerifiedUser(t);
  await sandboxTopUp(t, owner.accessToken, 5000);
  fullKey = await newKey(owner);
  readKey = await newKey(owner, 'read_only');
});
afterAll(() => t.close());

describe(`MCP server (${TEST_DB})`, () => {
  it('connects with the docs example; tools follow the key’s scopes; resources and llms.txt read the docs', async () => {
    const full = await connect(fullKey.key);
    const read = await connect(readKey.key);
    const names = async (c: Client) => (await c.listTools()).tools.map((x) => x.name).sort();
    expect(await names(full)).toEqual(
      [
        'get_balance',
        'get_order',
        'list_orders',
        'preview_reward',
        'resend_reward',
        'search_catalog',
        'send_reward',
        'void_reward',
      ].sort(),
    );
    expect(await names(read)).toEqual(['get_balance', 'get_order', 'list_orders', 'search_catalog']);
    const tools = (await full.listTools()).tools;
    expect(tools.find((x) => x.name === 'preview_reward')?.inputSchema.required).toEqual(
      expect.arrayContaining(['recipient_email', 'value']),
    );
    // A hidden tool is an error, and writes nothing.
    const hidden = (await read.callTool({ name: 'preview_reward', arguments: {} })) as ToolAnswer;
    expect(hidden.isError).toBe(true);

    const balance = ok(await call(read, 'get_balance'));
    expect(balance).toMatchObject({ currency: 'USD', sandbox: true });
    expect(balance.available_minor).toBeGreaterThan(0);

    const resources = (await read.listResources()).resources.map((r) => r.uri);
    expect(resources).toEqual(expect.arrayContaining(['giftrelay://docs/ai-agents', 'giftrelay://catalog/categories']));
    const agents = await read.readResource({ uri: 'giftrelay://docs/ai-agents' });
    expect(textOf(agents)).toContain(`${t.app.config.publicUrl}/mcp`);
    const categories = JSON.parse(textOf(await read.readResource({ uri: 'giftrelay://catalog/categories' })));
    expect(categories.categories.length).toBeGreaterThan(0);
    const orders = await read.readResource({ uri: 'giftrelay://docs/create-order' });
    expect(textOf(orders)).toContain('POST /api/v1/orders');

    const llms = await t.app.inject({ url: '/llms.txt' });
    expect(llms.statusCode).toBe(200);
    expect(llms.body).toMatch(/^# GiftRelay\n\n> /);
    expect(llms.body).toContain('/docs#ai-agents');
    const full_ = await t.app.inject({ url: '/llms-full.txt' });
    expect(full_.body).toContain('POST /api/v1/orders');
    expect(full_.body).toContain('"Authorization": "Bearer YOUR_API_KEY"');
    await Promise.all([full.close(), read.close()]);
  });

  it('refuses a missing, forged or revoked token with 401 naming the protected-resource metadata', async () => {
    const revoked = await newKey(owner, 'read_only');
    await t.app.inject({ method: 'DELETE', url: `/api/v1/api-keys/${revoked.id}`, headers: bearer(owner.accessToken) });
    const body = { jsonrpc: '2.0', id: 1, method: 'tools/list' };
    const accept = { accept: 'application/json, text/event-stream', 'content-type': 'application/json' };
    for (const authorization of [
      undefined,
      'Bearer gr_test_forged',
      `Bearer ${revoked.key}`,
      'Bearer opaque-oauth-looking-token',
      `Bearer ${'x'.repeat(600)}`,
    ]) {
      const res = await fetch(`${baseUrl}/mcp`, {
        method: 'POST',
        headers: { ...accept, ...(authorization ? { authorization } : {}) },
        body: JSON.stringify(body),
      });
      expect(res.status, authorization).toBe(401);
      expect(res.headers.get('www-authenticate')).toMatch(
        /^Bearer resource_metadata="http.+\/\.well-known\/oauth-protected-resource/,
      );
    }
    expect((await fetch(`${baseUrl}/mcp`)).status).toBe(405);
  });

  it('previews, then sends exactly that once, marked with its source everywhere', async () => {
    const client = await connect(fullKey.key);
    const found = ok(await call(client, 'search_catalog', { country: 'US', currency: 'USD', value: 25 }));
    expect(found.products.length).toBeGreaterThan(0);
    const code = found.products.find((p: { denominations: unknown }) => p.denominations === null)?.code ?? product.code;

    const email = recipient();
    const preview = ok(await call(client, 'preview_reward', { recipient_email: email, product_code: code, value: 25 }));
    expect(preview).toMatchObject({
      value: 25,
      currency: 'USD',
      fee: 0.63,
      total: 25.63,
      charged: { currency: 'USD', total_minor: 2563 },
      fx: null,
      needs_approval: false,
      sandbox: true,
    });
    expect(await ordersOfSource(fullKey.id)).toHaveLength(0);

    const sent = ok(await call(client, 'send_reward', { preview_id: preview.preview_id }));
    expect(sent.replayed).toBe(false);
    expect(sent.order).toMatchObject({
      status: 'pending',
      recipient_email: email,
      total_minor: 2563,
      source: { kind: 'mcp', via: 'api_key', id: fullKey.id, client_name: expect.any(String) },
    });
    const again = ok(await call(client, 'send_reward', { preview_id: preview.preview_id }));
    expect(again).toMatchObject({ replayed: true, order: { order_id: sent.order.order_id } });
    expect(await ordersOfSource(fullKey.id)).toHaveLength(1);

    // The REST API, the event (and so the webhooks) and the audit log say where it came from.
    const rest = await t.app.inject({
      url: `/api/v1/orders/${sent.order.order_id}`,
      headers: bearer(owner.accessToken),
    });
    expect(rest.json().source).toEqual(sent.order.source);
    const [event] = await t.app.db
      .selectFrom('events')
      .select('data')
      .where('organisation_id', '=', owner.organisationId)
      .where('type', '=', 'order.created')
      .where(({ ref, eb }) => eb(ref('data', '->>').key('order' as never), 'is not', null))
      .execute();
    expect(OrderCreatedEventDataSchema.parse(event?.data).order.source).toEqual(sent.order.source);
    const audit = await t.app.db
      .selectFrom('audit_events')
      .select(['detail', 'api_key_id'])
      .where('action', '=', 'agent.order_placed')
      .where('organisation_id', '=', owner.organisationId)
      .execute();
    expect(audit).toEqual([
      expect.objectContaining({
        api_key_id: fullKey.id,
        // Written by the order statement itself, with what it decided (decision 074).
        detail: expect.objectContaining({
          order_id: sent.order.order_id,
          charged_total_minor: sent.order.charged.total_minor,
          pending_approval: false,
          pending_review: false,
        }),
      }),
    ]);
    const activity = await t.app.inject({ url: '/api/v1/agent-activity', headers: bearer(owner.accessToken) });
    expect(activity.json().data[0]).toMatchObject({ order_id: sent.order.order_id, source: sent.order.source });

    // The recipient claims it, as any reward.
    expect((await settledOrder(t, owner.accessToken, sent.order.order_id)).status).toBe('completed');
    const [claimToken] = await claimTokensOf(t, sent.order.order_id);
    const claim = await t.app.inject({ url: `/api/v1/claims/${claimToken}` });
    expect(claim.statusCode, claim.body).toBe(200);

    // Resend to the same address; an opened reward cannot be voided.
    expect(ok(await call(client, 'resend_reward', { order_id: sent.order.order_id }))).toMatchObject({
      order_id: sent.order.order_id,
      recipient_email: email,
    });
    refused(await call(client, 'void_reward', { order_id: sent.order.order_id }), 'CONFLICT');

    const read = ok(await call(client, 'get_order', { order_id: sent.order.order_id }));
    expect(read.order_id).toBe(sent.order.order_id);
    const listed = ok(await call(client, 'list_orders', { limit: 5 }));
    expect(listed.orders.map((o: { order_id: string }) => o.order_id)).toContain(sent.order.order_id);
    await client.close();
  });

  it('previews and sends a recipient’s choice, which waits for the pick with its total held', async () => {
    const client = await connect(fullKey.key);
    const found = ok(await call(client, 'search_catalog', { country: 'US', currency: 'USD', value: 25 }));
    const codes = found.products
      .filter((p: { denominations: unknown }) => p.denominations === null)
      .slice(0, 2)
      .map((p: { code: string }) => p.code);
    const args = { recipient_email: recipient(), value: 25 };
    expect((await call(client, 'preview_reward', { ...args, product_codes: codes })).isError).toBe(true);
    const preview = ok(await call(client, 'preview_reward', { ...args, product_codes: codes, currency: 'USD' }));
    expect(preview).toMatchObject({ product: null, choice: { product_codes: codes }, total: 25.63 });
    expect(preview.summary).toContain('recipient’s choice of 2 cards');
    const sent = ok(await call(client, 'send_reward', { preview_id: preview.preview_id }));
    expect(sent.order).toMatchObject({
      status: 'pending',
      choice: { product_codes: codes, chosen_product_code: null },
    });
  });

  it('refuses another connection’s, an expired and an altered preview, writing nothing', async () => {
    const mine = await connect(fullKey.key);
    const preview = ok(
      await call(mine, 'preview_reward', { recipient_email: recipient(), product_code: product.code, value: 10 }),
    );
    // Another tenant's key, and another key of the same organisation, do not see it.
    const stranger = await signUpVerifiedUser(t);
    const theirs = await connect((await newKey(stranger)).key);
    refused(await call(theirs, 'send_reward', { preview_id: preview.preview_id }), 'PREVIEW_NOT_FOUND');
    const sibling = await connect((await newKey(owner)).key);
    refused(await call(sibling, 'send_reward', { preview_id: preview.preview_id }), 'PREVIEW_NOT_FOUND');

    await t.app.db
      .updateTable('mcp_previews')
      .set({ charged_total_minor: 1 })
      .where('id', '=', preview.preview_id)
      .execute();
    refused(await call(mine, 'send_reward', { preview_id: preview.preview_id }), 'PREVIEW_CHANGED');
    await t.app.db
      .updateTable('mcp_previews')
      .set({ expires_at: new Date(Date.now() - 1000) })
      .where('id', '=', preview.preview_id)
      .execute();
    refused(await call(mine, 'send_reward', { preview_id: preview.preview_id }), 'PREVIEW_EXPIRED');
    const row = await t.app.db
      .selectFrom('mcp_previews')
      .select('order_id')
      .where('id', '=', preview.preview_id)
      .executeTakeFirstOrThrow();
    expect(await t.app.db.selectFrom('orders').select('id').where('id', '=', row.order_id).execute()).toHaveLength(0);
    await Promise.all([mine.close(), theirs.close(), sibling.close()]);
  });

  it('answers each caller as itself and with its own tools when servers are kept between requests', async () => {
    // Servers serve one request after another (server-pool.ts): a call must read its own caller,
    // never the one before it. Two tenants and a read-only key, interleaved and at once.
    const stranger = await signUpVerifiedUser(t);
    await sandboxTopUp(t, stranger.accessToken, 7);
    const mine = await connect(fullKey.key);
    const theirs = await connect((await newKey(stranger)).key);
    const reader = await connect(readKey.key);
    const myBalance = ok(await call(mine, 'get_balance')).available_minor;
    const theirBalance = ok(await call(theirs, 'get_balance')).available_minor;
    expect(myBalance).not.toBe(theirBalance);
    const answers = await Promise.all(
      Array.from({ length: 24 }, async (_, i) => {
        const client = [mine, theirs, reader][i % 3] as Client;
        if (i % 3 === 2) return { i, tools: (await client.listTools()).tools.map((x) => x.name) };
        return { i, balance: ok(await call(client, 'get_balance')).available_minor };
      }),
    );
    for (const a of answers) {
      if (a.i % 3 === 2) expect(a.tools).not.toContain('send_reward');
      else expect(a.balance).toBe(a.i % 3 === 0 ? myBalance : theirBalance);
    }
    expect((await call(reader, 'send_reward', { preview_id: crypto.randomUUID() })).isError).toBe(true);
    await Promise.all([mine.close(), theirs.close(), reader.close()]);
  });

  it('enforces a key’s caps and recipient domains with messages an assistant can relay', async () => {
    const key = await newKey(owner);
    const client = await connect(key.key);
    const capped = await setCaps(owner, key.id, { per_reward_minor: 1500, per_day_minor: 2000 });
    expect(capped.statusCode, capped.body).toBe(200);
    const tooBig = refused(
      await call(client, 'preview_reward', { recipient_email: recipient(), product_code: product.code, value: 20 }),
      'SPEND_CAP_EXCEEDED',
    );
    expect(tooBig).toMatch(/\$20\.50 with the fee, over this connection's cap of \$15\.00 per reward/);
    const first = ok(
      await call(client, 'preview_reward', { recipient_email: recipient(), product_code: product.code, value: 10 }),
    );
    expect(first.caps).toMatchObject({ per_day_minor: 2000, spent_today_minor: 0 });
    const second = ok(
      await call(client, 'preview_reward', { recipient_email: recipient(), product_code: product.code, value: 10 }),
    );
    ok(await call(client, 'send_reward', { preview_id: first.preview_id }));
    // The second was fine when previewed; sending it now would pass the day's cap.
    const overDay = refused(await call(client, 'send_reward', { preview_id: second.preview_id }), 'SPEND_CAP_EXCEEDED');
    expect(overDay).toMatch(/spent \$10\.25 of its \$20\.00 cap for today \(UTC\), so \$9\.75 is left/);
    expect(await ordersOfSource(key.id)).toHaveLength(1);

    expect((await setCaps(owner, key.id, { allowed_domains: ['Partner.example'] })).statusCode).toBe(200);
    refused(
      await call(client, 'preview_reward', {
        recipient_email: 'sam@example.com',
        product_code: product.code,
        value: 10,
      }),
      'RECIPIENT_DOMAIN_NOT_ALLOWED',
    );
    ok(
      await call(client, 'preview_reward', {
        recipient_email: 'sam@team.partner.example',
        product_code: product.code,
        value: 10,
      }),
    );

    // Caps are for owners and admins, of their own organisation's keys, with checked input.
    const stranger = await signUpVerifiedUser(t);
    expect((await setCaps(stranger, key.id, {})).statusCode).toBe(404);
    expect((await setCaps(owner, key.id, { per_day_minor: -5 })).statusCode).toBe(400);
    expect((await setCaps(owner, key.id, { currency: 'usd\u0000' })).statusCode).toBe(400);
    expect((await setCaps(owner, key.id, { allowed_domains: ['not a domain'] })).statusCode).toBe(400);
    await client.close();
  });

  it('places an order over the approval threshold as pending_approval and says so', async () => {
    const boss = await signUpVerifiedUser(t);
    await sandboxTopUp(t, boss.accessToken, 1000);
    const rules = await t.app.inject({
      method: 'PATCH',
      url: '/api/v1/approval-rules',
      headers: bearer(boss.accessToken),
      payload: { above_usd_minor: 1500 },
    });
    expect(rules.statusCode, rules.body).toBe(200);
    const client = await connect((await newKey(boss)).key);
    const preview = ok(
      await call(client, 'preview_reward', { recipient_email: recipient(), product_code: product.code, value: 20 }),
    );
    expect(preview.needs_approval).toBe(true);
    expect(preview.approval_reason).toMatch(/above the approval threshold of \$15\.00/);
    const sent = ok(await call(client, 'send_reward', { preview_id: preview.preview_id }));
    expect(sent.order.status).toBe('pending_approval');
    expect(sent.note).toMatch(/owner or admin must approve/);
    const audit = await t.app.db
      .selectFrom('audit_events')
      .select('detail')
      .where('action', '=', 'agent.order_placed')
      .where(sql<boolean>`detail->>'order_id' = ${sent.order.order_id}`)
      .executeTakeFirstOrThrow();
    expect(audit.detail).toMatchObject({ pending_approval: true, pending_review: false });
    const small = ok(
      await call(client, 'preview_reward', { recipient_email: recipient(), product_code: product.code, value: 10 }),
    );
    expect(small.needs_approval).toBe(false);
    await client.close();
  });

  it('answers hostile input with refusals, never a 500, and writes nothing', async () => {
    const client = await connect(fullKey.key);
    const before = (await t.app.db.selectFrom('mcp_previews').select('id').execute()).length;
    const hostile: Record<string, unknown>[] = [
      { recipient_email: 'a\u0000@example.com', product_code: product.code, value: 5 },
      { recipient_email: recipient(), product_code: `${product.code}\u0000`, value: 5 },
      { recipient_email: recipient(), product_code: '\ud800', value: 5 },
      { recipient_email: recipient(), product_code: product.code, value: 1e308 },
      { recipient_email: recipient(), product_code: product.code, value: '5' },
      { recipient_email: recipient(), product_code: product.code, value: 5.001 },
      { recipient_email: recipient(), product_code: product.code, value: -5 },
      { recipient_email: recipient(), product_code: product.code, value: 5, currency: 'EUR' },
      { recipient_email: recipient(), product_code: 'NO-SUCH-PRODUCT', value: 5 },
      { recipient_email: recipient(), product_code: product.code, value: 5, message: 'x'.repeat(10_000) },
    ];
    for (const args of hostile) {
      const answer = await call(client, 'preview_reward', args);
      expect(answer.isError, JSON.stringify(args).slice(0, 80)).toBe(true);
    }
    for (const args of [{ preview_id: 'not-a-uuid' }, { preview_id: '00000000-0000-0000-0000-000000000000' }, {}]) {
      expect((await call(client, 'send_reward', args)).isError).toBe(true);
    }
    expect((await call(client, 'get_order', { order_id: '00000000-0000-4000-8000-000000000000' })).isError).toBe(true);
    expect((await call(client, 'list_orders', { cursor: 'forged!!' })).isError).toBe(true);
    expect((await t.app.db.selectFrom('mcp_previews').select('id').execute()).length).toBe(before);

    // Not JSON-RPC at all: the HTTP layer's own 4xx.
    const headers = {
      authorization: `Bearer ${fullKey.key}`,
      accept: 'application/json, text/event-stream',
      'content-type': 'application/json',
    };
    for (const body of [
      '{',
      '[]',
      '{"jsonrpc":"2.0","method":"tools/call","id":1,"params":{"name":"\u0000"}}',
      '"x"',
    ]) {
      const res = await fetch(`${baseUrl}/mcp`, { method: 'POST', headers, body });
      expect(res.status, body).toBeLessThan(500);
    }
    await client.close();
  });

  it('serves an OAuth grant within its scopes, caps and domains, marks its orders, and stops when revoked', async () => {
    const read = await grantFor(owner, ['orders:read', 'balance:read'], {}, null);
    const reader = await connect(read.token);
    expect((await reader.listTools()).tools.map((x) => x.name).sort()).toEqual([
      'get_balance',
      'get_order',
      'list_orders',
    ]);
    await reader.close();

    const { grantId, token } = await grantFor(
      owner,
      ['orders:write', 'orders:read', 'catalog:read', 'balance:read'],
      { cap_per_reward_minor: 1500 },
      ['example.com'],
    );
    const client = await connect(token);
    refused(
      await call(client, 'preview_reward', { recipient_email: recipient(), product_code: product.code, value: 20 }),
      'SPEND_CAP_EXCEEDED',
    );
    refused(
      await call(client, 'preview_reward', {
        recipient_email: 'sam@elsewhere.test',
        product_code: product.code,
        value: 10,
      }),
      'RECIPIENT_DOMAIN_NOT_ALLOWED',
    );
    const preview = ok(
      await call(client, 'preview_reward', { recipient_email: recipient(), product_code: product.code, value: 10 }),
    );
    const sent = ok(await call(client, 'send_reward', { preview_id: preview.preview_id }));
    expect(sent.order).toMatchObject({
      created_by: owner.user.id,
      source: { kind: 'mcp', via: 'oauth_grant', id: grantId, client_name: 'Hosted assistant' },
    });
    const [audit] = await t.app.db
      .selectFrom('audit_events')
      .select(['api_key_id', 'detail'])
      .where('action', '=', 'agent.order_placed')
      .where(({ ref, eb }) => eb(ref('detail', '->>').key('order_id' as never), '=', sent.order.order_id))
      .execute();
    expect(audit?.api_key_id).toBeNull();

    // Revoked: the next call is a 401 before any tool runs, and the next preview's send writes nothing.
    const waiting = ok(
      await call(client, 'preview_reward', { recipient_email: recipient(), product_code: product.code, value: 10 }),
    );
    await t.app.db.updateTable('oauth_grants').set({ revoked_at: new Date() }).where('id', '=', grantId).execute();
    const res = await fetch(`${baseUrl}/mcp`, {
      method: 'POST',
      headers: {
        authorization: `Bearer ${token}`,
        accept: 'application/json, text/event-stream',
        'content-type': 'application/json',
      },
      body: JSON.stringify({
        jsonrpc: '2.0',
        id: 1,
        method: 'tools/call',
        params: { name: 'send_reward', arguments: { preview_id: waiting.preview_id } },
      }),
    });
    expect(res.status).toBe(401);
    expect(await ordersOfSource(grantId)).toHaveLength(1);
    await client.close().catch(() => {});
  });

  it('refuses a key whose mode is not its organisation’s', async () => {
    const key = await newKey(owner);
    await t.app.db.updateTable('api_keys').set({ mode: 'live' }).where('id', '=', key.id).execute();
    const client = await connect(key.key);
    const why = refused(
      await call(client, 'preview_reward', { recipient_email: recipient(), product_code: product.code, value: 5 }),
      'FORBIDDEN',
    );
    expect(why).toMatch(/for live rewards but the organisation is in sandbox/);
    await client.close();
  });

  it('lets simultaneous sends under a day cap through only as far as the cap allows', async () => {
    const key = await newKey(owner);
    // 10.00 + 2.5 % = 10.25 each: three fit in 31.00, the fourth does not.
    expect((await setCaps(owner, key.id, { per_day_minor: 3100 })).statusCode).toBe(200);
    const clients = await Promise.all(Array.from({ length: 6 }, () => connect(key.key)));
    const previews: { preview_id: string }[] = [];
    for (const c of clients) {
      const preview = ok(
        await call(c, 'preview_reward', { recipient_email: recipient(), product_code: product.code, value: 10 }),
      );
      previews.push({ preview_id: String(preview.preview_id) });
    }
    const answers = await Promise.all(
      clients.map((c, i) => call(c, 'send_reward', { preview_id: previews[i]?.preview_id })),
    );
    const sent = answers.filter((a) => !a.isError);
    const outcomes = answers.map((a) => (a.isError ? String(a.structuredContent?.code) : 'sent')).sort();
    expect(outcomes, JSON.stringify(answers.filter((a) => a.isError))).toEqual([
      'SPEND_CAP_EXCEEDED',
      'SPEND_CAP_EXCEEDED',
      'SPEND_CAP_EXCEEDED',
      'sent',
      'sent',
      'sent',
    ]);
    expect(await ordersOfSource(key.id)).toHaveLength(3);

    // An unopened reward of theirs can be voided through MCP; its value comes back.
    const first = (sent[0]?.structuredContent as { order: { order_id: string } } | undefined)?.order.order_id ?? '';
    expect((await settledOrder(t, owner.accessToken, first)).status).toBe('completed');
    const voided = ok(await call(clients[0] as Client, 'void_reward', { order_id: first, note: 'Sent twice' }));
    expect(JSON.stringify(voided), JSON.stringify(voided)).toContain('refunded');
    await Promise.all(clients.map((c) => c.close()));
  });
});
