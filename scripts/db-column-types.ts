// What the code knows about columns beyond what the database states, read by
// `npm run generate:db-types` into apps/server/src/db/schema.ts (the `Database` the app uses).
// Most columns need nothing here: their types come from the migrations, with the app's conventions
// (timestamps are Dates, bigints text read and numbers written, bigint keys text; a text column
// whose CHECK lists its values is that union). An entry is a genuine narrowing — a column never
// written after insert (`never`), an insert that only ever sets one status, SQL expressions
// (`RawBuilder`) accepted where the code writes `now()`, the shape of a JSON column, a contracts
// type — or a note (`doc`) that lands on the column in schema.ts. db/schema-matches.ts checks that
// each narrowing stays within what the database allows (decision 070).

/** Names an override's type may use, as kysely-codegen's `customImports`: `module#export`. */
export const imports: Record<string, string> = {
  ApiKeyScope: '@giftrelay/contracts#ApiKeyScope',
  AuditAction: '@giftrelay/contracts#AuditAction',
  OrderStatus: '@giftrelay/contracts#OrderStatus',
  RewardStatus: '@giftrelay/contracts#RewardStatus',
  RawBuilder: 'kysely#RawBuilder',
};

/** A table's note, above its interface. */
export const tables: Record<string, string> = {
  reward_email_bounces: 'Each refused reward email, once per message (`reward.email_bounced`, 0064).',
  testimonials: 'Migration 0090, decision 048: quotes moderated by operators; only approved ones are served.',
  bank_transfers: 'Bank transfers received for live organisations, recorded by operators (0089, decision 045).',
  live_requests: "Owners' requests to go live and operators' answers (0087, decision 045).",
  organisation_logos: "An organisation's logo, as uploaded after its checks (0074, decision 033).",
  user_two_factor: "A person's authenticator (0078, decision 037); `enabled_at` null while being set up.",
  platform_operators: "Migration 0083, decision 041: GiftRelay's own staff.",
  operator_bootstrap_tokens:
    "Migration 0105, decision 056: the production instance's one-time first-operator token, hashed.",
  blog_drafts: "Migration 0092, decision 050: the blog generator's drafts, one per generation.",
  blog_posts: 'Migration 0092, decision 050: posts published from the generator at /blog/{slug}.',
  landing_pages: 'Migration 0093, decision 051: published and unpublished landing pages.',
  order_reminders: 'Migration 0081, decision 040: reminders and void notices sent for an order.',
  fx_quotes: 'Migration 0079, decision 039: a rate locked for one organisation for a minute.',
  api_keys: 'Migration 0057, decision 026.',
  analytics_events: "Migration 0091, decision 049: landing pages' analytics events (no addresses).",
  order_stats_daily: 'Rollup rows of order figures per organisation, UTC day and status (migration 0040).',
  provider_rate_limits: "A real provider's shared request rate (0086, decision 044).",
  provider_alerts: "A real provider's alerts to its operators (0086, decision 044).",
  order_stats_daily_dims: 'The rollups by brand, category and country (migration 0040).',
  order_stats_deltas:
    'What triggers append on every write to orders, folded into the rollups every 2 s (migration 0040).',
  stripe_checkout_sessions: 'Card top-ups through Stripe Checkout (0088, decision 046).',
  stripe_events: 'Stripe events handled, by id (0088): a repeat delivery finds its row.',
  batches: 'Bulk batches (0085, decision 043).',
  sandbox_outside_recipients: "Sandbox rewards' outside addresses per UTC day, for the daily cap (0121, decision 063).",
  sandbox_recipient_counts:
    "Each sandbox organisation's count of today's outside addresses, the cap's lock (0150, decision 093).",
};

