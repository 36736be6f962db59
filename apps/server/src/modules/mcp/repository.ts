import type { ApiKeyScope } from '@giftrelay/contracts';
import type { FastifyInstance } from 'fastify';
import { type Kysely, sql, type Transaction } from 'kysely';
import type { Database } from '../../db/schema';

type Tx = Kysely<Database> | Transaction<Database>;

/**
 * What an order needs of its organisation, read with the key (decision 074): the sending freeze
 * and mode (decision 046), whether its spends need the spend guard (084), the rewards' default
 * expiry (081), the approval rules (035) and the default message. An agent's preview and send take
 * them from this one read instead of four.
 */
export interface AgentOrganisationRow {
  sending_frozen_at: Date | null;
  sandbox: boolean;
  spend_guard: boolean;
  reward_expiry_days: number | null;
  approval_above_usd_minor: string | null;
  approval_every_sender_order: boolean;
  approval_monthly_cap_usd_minor: string | null;
  default_message: string | null;
}

/** A live API key with what MCP needs of it: its organisation, mode, scopes, name and caps. */
export interface AgentKeyRow extends AgentOrganisationRow {
  id: string;
  organisation_id: string;
  name: string;
  mode: 'test' | 'live';
  scopes: ApiKeyScope[];
  created_by: string | null;
  currency: string | null;
  per_reward_minor: string | null;
  per_day_minor: string | null;
  per_month_minor: string | null;
  allowed_domains: string[] | null;
}

/**
 * The live (neither revoked nor expired) key with this hash, its caps if any, and its
 * organisation's facts: one statement, compiled once and prepared once per connection (it runs
 * on every MCP request).
 */
let liveKeyQuery: string | undefined;
export async function findLiveKey(app: FastifyInstance, keyHash: string): Promise<AgentKeyRow | undefined> {
  liveKeyQuery ??= app.db
    .selectFrom('api_keys as k')
    .innerJoin('organisations as o', 'o.id', 'k.organisation_id')
    .leftJoin('agent_key_caps as c', 'c.api_key_id', 'k.id')
    .select([
      'k.id',
      'k.organisation_id',
      'k.name',
      'k.mode',
      'k.scopes',
      'k.created_by',
      'c.currency',
      'c.per_reward_minor',
      'c.per_day_minor',
      'c.per_month_minor',
      'c.allowed_domains',
      'o.sending_frozen_at',
      'o.sandbox',
      'o.spend_guard',
      'o.reward_expiry_days',
      'o.approval_above_usd_minor',
      'o.approval_every_sender_order',
      'o.approval_monthly_cap_usd_minor',
      'o.default_message',
    ])
    .where('k.key_hash', '=', sql<string>`$1`)
    .where('k.revoked_at', 'is', null)
    .where(sql<boolean>`(k.expires_at IS NULL OR k.expires_at > now())`)
    .compile().sql;
  return (await app.database.query<AgentKeyRow>(liveKeyQuery, [keyHash], 'mcp_live_key')).rows[0];
}

export function findKeyCaps(db: Tx, organisationId: string, keyId: string) {
  return db
    .selectFrom('agent_key_caps')
    .selectAll()
    .where('api_key_id', '=', keyId)
    .where('organisation_id', '=', organisationId)
    .executeTakeFirst();
}

export interface KeyCapsValues {
  currency: string;
  per_reward_minor: number | null;
  per_day_minor: number | null;
  per_month_minor: number | null;
  allowed_domains: string[] | null;
}

export function upsertKeyCaps(tx: Tx, organisationId: string, keyId: string, userId: string, v: KeyCapsValues) {
  return tx
    .insertInto('agent_key_caps')
    .values({ api_key_id: keyId, organisation_id: organisationId, updated_by: userId, ...v })
    .onConflict((oc) => oc.column('api_key_id').doUpdateSet({ ...v, updated_by: userId, updated_at: sql`now()` }))
    .returningAll()
    .executeTakeFirstOrThrow();
}

export interface PreviewRow {
  id: string;
  organisation_id: string;
  source_kind: 'api_key' | 'oauth_grant';
  source_id: string;
  order_id: string;
  order_body: unknown;
  charged_total_minor: string;
  charge_currency: string;
  created_at: Date;
  expires_at: Date;
}

