import {
  type ApiKeyScope,
  ListOrdersQuerySchema,
  MCP_TOOL_DESCRIPTIONS,
  type McpToolName,
  ORDER_STATUSES,
  safeText,
} from '@giftrelay/contracts';
import type { AuthInfo } from '@modelcontextprotocol/sdk/server/auth/types.js';
import { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
import type { CallToolResult } from '@modelcontextprotocol/sdk/types.js';
import { AjvJsonSchemaValidator } from '@modelcontextprotocol/sdk/validation/ajv';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { AppError } from '../../lib/errors';
import { getBalance, organisationBilling } from '../ledger';
import { getOrderDetail, listOrderPage, resendOrder, voidOrder } from '../orders';
import type { McpPrincipal } from './principal';
import { registerResources } from './resources';
import { previewReward, sendReward } from './rewards';
import { ToolRefusal } from './tool-refusal';

/** The scope each tool needs: a key or grant without it does not see the tool at all. */
const TOOL_SCOPES: Record<McpToolName, ApiKeyScope> = {
  search_catalog: 'catalog:read',
  get_balance: 'balance:read',
  list_orders: 'orders:read',
  get_order: 'orders:read',
  preview_reward: 'orders:write',
  send_reward: 'orders:write',
  resend_reward: 'orders:write',
  void_reward: 'orders:write',
};

const text = (max: number, what: string) =>
  safeText({ max, tooLong: `${what} must be at most ${max} characters` }).optional();
const orderId = z.uuid({ error: 'order_id must be an order_id from list_orders or send_reward' });
const email = z.email({ error: 'must be an email address' }).max(255);
const currency = z.string().regex(/^[A-Z]{3}$/, 'must be a three-letter currency code such as USD');
const value = z.number().positive('must be above 0').max(1_000_000, 'is too large');

/** Each tool's arguments, built once (zod schemas cost time to build; a server is built per request). */
const SHAPES = {
  search_catalog: {
    text: text(100, 'text'),
    country: z
      .string()
      .regex(/^[A-Z]{2}$/, 'must be a two-letter country code such as US')
      .optional(),
    currency: currency.optional(),
    category: text(100, 'category'),
    value: value.optional().describe('A value (in the card’s currency) the card must accept'),
    limit: z.number().int().min(1).max(50).optional(),
  },
  get_balance: {},
  list_orders: {
    status: z.enum(ORDER_STATUSES).optional(),
    text: text(100, 'text'),
    limit: z.number().int().min(1).max(50).optional(),
    cursor: z.string().max(512).optional(),
  },
  get_order: { order_id: orderId },
  preview_reward: {
    recipient_email: email,
    product_code: safeText({ min: 1, max: 100, tooShort: 'product_code is required' })
      .optional()
      .describe('The card to send; leave out for a recipient’s choice'),
    product_codes: z
      .array(safeText({ min: 1, max: 100 }))
      .min(1)
      .max(50)
      .optional()
      .describe('A recipient’s choice: the cards the recipient may pick one of (with currency)'),
    choice_set_id: z.uuid().optional().describe('A recipient’s choice from a saved choice set (with currency)'),
    value: value.describe('The card’s value in its own currency, e.g. 20 for a 20 USD card'),
    currency: currency
      .optional()
      .describe('The card’s currency; refused when it is not the product’s. Required for a recipient’s choice'),
    recipient_name: text(100, 'recipient_name'),
    message: safeText({ max: 500, multiline: true, tooLong: 'message must be at most 500 characters' }).optional(),
  },
  send_reward: { preview_id: z.uuid({ error: 'preview_id must be the preview_id preview_reward answered' }) },
  resend_reward: { order_id: orderId },
  void_reward: { order_id: orderId, note: text(500, 'note') },
} satisfies Record<McpToolName, z.ZodRawShape>;
type Args<N extends McpToolName> = z.infer<z.ZodObject<(typeof SHAPES)[N]>>;

/**
 * One JSON Schema validator for every server: the SDK would otherwise build a new Ajv instance for
 * each, a tenth of an MCP call's CPU (074).
 */
const jsonSchemaValidator = new AjvJsonSchemaValidator();

/**
 * Who is calling, as the transport hands it to each tool call (`extra.authInfo`, from the request
 * the call came in): a tool reads its principal from its own call, never from the server, so a
 * server can serve one request after another (servers.ts keeps them).
 */
export function authInfoOf(p: McpPrincipal): AuthInfo {
  return { token: '', clientId: p.source.id, scopes: p.scopes, extra: { principal: p } };
}
function principalOf(extra: { authInfo?: AuthInfo }): McpPrincipal {
  const p = extra.authInfo?.extra?.principal as McpPrincipal | undefined;
  // The route sets it on every request before the transport sees it: without one, nothing runs.
  if (!p) throw new Error('MCP tool called without its principal');
  return p;
}

/**
 * An MCP server for principals with these scopes: only the tools the scopes allow are registered,
 * so tools/list differs per key or grant and calling another is "not found". It holds no principal:
 * each call brings its own (authInfoOf).
 */
export function buildMcpServer(app: FastifyInstance, scopes: readonly ApiKeyScope[]): McpServer {
  const server = new McpServer(
    { name: 'giftrelay', title: 'GiftRelay', version: app.config.version },
    {
      jsonSchemaValidator,
      instructions:
        'GiftRelay sends digital gift cards by email. Find a product with search_catalog, price it with preview_reward and show the person the preview (total, fee, approval) before send_reward. Sandbox connections send play money only.',
    },
  );
  const tool = <N extends McpToolName>(
    name: N,
    run: (args: Args<N>, p: McpPrincipal) => Promise<unknown>,
    annotations: { readOnlyHint?: boolean; destructiveHint?: boolean; idempotentHint?: boolean } = {},
  ) => {
    if (!scopes.includes(TOOL_SCOPES[name])) return;
    server.registerTool(
      name,
      { description: MCP_TOOL_DESCRIPTIONS[name], inputSchema: SHAPES[name], annotations },
      // The SDK's callback type is generic over the schema; `run` is typed by it already.
      (async (args: Args<N>, extra: { authInfo?: AuthInfo }) =>
        answer(app, () => run(args, principalOf(extra)))) as never,
    );
  };

  tool(
    'search_catalog',
    async (args) => {
      const query = new URLSearchParams({ limit: String(args.limit ?? 20) });
      if (args.text) query.set('q', args.text);
      if (args.country) query.set('country', args.country);
      if (args.currency) query.set('currency', args.currency);
      if (args.category) query.set('category', args.category);
      if (args.value !== undefined) {
        query.set('minValue', String(args.value));
        query.set('maxValue', String(args.value));
      }
      // The public catalogue route: its filters, checks and cache, as any client gets them.
      const res = await app.inject({ url: `/api/v1/products?${query}` });
      if (res.statusCode !== 200) throw new AppError('VALIDATION_ERROR', res.json().error ?? 'Invalid search');
      const { data } = res.json() as { data: Record<string, unknown>[] };
      return {
        products: data.map((x) => ({
          code: x.code,
          name: x.name,
          brand: x.brand,
          country: x.country,
          currency: x.currency,
          category: x.category,
          denominations: x.denominations,
          min_value: x.minValue,
          max_value: x.maxValue,
        })),
      };
    },
    { readOnlyHint: true },
  );

  tool(
    'get_balance',
    async (_args, p) => {
      const { billing_currency: billing } = await organisationBilling(app.db, p.organisationId);
      const b = await getBalance(app.db, p.organisationId, billing);
      return { currency: billing, available_minor: b.availableMinor, held_minor: b.heldMinor, sandbox: p.sandbox };
    },
    { readOnlyHint: true },
  );

  tool(
    'list_orders',
    async (args, p) => {
      const parsed = ListOrdersQuerySchema.safeParse({
        mode: p.sandbox ? 'sandbox' : 'live',
        limit: String(args.limit ?? 20),
        ...(args.status ? { status: args.status } : {}),
        ...(args.text ? { q: args.text } : {}),
        ...(args.cursor ? { cursor: args.cursor } : {}),
      });
      if (!parsed.success) throw new AppError('VALIDATION_ERROR', parsed.error.issues.map((i) => i.message).join('; '));
      const page = await listOrderPage(app, p.organisationId, parsed.data);
      return { orders: page.orders, next_cursor: page.next_cursor };
    },
    { readOnlyHint: true },
  );

  tool('get_order', (args, p) => getOrderDetail(app, p.organisationId, args.order_id), {
    readOnlyHint: true,
  });

  tool('preview_reward', (args, p) => previewReward(app, p, args), { readOnlyHint: false, destructiveHint: false });

  tool(
    'send_reward',
    async (args, p) => {
      // The orders budget POST /api/v1/orders spends (the same shared window, decision 071): an
      // agent sends no faster than RATE_LIMIT_ORDERS_PER_MINUTE allows anyone else.
      const quota = await app.rateLimits.consumeShared(
        { name: 'org-orders', limit: app.config.organisationRateLimits.orders, windowSeconds: 60 },
        p.organisationId,
      );
      if (!quota.isAllowed) {
        throw new AppError(
          'RATE_LIMITED',
          `Too many rewards sent this minute: nothing was sent. Try send_reward again in ${quota.resetSeconds} seconds, before the preview expires.`,
        );
      }
      const { order, replayed } = await sendReward(app, p, args.preview_id);
      const waiting = order.status === 'pending_approval';
      return {
        order,
        replayed,
        note: waiting
          ? 'Placed as pending_approval: an owner or admin must approve it before it is sent. The amount is held meanwhile.'
          : replayed
            ? 'This preview was sent already: this is its order. Nothing more was sent.'
            : 'Sent: the recipient gets an email with the claim link once the card is issued.',
      };
    },
    { destructiveHint: true, idempotentHint: true },
  );

  tool(
    'resend_reward',
    async (args, p) => {
      const answer = await resendOrder(app, authOf(p), args.order_id, {}, undefined);
      return JSON.parse(answer.body);
    },
    { idempotentHint: false },
  );

  tool(
    'void_reward',
    async (args, p) => {
      // One void per order through MCP: a repeat replays the first answer (the void's own key).
      const answer = await voidOrder(
        app,
        authOf(p),
        args.order_id,
        args.note ? { note: args.note } : {},
        `mcp-void:${p.source.id}:${args.order_id}`,
      );
      return JSON.parse(answer.body);
    },
    { destructiveHint: true, idempotentHint: true },
  );

  registerResources(app, server);
  return server;
}

/**
 * The caller as the order services know one: the API key itself, or, for an OAuth grant, the
 * owner or admin who approved it (resend and void act with their authority; decision 074).
 */
function authOf(p: McpPrincipal) {
  if (p.credential.kind === 'api_key') {
    return { ...p.credential, scopes: p.scopes };
  }
  return {
    kind: 'session' as const,
    userId: p.userId ?? '',
    organisationId: p.organisationId,
    role: 'admin' as const,
    email: '',
    sessionId: '',
  };
}

/**
 * A tool's answer: its result as JSON text, or a refusal an assistant can act on (`isError`, the
 * stable code and the message). Anything unexpected is logged and answered without its details,
 * as the API answers a 500.
 */
async function answer(app: FastifyInstance, run: () => Promise<unknown>): Promise<CallToolResult> {
  try {
    const result = await run();
    return { content: [{ type: 'text', text: JSON.stringify(result, null, 2) }], structuredContent: result as never };
  } catch (err) {
    if (err instanceof ToolRefusal || err instanceof AppError) {
      const refusal = { code: err.code, error: err.message };
      return { content: [{ type: 'text', text: JSON.stringify(refusal) }], structuredContent: refusal, isError: true };
    }
    app.log.error({ err }, 'MCP tool failed');
    const refusal = { code: 'INTERNAL_ERROR', error: 'Something went wrong on our side; nothing more is known.' };
    return { content: [{ type: 'text', text: JSON.stringify(refusal) }], structuredContent: refusal, isError: true };
  }
}