/** By `table.column`: `type` replaces the generated type verbatim (null and Generated included). */
export const columns: Record<string, { type?: string; doc?: string }> = {
  'ledger_accounts.balance_minor': { type: 'ColumnType<string, number | undefined, RawBuilder<unknown> | number>' },
  'ledger_accounts.closed_at': {
    type: 'ColumnType<Date | null, never, Date | RawBuilder<unknown>>',
    doc: 'Set when a sandbox organisation goes live (0087, decision 045): its accounts are history.',
  },
  'ledger_accounts.live': {
    type: 'ColumnType<boolean | null, boolean | null | RawBuilder<boolean>, never>',
    doc: "The mode an organisation account's money belongs to; null for system accounts.",
  },
  'ledger_entries.kind': {
    doc: 'Card funding (0088, decision 046) added `card_refund`, `dispute`, `dispute_won` and `shortfall_recovery`.',
  },
  'ledger_entries.batch_id': {
    type: 'ColumnType<string | null, string | null | undefined, never>',
    doc: "A batch's own hold and its row-by-row holds name the batch (0085, decision 043).",
  },
  'ledger_postings.amount_minor': { type: 'ColumnType<string, number, never>' },
  'idempotency_keys.created_at': { type: 'ColumnType<Date, RawBuilder<unknown> | undefined, RawBuilder<unknown>>' },
  'idempotency_keys.expires_at': { type: 'ColumnType<Date, RawBuilder<unknown>, RawBuilder<unknown>>' },
  'orders.amount_minor': { type: 'ColumnType<string, number, never>' },
  'orders.subtotal_minor': { type: 'ColumnType<string, number, never>' },
  'orders.fee_minor': { type: 'ColumnType<string, number, never>' },
  'orders.total_minor': { type: 'ColumnType<string, number, never>' },
  'orders.fx_rate': { type: 'ColumnType<string, string, never>' },
  'orders.charged_subtotal_minor': { type: 'ColumnType<string, number, never>' },
  'orders.charged_fee_minor': { type: 'ColumnType<string, number, never>' },
  'orders.charged_total_minor': { type: 'ColumnType<string, number, never>' },
  'orders.status': {
    type: "ColumnType<OrderStatus, 'pending' | 'pending_approval' | 'pending_review' | 'scheduled' | undefined, OrderStatus>",
  },
  'orders.completed_at': { type: 'ColumnType<Date | null, never, Date | RawBuilder<unknown>>' },
  'orders.failed_at': { type: 'ColumnType<Date | null, never, Date | RawBuilder<unknown>>' },
  'orders.usd_total_minor': {
    type: 'ColumnType<string | null, number | string | null | undefined, never>',
    doc: 'The charged total in USD minor units when placed, for the approval rules (0080).',
  },
  'orders.approval_expires_at': {
    doc: 'Approvals (0080, decision 035): when the wait ends on its own; `decided_*` say who decided.',
  },
  'orders.decided_by': { type: 'ColumnType<string | null, never, string | null>' },
  'orders.decided_at': { type: 'ColumnType<Date | null, never, Date | RawBuilder<unknown> | null>' },
  'orders.decision_note': { type: 'ColumnType<string | null, never, string | null>' },
  'orders.send_at': { doc: 'Scheduled delivery (0084, decision 042): when fulfilment starts; null: at once.' },
  'orders.batch_id': {
    type: 'ColumnType<string | null, string | null | undefined, never>',
    doc: 'The batch the order came from (0085, decision 043); null for an order placed alone.',
  },
  'orders.search_text': {
    type: 'ColumnType<string | null, never, never>',
    doc: "Generated by the database from the order's text columns, for search.",
  },
  'orders.sandbox': {
    type: 'ColumnType<boolean, never, never>',
    doc: 'Made in sandbox mode (0087, decision 045): set from the organisation by a trigger.',
  },
  'orders.api_key_id': {
    type: 'ColumnType<string | null, string | null | undefined, never>',
    doc: 'The API key that placed the order (0120, decision 062); null when a person did.',
  },
  'orders.released_subtotal_minor': {
    type: 'ColumnType<string, never, number>',
    doc: 'Partial issuance (0110, decision 058): what went back for the rewards not issued (with `released_fee_minor`, `issued_count`, `failed_count`).',
  },
  'orders.released_fee_minor': { type: 'ColumnType<string, never, number>' },
  'orders.issued_count': { type: 'ColumnType<number, never, number>' },
  'orders.failed_count': { type: 'ColumnType<number, never, number>' },
  'rewards.id': { type: 'ColumnType<string, string | undefined, never>' },
  'rewards.status': {
    type: "ColumnType<RewardStatus, 'pending' | 'awaiting_choice' | undefined, RewardStatus>",
    doc: '`review` (0110, decision 058): the card may exist at the provider; its money held until an operator decides.',
  },
  'rewards.review_reason': { type: 'ColumnType<string | null, never, string | null>' },
  'rewards.reviewed_at': { type: 'ColumnType<Date | null, never, Date | RawBuilder<unknown> | null>' },
  'rewards.claim_first_opened_at': { type: 'ColumnType<Date | null, never, Date | RawBuilder<unknown>>' },
  'rewards.claim_last_opened_at': { type: 'ColumnType<Date | null, never, Date | RawBuilder<unknown>>' },
  'rewards.claim_open_count': { type: 'ColumnType<number, never, RawBuilder<unknown>>' },
  'rewards.lease_owner': { type: 'ColumnType<string | null, never, string | null>' },
  'rewards.lease_until': { type: 'ColumnType<Date | null, never, RawBuilder<unknown> | null>' },
  'rewards.attempts': { type: 'ColumnType<number, never, RawBuilder<unknown>>' },
  'rewards.issued_at': { type: 'ColumnType<Date | null, never, Date | RawBuilder<unknown>>' },
  'rewards.delivered_at': {
    type: 'ColumnType<Date | null, never, Date>',
    doc: "When the recipient's mail server first accepted the reward's email (`reward.delivered`, 0064).",
  },
  'rewards.void_state': {
    type: "ColumnType<'requested' | 'refunded' | 'not_cancelled' | null, never, 'requested' | 'refunded' | 'not_cancelled'>",
    doc: 'A void (0080, decision 039): requested, then refunded or not cancelled by the provider.',
  },
  'rewards.voided_at': { type: 'ColumnType<Date | null, never, Date | RawBuilder<unknown>>' },
  'rewards.void_note': { type: 'ColumnType<string | null, never, string | null>' },
  'order_events.payload': { type: 'ColumnType<JsonObject, string, never>' },
  'events.data': { type: 'ColumnType<Record<string, unknown>, string, never>' },
  'events.created_at': { type: 'ColumnType<Date, Date | undefined, never>' },
  'webhook_endpoints.failing_since': {
    type: 'ColumnType<Date | null, never, Date | null>',
    doc: 'The first failed attempt since the last 2xx; kept by a trigger (0065).',
  },
  'webhook_deliveries.created_at': { type: 'ColumnType<Date, Date | undefined, never>' },
  'leads.slug': { doc: "Migration 0090, decision 048: the landing page's slug; repeats within a day merged." },
  'leads.last_submitted_at': {
    type: 'ColumnType<Date, Date | RawBuilder<unknown> | undefined, Date | RawBuilder<unknown>>',
  },
  'testimonials.updated_at': {
    type: 'ColumnType<Date, Date | RawBuilder<unknown> | undefined, Date | RawBuilder<unknown>>',
  },
  'users.signed_in_at': { doc: 'The last sign-in (migration 0053); null until the first.' },
  'users.name': { doc: "The person's name (0077, decision 034); null until they set it." },
  'users.signed_up_again_at': {
    type: 'ColumnType<Date | null, never, RawBuilder<unknown> | null>',
    doc: 'Set when the unverified address was signed up again (0100, decision 054): verifying needs a chosen password.',
  },
  'organisations.plan': { doc: 'The plan chosen at sign-up (migration 0052).' },
  'organisations.low_balance_threshold_minor': {
    doc: 'Below this available balance (minor units), a `balance.low` event is written; null: never (0063).',
  },
  'organisations.sender_name': {
    doc: 'What recipients see as the sender ("Acme People Team"); null: the name (0074, decision 033).',
  },
  'organisations.brand_colour': { doc: "`#rrggbb`, lower case; null: GiftRelay's colour." },
  'organisations.default_message': { doc: "The send dialog's message when the sender writes none of their own." },
  'organisations.approval_above_usd_minor': {
    doc: 'Approval rules (0080, decision 035), in USD minor units, with `approval_every_sender_order` and `approval_monthly_cap_usd_minor`; null or false: off.',
  },
  'organisations.owners_need_two_factor': { doc: 'Owners must sign in with two factors (0078, decision 037).' },
  'organisations.reminder_after_days': {
    doc: 'Migration 0081, decision 040: null turns it off, as for `void_unopened_after_days`.',
  },
  'organisations.live_since': {
    type: 'ColumnType<Date | null, never, Date | RawBuilder<unknown>>',
    doc: 'When an operator approved its request to go live (0087, decision 045); null in sandbox.',
  },
  'organisations.funding_shortfall_minor': {
    type: 'ColumnType<string, never, number | RawBuilder<unknown>>',
    doc: 'What refunds and disputes took beyond the balance (0088, decision 046); sending is frozen while above 0.',
  },
  'organisations.sending_frozen_at': { type: 'ColumnType<Date | null, never, Date | null | RawBuilder<unknown>>' },
  'bank_transfers.amount_minor': { type: 'ColumnType<string, number, never>' },
  'bank_transfers.received_on': { type: 'ColumnType<Date, RawBuilder<string>, never>' },
  'live_requests.status': {
    type: "ColumnType<'pending' | 'approved' | 'rejected' | 'withdrawn', 'pending' | undefined, 'approved' | 'rejected' | 'withdrawn'>",
  },
  'live_requests.decided_by': { type: 'ColumnType<string | null, never, string | null>' },
  'live_requests.decided_at': { type: 'ColumnType<Date | null, never, Date | RawBuilder<unknown>>' },
  'live_requests.decision_note': { type: 'ColumnType<string | null, never, string | null>' },
  'memberships.last_used_at': {
    doc: 'When a session last opened this organisation; sign-in picks the latest (migration 0070).',
  },
  'invitations.email': { doc: 'Lower-cased.' },
  'invitations.token_hash': { doc: 'SHA-256 of the emailed token; resending replaces it.' },
  'auth_sessions.ip_address': { doc: 'Where the session was started from (0077, decision 034).' },
  'auth_refresh_tokens.generation': {
    doc: "1 at sign-in; its predecessor's plus one at each refresh (migration 0042).",
  },
  'auth_email_tokens.new_email': { doc: 'For `change_email`: the address the link confirms (0078).' },
  'auth_email_tokens.session_id': {
    doc: 'For `change_email`: the session that asked (0100); the others end when the change is confirmed.',
  },
  'user_two_factor.secret': { doc: 'Encrypted like reward codes (lib/crypto.ts).' },
  'user_two_factor.last_used_step': {
    doc: 'The 30-second step of the last code accepted; a code is never accepted twice.',
  },
  'blog_drafts.variant_edits': {
    type: "ColumnType<Partial<Record<'A' | 'B' | 'C', string>>, string | undefined, string>",
    doc: "An operator's edited text by variant letter; written as JSON text.",
  },
  'blog_drafts.updated_at': {
    type: 'ColumnType<Date, Date | RawBuilder<unknown> | undefined, Date | RawBuilder<unknown>>',
  },
  'blog_posts.updated_at': {
    type: 'ColumnType<Date, Date | RawBuilder<unknown> | undefined, Date | RawBuilder<unknown>>',
  },
  'landing_pages.copy': {
    type: 'ColumnType<JsonObject, string, string>',
    doc: 'LandingCopy (contracts); written as JSON text.',
  },
  'landing_pages.updated_at': {
    type: 'ColumnType<Date, Date | RawBuilder<unknown> | undefined, Date | RawBuilder<unknown>>',
  },
  'landing_pages.published_at': {
    type: 'ColumnType<Date | null, Date | RawBuilder<unknown> | null | undefined, Date | RawBuilder<unknown> | null>',
  },
  'api_keys.scopes': { type: 'ApiKeyScope[]' },
  'oauth_grants.scopes': { type: 'ApiKeyScope[]' },
  'audit_events.action': { type: 'AuditAction' },
  'audit_events.detail': { type: 'ColumnType<Record<string, unknown>, string | undefined, never>' },
  'analytics_events.occurred_at': { type: 'ColumnType<Date, Date | string, never>' },
  'analytics_events.received_at': { type: 'ColumnType<Date, Date | string | undefined, never>' },
  'order_stats_daily.sandbox': {
    doc: "The orders' mode (orders.sandbox): sandbox and live figures are kept apart (0095, decision 045).",
  },
  'order_stats_daily.day': { doc: "A `date`: read as a Date by both drivers; written and compared as 'YYYY-MM-DD'." },
  'order_stats_daily.status': { type: "'pending' | 'completed' | 'failed'" },
  'order_stats_daily_dims.sandbox': {
    doc: "The orders' mode (orders.sandbox): sandbox and live figures are kept apart (0095, decision 045).",
  },
  'order_stats_daily_dims.day': {
    doc: "A `date`: read as a Date by both drivers; written and compared as 'YYYY-MM-DD'.",
  },
  'order_stats_daily_dims.status': { type: "'pending' | 'completed' | 'failed'" },
  'order_stats_deltas.sandbox': {
    doc: "The orders' mode (orders.sandbox): sandbox and live figures are kept apart (0095, decision 045).",
  },
  'order_stats_deltas.day': { doc: "A `date`: read as a Date by both drivers; written and compared as 'YYYY-MM-DD'." },
  'order_stats_deltas.status': { type: "'pending' | 'completed' | 'failed'" },
  'stripe_checkout_sessions.status': {
    type: "ColumnType<'open' | 'completed' | 'expired', 'open' | undefined, 'completed' | 'expired'>",
  },
  'stripe_checkout_sessions.debited_minor': {
    type: 'ColumnType<string, number | undefined, number | RawBuilder<unknown>>',
  },
  'stripe_disputes.status': { type: "ColumnType<'open' | 'won' | 'lost', 'open' | undefined, 'won' | 'lost'>" },
  'batches.held_minor': { type: 'ColumnType<string, number | undefined, number | RawBuilder<unknown>>' },
  'batches.decided_by': { type: 'ColumnType<string | null, never, string | null>' },
  'batches.decided_at': { type: 'ColumnType<Date | null, never, Date | RawBuilder<unknown> | null>' },
  'batches.decision_note': { type: 'ColumnType<string | null, never, string | null>' },
  'batches.created_at': { type: 'ColumnType<Date, Date | undefined, never>' },
  'batches.accepted_at': {
    type: 'ColumnType<Date | null, RawBuilder<Date> | undefined, Date | RawBuilder<unknown> | null>',
  },
  'batches.completed_at': {
    type: 'ColumnType<Date | null, RawBuilder<Date> | undefined, Date | RawBuilder<unknown> | null>',
  },
  'batch_rows.input': { type: 'ColumnType<Record<string, string | null>, string, never>' },
  'batch_rows.errors': {
    type: 'ColumnType<{ field: string; code: string; message: string }[] | null, string | null, never>',
  },
  'batch_rows.prepared': { type: 'ColumnType<Record<string, unknown> | null, string | null, never>' },
  'batch_rows.charged_total_minor': { type: 'ColumnType<string | null, number | null, never>' },
  'batch_rows.order_id': { type: 'ColumnType<string | null, never, string | null>' },
  'sandbox_provider_orders.cancelled_at': { type: 'ColumnType<Date | null, never, Date | RawBuilder<unknown>>' },
  'sandbox_outside_recipients.day': { type: 'ColumnType<Date, string, never>' },
  'sandbox_outside_recipients.created_at': { type: 'ColumnType<Date, never, never>' },
  'sandbox_recipient_counts.day': { type: 'ColumnType<Date, never, never>' },
};
