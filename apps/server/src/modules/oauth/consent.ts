import {
  API_KEY_SCOPES,
  type ApproveOAuthBody,
  listPage,
  type OAuthAuthorizationRequest,
  type OAuthAuthorizationResponse,
  type OAuthGrant,
  type OAuthRedirectResponse,
} from '@giftrelay/contracts';
import type { FastifyInstance } from 'fastify';
import type { Transaction } from 'kysely';
import type { Database } from '../../db/schema';
import { AppError } from '../../lib/errors';
import type { SessionAuth } from '../../plugins/auth';
import { auditGrantCreated, auditGrantRevoked } from './audit';
import { mcpResourceUrl } from './principal';
import { CODE_TTL_SECONDS, checkAuthorization, issuerOf, redirectWith } from './protocol';
import * as repo from './repository';
import { newSecret } from './secrets';

/** Connected apps lists this many live grants at most; revoking makes room (the audit log keeps them all). */
export const GRANTS_LISTED_MAX = 100;

/**
 * The request again, as /oauth/authorize checked it: the consent page's parameters come from the
 * browser's address bar, so they are checked on every call. Any problem is a 400 here; the page
 * says so and sends nothing to the client.
 */
async function checked(app: FastifyInstance, q: OAuthAuthorizationRequest) {
  const check = await checkAuthorization(app, q);
  if (!check.ok) {
    const message =
      'page' in check ? check.page : 'The authorization request is not valid; start again from the application';
    throw new AppError('VALIDATION_ERROR', message);
  }
  return check;
}

export async function getAuthorization(
  app: FastifyInstance,
  user: SessionAuth,
  q: OAuthAuthorizationRequest,
): Promise<OAuthAuthorizationResponse> {
  const check = await checked(app, q);
  const orgs = await repo.grantableOrganisations(app.db, user.userId);
  return {
    success: true,
    client: { id: check.client.id, name: check.client.name, redirect_host: new URL(check.redirectUri).host },
    requested_scopes: check.scopes,
    organisations: orgs.map((o) => ({
      id: o.id,
      name: o.name,
      live: !o.sandbox,
      current: o.id === user.organisationId,
    })),
  };
}

/**
 * Approves the request: a grant for the organisation picked (where the person is an owner or
 * admin; anyone else is 403), and a single-use code bound to it, the redirect URI and the PKCE
 * challenge. The scopes may narrow what was asked, never widen it; the mode is the organisation's.
 */
export async function approve(
  app: FastifyInstance,
  user: SessionAuth,
  body: ApproveOAuthBody,
): Promise<OAuthRedirectResponse> {
  const check = await checked(app, body);
  const wider = body.scopes.filter((s) => !check.scopes.includes(s));
  if (wider.length > 0) {
    throw new AppError('VALIDATION_ERROR', `body.scopes: the application did not ask for ${wider.join(', ')}`, [
      { path: 'body.scopes', message: `not requested: ${wider.join(', ')}` },
    ]);
  }
  const scopes = API_KEY_SCOPES.filter((s) => body.scopes.includes(s));
  const code = newSecret('code');
  await app.db.transaction().execute(async (trx) => {
    const org = (await repo.grantableOrganisations(trx, user.userId)).find((o) => o.id === body.organisation_id);
    if (!org) {
      throw new AppError('FORBIDDEN', 'Only an owner or admin of the organisation can connect an application to it', [
        { path: 'role', message: 'needs owner or admin' },
      ]);
    }
    if (body.mode === 'live' && org.sandbox) {
      throw new AppError('VALIDATION_ERROR', 'body.mode: the organisation is not live yet; grant sandbox access', [
        { path: 'body.mode', message: 'the organisation is not live' },
      ]);
    }
    // A live organisation has no sandbox: its sandbox keys went when it went live, and a sandbox
    // grant there would be refused on every call (resolveOAuthAccessToken).
    if (body.mode === 'sandbox' && !org.sandbox) {
      throw new AppError('VALIDATION_ERROR', 'body.mode: the organisation is live; grant live access', [
        { path: 'body.mode', message: 'the organisation is live' },
      ]);
    }
    const grantId = await repo.insertGrant(trx, {
      organisationId: org.id,
      clientId: check.client.id,
      approvedBy: user.userId,
      mode: body.mode,
      scopes,
      caps: {
        perRewardMinor: body.caps.per_reward_minor,
        perDayMinor: body.caps.per_day_minor,
        perMonthMinor: body.caps.per_month_minor,
        currency: body.caps.currency,
      },
      allowedDomains: body.allowed_domains ? [...new Set(body.allowed_domains)] : null,
      resource: mcpResourceUrl(app.config.publicUrl),
    });
    await repo.insertCode(trx, {
      hash: code.hash,
      grantId,
      redirectUri: check.redirectUri,
      codeChallenge: body.code_challenge,
      expiresAt: new Date(Date.now() + CODE_TTL_SECONDS * 1000),
    });
    await auditGrantCreated(trx, {
      organisationId: org.id,
      grantId,
      userId: user.userId,
      clientName: check.client.name,
      mode: body.mode,
      scopes,
    });
  });
  return {
    success: true,
    redirect_to: redirectWith(check.redirectUri, {
      code: code.value,
      state: body.state,
      iss: issuerOf(app.config.publicUrl),
    }),
  };
}

