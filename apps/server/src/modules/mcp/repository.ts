import type { ApiKeyScope } from '@giftrelay/contracts';
import { type Kysely, sql, type Transaction } from 'kysely';
import type { Database } from '../../db/schema';

type Tx = Kysely<Database> | Transaction<Database>;

/** A live API key with what MCP needs of it: its organisation, mode, scopes, name and caps. */
export interface AgentKeyRow {
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

/** The live (neither revoked nor expired) key with this hash, and its caps, if any. */
export function findLiveKey(db: Tx, keyHash: string): Promise<AgentKeyRow | undefined> {
  return db
    .selectFrom('api_keys as k')
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
    ])
    .where('k.key_hash', '=', keyHash)
    .where('k.revoked_at', 'is', null)
    .where(sql<boolean>`(k.expires_at IS NULL OR k.expires_at > now())`)
    .executeTakeFirst() as Promise<AgentKeyRow | undefined>;
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
  db: Tx,
  row: Omit<PreviewRow, 'created_at' | 'charged_total_minor'> & { charged_total_minor: number },
) {
  await db
    .insertInto('mcp_previews')
    .values({ ...row, order_body: JSON.stringify(row.order_body) })
    .execute();
}

/** The preview, only for the organisation and the key or grant that made it; undefined for any other. */
export function findPreview(
  db: Tx,
  id: string,
  organisationId: string,
  source: { kind: string; id: string },
): Promise<(PreviewRow & { sent: boolean }) | undefined> {
  // `sent`: its order exists already, read in the same query, so a repeat answers it without
  // running the order statement (which would take the account row before meeting the order row
  // the order's fulfilment may hold: a deadlock).
  return db
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
    .where('id', '=', id)
    .where('organisation_id', '=', organisationId)
    .where('source_kind', '=', source.kind as 'api_key')
    .where('source_id', '=', source.id)
    .executeTakeFirst() as Promise<(PreviewRow & { sent: boolean }) | undefined>;
}

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

/** The organisation's approval rules (decision 035), for a preview to say whether an order will wait. */
/** What a preview reads of its organisation, in one read: the approval rules and the default message. */
export function previewSettingsOf(db: Tx, organisationId: string) {
  return db
    .selectFrom('organisations')
    .select([
      'approval_above_usd_minor',
      'approval_every_sender_order',
      'approval_monthly_cap_usd_minor',
      'default_message',
    ])
    .where('id', '=', organisationId)
    .executeTakeFirstOrThrow();
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
