import { sql } from 'kysely';
import type { Db } from '../../db/database';
import { hashSecret, secretKind } from './secrets';

/** Spend caps of a grant, in integer minor units of `currency`; null is no cap. Enforced by the MCP module. */
export interface AgentCaps {
  perRewardMinor: number | null;
  perDayMinor: number | null;
  perMonthMinor: number | null;
  currency: string;
}

/** Who an OAuth access token acts for: one organisation, in one mode, within the grant's scopes and caps. */
export interface GrantPrincipal {
  organisationId: string;
  mode: 'sandbox' | 'live';
  scopes: string[];
  grantId: string;
  clientName: string;
  caps: AgentCaps;
  /** Lower-case recipient domains the grant may send to; null allows any. */
  allowedDomains: string[] | null;
  /** The owner or admin who approved the grant. */
  userId: string;
}

const num = (v: string | null): number | null => (v === null ? null : Number(v));

/**
 * The principal of a live access token, or null (unknown, expired, revoked, its grant revoked,
 * its approver no longer an owner or admin of the organisation, or a sandbox grant of an
 * organisation gone live). Looked up on every call, so a revocation in Settings → Developers stops
 * the token at once, on every process.
 */
export async function resolveOAuthAccessToken(db: Db, token: string): Promise<GrantPrincipal | null> {
  if (secretKind(token) !== 'access') return null;
  const row = await db
    .selectFrom('oauth_tokens as t')
    .innerJoin('oauth_grants as g', 'g.id', 't.grant_id')
    .innerJoin('oauth_clients as c', 'c.id', 'g.client_id')
    .innerJoin('memberships as m', (j) =>
      j.onRef('m.user_id', '=', 'g.approved_by').onRef('m.organisation_id', '=', 'g.organisation_id'),
    )
    .innerJoin('organisations as o', 'o.id', 'g.organisation_id')
    .select([
      'g.id',
      'g.organisation_id',
      'g.mode',
      'g.scopes',
      'g.approved_by',
      'g.cap_per_reward_minor',
      'g.cap_per_day_minor',
      'g.cap_per_month_minor',
      'g.cap_currency',
      'g.allowed_domains',
      'g.last_used_at',
      'c.client_name',
    ])
    .where('t.token_hash', '=', hashSecret(token))
    .where('t.kind', '=', 'access')
    .where('t.revoked_at', 'is', null)
    .where('t.expires_at', '>', sql<Date>`now()`)
    .where('g.revoked_at', 'is', null)
    .where('m.role', 'in', ['owner', 'admin'])
    // A sandbox grant ends when its organisation goes live, as sandbox API keys are revoked then:
    // play money's connection never reads, resends, voids or sends real orders.
    .where(sql<boolean>`(g.mode = 'sandbox') = o.sandbox`)
    .executeTakeFirst();
  if (!row?.approved_by) return null;
  // "Last used" to the minute is enough for the Connected apps list: one write a minute, not one a call.
  if (!row.last_used_at || Date.now() - row.last_used_at.getTime() > 60_000) {
    await db.updateTable('oauth_grants').set({ last_used_at: sql`now()` }).where('id', '=', row.id).execute();
  }
  return {
    organisationId: row.organisation_id,
    mode: row.mode,
    scopes: row.scopes,
    grantId: row.id,
    clientName: row.client_name,
    caps: {
      perRewardMinor: num(row.cap_per_reward_minor),
      perDayMinor: num(row.cap_per_day_minor),
      perMonthMinor: num(row.cap_per_month_minor),
      currency: row.cap_currency,
    },
    allowedDomains: row.allowed_domains,
    userId: row.approved_by,
  };
}

/** RFC 9728 §3.1: the resource's metadata URL, the well-known segment inserted before the resource's path (/mcp). */
export function protectedResourceMetadataUrl(publicUrl: string): string {
  return `${new URL(publicUrl).origin}/.well-known/oauth-protected-resource/mcp`;
}

/** The resource tokens are for (RFC 8707): this server's MCP endpoint. */
export function mcpResourceUrl(publicUrl: string): string {
  return `${new URL(publicUrl).origin}/mcp`;
}
