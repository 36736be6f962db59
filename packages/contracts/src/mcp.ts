import { z } from 'zod';
import { listEnvelope } from './lists';

/**
 * AI agents over MCP (issue 33, decision 074): where an order came from when an agent placed it
 * through the MCP server at `/mcp`, with an API key or an OAuth grant. Orders placed in the app or
 * through the plain REST API have no `source`.
 */
export const ORDER_SOURCE_VIAS = ['api_key', 'oauth_grant'] as const;
export type OrderSourceVia = (typeof ORDER_SOURCE_VIAS)[number];

export const OrderSourceSchema = z
  .object({
    kind: z.literal('mcp'),
    via: z.enum(ORDER_SOURCE_VIAS),
    /** The API key's or the OAuth grant's id. */
    id: z.uuid(),
    /** The key's name or the OAuth client's name when the order was placed. */
    client_name: z.string().nullable(),
  })
  .meta({ description: 'Present only on orders an AI agent placed through the MCP server: the key or grant it used' });
export type OrderSource = z.infer<typeof OrderSourceSchema>;

/** How long a priced preview (preview_reward) may be sent (send_reward). */
export const MCP_PREVIEW_SECONDS = 15 * 60;

const capMinor = z
  .number({ error: 'must be a whole number of minor units' })
  .int('must be a whole number of minor units')
  .min(1, 'must be at least 1')
  .max(1_000_000_000_00, 'is too large')
  .nullable();

/** An API key's spend caps for agents (per reward, per UTC day, per UTC month) and recipient domains. */
export const AgentCapsBodySchema = z.object({
  currency: z.string().regex(/^[A-Z]{3}$/, 'currency must be a three-letter currency code'),
  per_reward_minor: capMinor,
  per_day_minor: capMinor,
  per_month_minor: capMinor,
  allowed_domains: z
    .array(
      z
        .string()
        .min(1)
        .max(253)
        .regex(/^(?=.{1,253}$)([a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?\.)+[a-z]{2,63}$/i, 'must be a domain name'),
    )
    .min(1)
    .max(50)
    .nullable(),
});
export type AgentCapsBody = z.infer<typeof AgentCapsBodySchema>;

export const AgentCapsSchema = AgentCapsBodySchema.extend({ success: z.literal(true), api_key_id: z.uuid() });
export type AgentCaps = z.infer<typeof AgentCapsSchema>;

/** One thing an agent did through MCP, for Settings → Developers: an order it placed. */
export const AgentActivitySchema = z.object({
  order_id: z.uuid(),
  status: z.string(),
  created_at: z.string(),
  product_name: z.string(),
  /** Decision 088: null for an order sent by text only. */
  recipient_email: z.string().nullable(),
  charged_total_minor: z.number().int(),
  charge_currency: z.string(),
  source: OrderSourceSchema,
});
export type AgentActivity = z.infer<typeof AgentActivitySchema>;
export const AgentActivityResponseSchema = listEnvelope(AgentActivitySchema);
export type AgentActivityResponse = z.infer<typeof AgentActivityResponseSchema>;