export async function insertPreview(
  app: FastifyInstance,
  row: Omit<PreviewRow, 'created_at' | 'charged_total_minor'> & { charged_total_minor: number },
) {
  insertPreviewText ??= app.db
    .insertInto('mcp_previews')
    .values({
      id: sql<string>`$1`,
      organisation_id: sql<string>`$2`,
      source_kind: sql<'api_key'>`$3`,
      source_id: sql<string>`$4`,
      order_id: sql<string>`$5`,
      order_body: sql<string>`$6`,
      charged_total_minor: sql<number>`$7`,
      charge_currency: sql<string>`$8`,
      expires_at: sql<Date>`$9`,
    })
    .compile().sql;
  await app.database.query(
    insertPreviewText,
    [
      row.id,
      row.organisation_id,
      row.source_kind,
      row.source_id,
      row.order_id,
      JSON.stringify(row.order_body),
      row.charged_total_minor,
      row.charge_currency,
      row.expires_at,
    ],
    'mcp_insert_preview',
  );
}
let insertPreviewText: string | undefined;

/**
 * The preview, only for the organisation and the key or grant that made it; undefined for any
 * other. `sent`: its order exists already, read in the same query, so a repeat answers it without
 * running the order statement (which would take the account row before meeting the order row the
 * order's fulfilment may hold: a deadlock). Compiled once, prepared once per connection.
 */
export async function findPreview(
  app: FastifyInstance,
  id: string,
  organisationId: string,
  source: { kind: string; id: string },
): Promise<(PreviewRow & { sent: boolean }) | undefined> {
  findPreviewText ??= app.db
    .selectFrom('mcp_previews')
    .selectAll()
    .select((eb) =>
      eb
        .exists(
          eb
            .selectFrom('orders')
            .select('orders.id')
            .whereRef('orders.id', '=', 'mcp_previews.order_id')
            .whereRef('orders.organisation_id', '=', 'mcp_previews.organisation_id'),
        )
        .as('sent'),
    )
    .where('id', '=', sql<string>`$1`)
    .where('organisation_id', '=', sql<string>`$2`)
    .where('source_kind', '=', sql<'api_key'>`$3`)
    .where('source_id', '=', sql<string>`$4`)
    .compile().sql;
  const { rows } = await app.database.query<PreviewRow & { sent: boolean }>(
    findPreviewText,
    [id, organisationId, source.kind, source.id],
    'mcp_find_preview',
  );
  return rows[0];
}
let findPreviewText: string | undefined;

/** Previews a day past their end: nobody can send them, and their order (if any) has its own row. */
export async function deleteOldPreviews(db: Tx): Promise<void> {
  await sql`DELETE FROM mcp_previews WHERE id IN (
    SELECT id FROM mcp_previews WHERE expires_at < now() - interval '1 day' LIMIT 500)`.execute(db);
}

export async function orderExists(db: Tx, organisationId: string, orderId: string): Promise<boolean> {
  const row = await db
    .selectFrom('orders')
    .select('id')
    .where('id', '=', orderId)
    .where('organisation_id', '=', organisationId)
    .executeTakeFirst();
  return Boolean(row);
}

/** A source's orders' USD totals this UTC month, as the approval rules' monthly cap counts them. */
export async function usdThisMonthBySource(tx: Tx, organisationId: string, sourceId: string, since: Date) {
  const row = await tx
    .selectFrom('orders')
    .select(sql<string>`coalesce(sum(usd_total_minor), 0)`.as('total'))
    .where('organisation_id', '=', organisationId)
    .where('source_id', '=', sourceId)
    .where('created_at', '>=', since)
    .where('status', 'not in', ['failed', 'rejected'])
    .executeTakeFirstOrThrow();
  return Number(row.total);
}

/** An organisation's facts for an agent's order (AgentOrganisationRow), for a grant, whose token read has none. */
export function organisationFactsOf(db: Tx, organisationId: string): Promise<AgentOrganisationRow> {
  return db
    .selectFrom('organisations')
    .select([
      'sending_frozen_at',
      'sandbox',
      'spend_guard',
      'reward_expiry_days',
      'approval_above_usd_minor',
      'approval_every_sender_order',
      'approval_monthly_cap_usd_minor',
      'default_message',
    ])
    .where('id', '=', organisationId)
    .executeTakeFirstOrThrow() as Promise<AgentOrganisationRow>;
}

/** The organisation's newest orders placed by agents through MCP, for Settings → Developers. */
export function recentAgentOrders(db: Tx, organisationId: string, limit: number) {
  return db
    .selectFrom('orders')
    .select([
      'id',
      'status',
      'created_at',
      'product_name',
      'recipient_email',
      'charged_total_minor',
      'charge_currency',
      'source_kind',
      'source_id',
      'source_client_name',
    ])
    .where('organisation_id', '=', organisationId)
    .where('source_id', 'is not', null)
    .orderBy('created_at', 'desc')
    .limit(limit)
    .execute();
}
