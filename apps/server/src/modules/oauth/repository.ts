import type { ApiKeyScope } from '@giftrelay/contracts';
import { type Kysely, sql, type Transaction } from 'kysely';
import type { Database } from '../../db/schema';

type Tx = Kysely<Database> | Transaction<Database>;

export async function insertClient(tx: Tx, row: { id: string; name: string; redirectUris: string[] }): Promise<Date> {
  const { created_at } = await tx
    .insertInto('oauth_clients')
    .values({ id: row.id, client_name: row.name, redirect_uris: row.redirectUris })
    .returning('created_at')
    .executeTakeFirstOrThrow();
  return created_at;
}

export function findClient(tx: Tx, id: string) {
  return tx
    .selectFrom('oauth_clients')
    .select(['id', 'client_name', 'redirect_uris'])
    .where('id', '=', id)
    .executeTakeFirst();
}

/** The organisations where the user is an owner or admin, with whether each is live. */
export function grantableOrganisations(tx: Tx, userId: string) {
  return tx
    .selectFrom('memberships as m')
    .innerJoin('organisations as o', 'o.id', 'm.organisation_id')
    .select(['o.id', 'o.name', 'o.sandbox'])
    .where('m.user_id', '=', userId)
    .where('m.role', 'in', ['owner', 'admin'])
    .orderBy('o.name')
    .orderBy('o.id')
    .execute();
}

export interface NewGrant {
  organisationId: string;
  clientId: string;
  approvedBy: string;
  mode: 'sandbox' | 'live';
  scopes: ApiKeyScope[];
  caps: { perRewardMinor: number | null; perDayMinor: number | null; perMonthMinor: number | null; currency: string };
  allowedDomains: string[] | null;
  resource: string;
}