/** Denies the request: the client hears `access_denied` (RFC 6749 §4.1.2.1). Nothing is stored. */
export async function deny(app: FastifyInstance, q: OAuthAuthorizationRequest): Promise<OAuthRedirectResponse> {
  const check = await checked(app, q);
  return {
    success: true,
    redirect_to: redirectWith(check.redirectUri, {
      error: 'access_denied',
      error_description: 'The person declined',
      state: q.state,
      iss: issuerOf(app.config.publicUrl),
    }),
  };
}

const numberOrNull = (v: string | null) => (v === null ? null : Number(v));

export function presentGrant(row: repo.GrantRow): OAuthGrant {
  return {
    id: row.id,
    client_name: row.client_name,
    mode: row.mode,
    scopes: row.scopes,
    caps: {
      per_reward_minor: numberOrNull(row.cap_per_reward_minor),
      per_day_minor: numberOrNull(row.cap_per_day_minor),
      per_month_minor: numberOrNull(row.cap_per_month_minor),
      currency: row.cap_currency,
    },
    allowed_domains: row.allowed_domains,
    approved_by:
      row.approved_by && row.approved_by_email ? { id: row.approved_by, email: row.approved_by_email } : null,
    created_at: row.created_at.toISOString(),
    last_used_at: row.last_used_at?.toISOString() ?? null,
    revoked_at: row.revoked_at?.toISOString() ?? null,
  };
}

export async function listGrants(app: FastifyInstance, organisationId: string) {
  const rows = await repo.listActiveGrants(app.db, organisationId, GRANTS_LISTED_MAX);
  return { success: true as const, ...listPage(rows.map(presentGrant), null) };
}

/** Revokes a grant of the user's organisation and its tokens, at once; another organisation's is 404. */
export async function revokeGrant(app: FastifyInstance, user: SessionAuth, id: string): Promise<OAuthGrant> {
  return app.db.transaction().execute(async (trx) => {
    const revoked = await repo.revokeGrant(trx, {
      id,
      organisationId: user.organisationId,
      by: user.userId,
      reason: 'user',
    });
    const row = await repo.findGrant(trx, user.organisationId, id);
    if (!row) throw new AppError('NOT_FOUND', 'Connected app not found');
    if (revoked) {
      await auditGrantRevoked(trx, {
        organisationId: user.organisationId,
        grantId: id,
        userId: user.userId,
        reason: 'user',
        clientName: row.client_name,
      });
    }
    return presentGrant(row);
  });
}

/**
 * A removed member's grants (those they approved) are revoked with their membership, in the
 * removal's transaction, each with its tokens and an audit line (reason `member_removed`): they
 * stop working and leave Connected apps, rather than only failing the membership check. Answers
 * how many.
 */
export async function revokeGrantsOfRemovedMember(
  trx: Transaction<Database>,
  q: { organisationId: string; userId: string; by: string },
): Promise<number> {
  const ids = await repo.activeGrantIdsApprovedBy(trx, q.organisationId, q.userId);
  for (const { id, client_name } of ids) {
    const revoked = await repo.revokeGrant(trx, {
      id,
      organisationId: q.organisationId,
      by: q.by,
      reason: 'member_removed',
    });
    if (revoked) {
      await auditGrantRevoked(trx, {
        organisationId: q.organisationId,
        grantId: id,
        userId: q.by,
        reason: 'member_removed',
        clientName: client_name,
      });
    }
  }
  return ids.length;
}
