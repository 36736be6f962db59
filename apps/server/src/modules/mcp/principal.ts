import { API_KEY_SCOPES, type ApiKeyScope } from '@giftrelay/contracts';
import type { FastifyInstance } from 'fastify';
import type { Transaction } from 'kysely';
import type { Database } from '../../db/schema';
import { hashApiKey, isApiKeyShaped, looksLikeApiKey } from '../../lib/api-key-secret';
import { resolveOAuthAccessToken } from '../oauth';
import type { CheckedInTransaction } from '../orders';
import type { Guardrails } from './guardrails';
import { type AgentOrganisationRow, findLiveKey } from './repository';

/** Who is calling /mcp: an organisation, in one mode, through one API key or OAuth grant. */
export interface McpPrincipal {
  organisationId: string;
  sandbox: boolean;
  scopes: ApiKeyScope[];
  /** The key's creator or the grant's approver: orders name them as `created_by`. */
  userId: string | null;
  source: { kind: 'api_key' | 'oauth_grant'; id: string; clientName: string | null };
  guardrails: Guardrails;
  /** What the order statement checks: the key (live in the statement), or a grant checked by `recheck`. */
  credential:
    | { kind: 'api_key'; apiKeyId: string; organisationId: string; userId: string | null }
    | CheckedInTransaction;
  /** A grant is looked up again inside the order's transaction: revoked since, nothing is written. */
  recheck(trx: Transaction<Database>): Promise<boolean>;
  /** The organisation's facts an order needs, read with an API key in the same query; a grant's are read when needed. */
  organisation: AgentOrganisationRow | null;
}

const isScope = (s: string): s is ApiKeyScope => (API_KEY_SCOPES as readonly string[]).includes(s);

/**
 * The bearer token's principal, or null for no, malformed, unknown, revoked or expired token. API
 * keys (gr_test_/gr_live_) are looked up by their hash; any other token is an OAuth access token.
 */
export async function resolvePrincipal(app: FastifyInstance, authorization: string | undefined) {
  const token = authorization?.match(/^Bearer\s+(\S+)$/i)?.[1];
  if (!token || token.length > 512) return null;
  if (looksLikeApiKey(token)) {
    if (!isApiKeyShaped(token)) return null;
    const key = await findLiveKey(app, hashApiKey(token));
    if (!key) return null;
    const caps =
      key.currency === null
        ? null
        : {
            currency: key.currency,
            perRewardMinor: minor(key.per_reward_minor),
            perDayMinor: minor(key.per_day_minor),
            perMonthMinor: minor(key.per_month_minor),
          };
    const principal: McpPrincipal = {
      organisationId: key.organisation_id,
      sandbox: key.mode === 'test',
      scopes: key.scopes,
      userId: key.created_by,
      source: { kind: 'api_key', id: key.id, clientName: key.name },
      guardrails: { caps, allowedDomains: key.allowed_domains },
      credential: { kind: 'api_key', apiKeyId: key.id, organisationId: key.organisation_id, userId: key.created_by },
      // The order statement itself checks the key is still live.
      recheck: async () => true,
      organisation: key,
    };
    return principal;
  }
  const grant = await resolveOAuthAccessToken(app.db, token);
  if (!grant) return null;
  const principal: McpPrincipal = {
    organisationId: grant.organisationId,
    sandbox: grant.mode === 'sandbox',
    scopes: grant.scopes.filter(isScope),
    userId: grant.userId,
    source: { kind: 'oauth_grant', id: grant.grantId, clientName: grant.clientName },
    guardrails: { caps: grant.caps, allowedDomains: grant.allowedDomains },
    credential: { kind: 'checked_in_transaction', organisationId: grant.organisationId, userId: grant.userId },
    recheck: async (trx) => (await resolveOAuthAccessToken(trx, token))?.grantId === grant.grantId,
    organisation: null,
  };
  return principal;
}

const minor = (v: string | null) => (v === null ? null : Number(v));