export async function insertGrant(tx: Tx, g: NewGrant): Promise<string> {
  const { id } = await tx
    .insertInto('oauth_grants')
    .values({
      organisation_id: g.organisationId,
      client_id: g.clientId,
      approved_by: g.approvedBy,
      mode: g.mode,
      scopes: g.scopes,
      cap_per_reward_minor: g.caps.perRewardMinor,
      cap_per_day_minor: g.caps.perDayMinor,
      cap_per_month_minor: g.caps.perMonthMinor,
      cap_currency: g.caps.currency,
      allowed_domains: g.allowedDomains,
      resource: g.resource,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return id;
}

function grants(tx: Tx, organisationId: string) {
  return tx
    .selectFrom('oauth_grants as g')
    .innerJoin('oauth_clients as c', 'c.id', 'g.client_id')
    .leftJoin('users as u', 'u.id', 'g.approved_by')
    .select([
      'g.id',
      'c.client_name',
      'g.mode',
      'g.scopes',
      'g.cap_per_reward_minor',
      'g.cap_per_day_minor',
      'g.cap_per_month_minor',
      'g.cap_currency',
      'g.allowed_domains',
      'g.approved_by',
      'u.email as approved_by_email',
      'g.created_at',
      'g.last_used_at',
      'g.revoked_at',
    ])
    .where('g.organisation_id', '=', organisationId);
}
export type GrantRow = Awaited<ReturnType<ReturnType<typeof grants>['executeTakeFirstOrThrow']>>;

/** The organisation's live grants, newest first (at most `limit`: a list, not an archive; the audit log keeps the rest). */
export function listActiveGrants(tx: Tx, organisationId: string, limit: number): Promise<GrantRow[]> {
  return grants(tx, organisationId)
    .where('g.revoked_at', 'is', null)
    .orderBy('g.created_at', 'desc')
    .orderBy('g.id', 'desc')
    .limit(limit)
    .execute();
}

export function findGrant(tx: Tx, organisationId: string, id: string): Promise<GrantRow | undefined> {
  return grants(tx, organisationId).where('g.id', '=', id).executeTakeFirst();
}

/** The live grants a member approved in the organisation (to revoke when they are removed). */
export function activeGrantIdsApprovedBy(tx: Tx, organisationId: string, userId: string) {
  return tx
    .selectFrom('oauth_grants as g')
    .innerJoin('oauth_clients as c', 'c.id', 'g.client_id')
    .select(['g.id', 'c.client_name'])
    .where('g.organisation_id', '=', organisationId)
    .where('g.approved_by', '=', userId)
    .where('g.revoked_at', 'is', null)
    .execute();
}

export type RevokeReason = 'user' | 'code_replayed' | 'refresh_reused' | 'member_removed';

/**
 * Revokes a grant and every token of it; answers the grant's organisation when this call revoked
 * it (undefined: unknown, another organisation's, or revoked before).
 */
export async function revokeGrant(
  tx: Tx,
  q: { id: string; organisationId?: string; by: string | null; reason: RevokeReason },
): Promise<{ organisationId: string; clientId: string } | undefined> {
  let update = tx
    .updateTable('oauth_grants')
    .set({ revoked_at: sql`now()`, revoked_by: q.by, revoke_reason: q.reason })
    .where('id', '=', q.id)
    .where('revoked_at', 'is', null);
  if (q.organisationId) update = update.where('organisation_id', '=', q.organisationId);
  const row = await update.returning(['organisation_id', 'client_id']).executeTakeFirst();
  // Only a grant this call revoked: an id of another organisation's grant must touch nothing.
  if (!row) return undefined;
  await tx
    .updateTable('oauth_tokens')
    .set({ revoked_at: sql`now()` })
    .where('grant_id', '=', q.id)
    .where('revoked_at', 'is', null)
    .execute();
  return { organisationId: row.organisation_id, clientId: row.client_id };
}

export async function insertCode(
  tx: Tx,
  row: { hash: string; grantId: string; redirectUri: string; codeChallenge: string; expiresAt: Date },
): Promise<void> {
  await tx
    .insertInto('oauth_codes')
    .values({
      code_hash: row.hash,
      grant_id: row.grantId,
      redirect_uri: row.redirectUri,
      code_challenge: row.codeChallenge,
      expires_at: row.expiresAt,
    })
    .execute();
}

/** A code with its grant, whatever its state, locked so that two exchanges of one code cannot both succeed. */
export function lockCode(tx: Transaction<Database>, hash: string) {
  return tx
    .selectFrom('oauth_codes as k')
    .innerJoin('oauth_grants as g', 'g.id', 'k.grant_id')
    .select([
      'k.grant_id',
      'k.redirect_uri',
      'k.code_challenge',
      'k.expires_at',
      'k.used_at',
      'g.client_id',
      'g.resource',
      'g.revoked_at',
      'g.scopes',
    ])
    .where('k.code_hash', '=', hash)
    .forUpdate('k')
    .executeTakeFirst();
}

export async function markCodeUsed(tx: Tx, hash: string): Promise<void> {
  await tx.updateTable('oauth_codes').set({ used_at: sql`now()` }).where('code_hash', '=', hash).execute();
}

export async function insertTokens(
  tx: Tx,
  rows: { hash: string; grantId: string; kind: 'access' | 'refresh'; expiresAt: Date }[],
): Promise<void> {
  await tx
    .insertInto('oauth_tokens')
    .values(rows.map((r) => ({ token_hash: r.hash, grant_id: r.grantId, kind: r.kind, expires_at: r.expiresAt })))
    .execute();
}

/** A token of either kind with its grant, locked for the refresh's rotation. */
export function lockToken(tx: Transaction<Database>, hash: string) {
  return tx
    .selectFrom('oauth_tokens as t')
    .innerJoin('oauth_grants as g', 'g.id', 't.grant_id')
    .select([
      't.grant_id',
      't.kind',
      't.expires_at',
      't.rotated_at',
      't.revoked_at',
      'g.client_id',
      'g.resource',
      'g.scopes',
      'g.organisation_id',
      'g.approved_by',
      'g.revoked_at as grant_revoked_at',
    ])
    .where('t.token_hash', '=', hash)
    .forUpdate('t')
    .executeTakeFirst();
}

export async function markRotated(tx: Tx, hash: string): Promise<void> {
  await tx.updateTable('oauth_tokens').set({ rotated_at: sql`now()` }).where('token_hash', '=', hash).execute();
}

/** Revokes one token (RFC 7009) when it belongs to the client. */
export async function revokeToken(tx: Tx, hash: string, clientId: string): Promise<void> {
  await tx
    .updateTable('oauth_tokens')
    .set({ revoked_at: sql`now()` })
    .where('token_hash', '=', hash)
    .where('revoked_at', 'is', null)
    .where('grant_id', 'in', (eb) => eb.selectFrom('oauth_grants').select('id').where('client_id', '=', clientId))
    .execute();
}

/** Whether the user is still an owner or admin of the organisation (a refresh checks it, as each access does). */
export async function canGrant(tx: Tx, userId: string, organisationId: string): Promise<boolean> {
  const row = await tx
    .selectFrom('memberships')
    .select('role')
    .where('user_id', '=', userId)
    .where('organisation_id', '=', organisationId)
    .executeTakeFirst();
  return row?.role === 'owner' || row?.role === 'admin';
}
