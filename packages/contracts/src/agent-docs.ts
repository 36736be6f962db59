/**
 * The docs page's "AI agents" section as plain data (decision 074): the web app renders it, the
 * server serves it as an MCP resource and in /llms.txt and /llms-full.txt, and a test connects
 * with the very client configuration shown here. The tools' descriptions are the ones the MCP
 * server gives assistants, so the page and the server cannot drift apart.
 */

/** Stand-ins the reader (or the test) replaces in the configuration example. */
export const MCP_CONFIG_PLACEHOLDERS = { url: 'PUBLIC_URL', key: 'YOUR_API_KEY' } as const;

/**
 * The JSON an MCP client (Claude Desktop, Cursor, VS Code, the SDK's own client…) takes to
 * connect over Streamable HTTP with an API key.
 */
export const MCP_CLIENT_CONFIG_EXAMPLE = `{
  "mcpServers": {
    "giftrelay": {
      "type": "http",
      "url": "${MCP_CONFIG_PLACEHOLDERS.url}/mcp",
      "headers": { "Authorization": "Bearer ${MCP_CONFIG_PLACEHOLDERS.key}" }
    }
  }
}`;

export const MCP_READ_TOOLS = ['search_catalog', 'get_balance', 'list_orders', 'get_order'] as const;
export const MCP_SEND_TOOLS = ['preview_reward', 'send_reward', 'resend_reward', 'void_reward'] as const;
export type McpToolName = (typeof MCP_READ_TOOLS)[number] | (typeof MCP_SEND_TOOLS)[number];

/** What each tool does, for the assistant (tools/list) and for the reader (the docs page). */
export const MCP_TOOL_DESCRIPTIONS: Record<McpToolName, string> = {
  search_catalog:
    'Find gift cards to send: filter by country (US, UK, CA…), currency, category, a value the card must accept, and text in the brand or name. Answers product codes with the values each accepts.',
  get_balance:
    'The organisation’s balance: what is available to spend and what is held by orders in progress, in its billing currency, and whether it is sandbox (play money).',
  list_orders:
    'The organisation’s recent orders, newest first, optionally by status or text (recipient, product). Use next_cursor for more.',
  get_order:
    'One order by its order_id: status, rewards (issued, opened), history and who placed it (source, for orders an agent sent).',
  preview_reward:
    'Price a reward before sending it: recipient email, product code, value (and its currency). Answers the total with the fee, the amount charged in the billing currency with the FX rate, whether it will wait for approval and why, how it stands against this connection’s spend caps, and a preview_id valid for 15 minutes. Nothing is charged. Always show the preview to the person before send_reward.',
  send_reward:
    'Send exactly what a preview priced, by its preview_id (only this connection’s, only before it expires). Calling it again with the same preview_id answers the same order and sends nothing more. An order over the approval threshold is placed as pending_approval: it waits for an owner or admin and the answer says so.',
  resend_reward: 'Email a delivered order’s claim links again to the same recipient (for a reward they cannot find).',
  void_reward:
    'Void a delivered order’s rewards nobody has opened yet: their codes stop working and their value returns to the balance. Opened rewards cannot be voided.',
};

export interface DocsPageSection {
  /** The docs page's tab (its URL hash). */
  id: string;
  title: string;
  /** One sentence: what a reader finds there. */
  summary: string;
  /** The OpenAPI tags whose operations the section documents. */
  tags: readonly string[];
}

/** The docs page's sections, in its order (the web app's DOCS_SECTIONS say the same). */
export const DOCS_PAGE_SECTIONS: readonly DocsPageSection[] = [
  {
    id: 'overview',
    title: 'Overview',
    summary:
      'JSON over HTTPS under /api/v1: bearer tokens, the success and error shapes, amounts with minor units, cursor pagination, request ids, rate limits, idempotency and the SDK.',
    tags: ['system'],
  },
  {
    id: 'auth',
    title: 'Authentication',
    summary: 'API keys with scopes, sessions and refresh tokens, and which key may call what.',
    tags: ['auth', 'api-keys'],
  },
  {
    id: 'list-products',
    title: 'List products',
    summary: 'The catalogue: filters by country, currency, category, value and text; facets; FX rates and quotes.',
    tags: ['catalog', 'fx'],
  },
  {
    id: 'create-order',
    title: 'Create an order',
    summary: 'Sending a reward: the order body, Idempotency-Key, approvals, scheduling, resend and void.',
    tags: ['orders', 'balance', 'approvals', 'batches'],
  },
  {
    id: 'choice',
    title: 'Recipient’s choice and expiry',
    summary:
      'Choice sets, sending a reward the recipient turns into the card they pick, the claim page’s options and pick, and expiry that returns an unclaimed reward’s value.',
    tags: ['choice-sets', 'claims'],
  },
  {
    id: 'reports',
    title: 'Order history and reports',
    summary: 'Listing, searching and exporting orders; dashboard figures and spend analytics.',
    tags: ['reports'],
  },
  {
    id: 'webhooks',
    title: 'Webhooks and events',
    summary: 'The event log, webhook endpoints, signatures, retries and every event type’s payload.',
    tags: ['events', 'webhooks'],
  },
  {
    id: 'errors',
    title: 'Errors',
    summary: 'Every error code with its HTTP status and what to do about it.',
    tags: [],
  },
  {
    id: 'ai-agents',
    title: 'AI agents (MCP)',
    summary:
      'The MCP server at /mcp: connect an assistant with an API key or OAuth, its tools, previews before sending, spend caps and approvals.',
    tags: [],
  },
];

/** The "AI agents" section's text, as Markdown paragraphs and lists (the page renders each). */
export const AI_AGENTS_DOC = {
  intro: [
    'GiftRelay runs a Model Context Protocol (MCP) server at `/mcp` (Streamable HTTP), so an AI assistant can find a gift card, price it and send it for your organisation, within limits you set.',
    'Connect with an API key as a bearer token (Settings → Developers → API keys): the key’s scopes decide which tools the assistant sees. A read-only key sees only the read tools. Hosted assistants can connect without a pasted key through OAuth: they discover the authorization server from `/.well-known/oauth-protected-resource`, and an owner or admin approves the connection, its scopes and its caps.',
  ],
  configIntro:
    'Most MCP clients take a configuration like this one (replace `PUBLIC_URL` with this site’s address and `YOUR_API_KEY` with a key; a `gr_test_` key sends sandbox rewards):',
  guardrails: [
    'Nothing is sent without a preview: `preview_reward` prices the reward and answers a `preview_id`; `send_reward` sends exactly that, once, within 15 minutes.',
    'Spend caps per key (Settings → Developers, or `PUT /api/v1/api-keys/{id}/agent-caps`) or per OAuth grant: per reward, per UTC day and per UTC month, checked in the same transaction as the order, and an optional list of recipient domains.',
    'Approval rules apply to agents as to senders: an order over the threshold is placed as `pending_approval` and waits for an owner or admin.',
    'Every order an agent places is marked with its source (`source: {kind: "mcp", via, id, client_name}`) in the API, the webhooks and the audit log; Settings → Developers lists recent agent activity.',
  ],
  resources:
    'Resources: each section of these docs (`giftrelay://docs/{section}`) and the catalogue’s categories (`giftrelay://catalog/categories`), so an assistant can read before it acts. The same docs are at `/llms.txt` and `/llms-full.txt`.',
} as const;
