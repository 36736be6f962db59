import type { AuthSession } from '@giftrelay/contracts';
import { AppError, unauthorized } from '../../lib/errors';
import { hashToken } from '../../lib/secure-token';
import type { AccountsContext } from './context';
import { describeDevice } from './device';
import { type IssuedSession, issue, SESSION_IDLE_SECONDS } from './issue-session';
import * as repo from './repository';

/** A refresh token used again within this many seconds (two tabs refreshing at once) is not theft. */
export const REFRESH_REUSE_GRACE_SECONDS = 10;
/**
 * A used refresh token presented again within this many seconds, while the token issued for it has
 * never been presented, is a lost answer rather than theft: a reload or a dropped connection cut
 * the response off before the browser stored the new cookie, perhaps several times in a row.
 */
export const REFRESH_LOST_ANSWER_SECONDS = 120;

/**
 * Rotates the refresh token. A token presented after the session has moved on past it (another
 * token of its generation or a later one was used more than the grace period ago), or used
 * again long after its first use, was copied: the whole session ends, for the thief and the
 * owner alike. A token used again soon, while nothing as new has been used, had its answer
 * lost and gets a new one.
 */
export async function refresh(deps: AccountsContext, refreshToken: string): Promise<IssuedSession> {
  const result = await deps.db.transaction().execute(async (trx) => {
    const found = await repo.findRefreshToken(trx, hashToken(refreshToken));
    if (!found || found.session_ended) return { error: 'Invalid refresh token' } as const;
    const firstUse = found.used_at === null && (await repo.useRefreshToken(trx, found.id));
    const copied =
      (!firstUse && (found.used_seconds_ago ?? 0) > REFRESH_LOST_ANSWER_SECONDS) ||
      (await repo.sessionMovedOn(trx, found, REFRESH_REUSE_GRACE_SECONDS));
    if (copied) {
      await repo.revokeSession(trx, found.session_id, 'refresh_token_reuse');
      return { error: 'Refresh token already used: the session has been ended' } as const;
    }
    await repo.touchSession(trx, found.session_id, SESSION_IDLE_SECONDS);
    return {
      session: await issue(deps, trx, found.session_id, found.user_id, found.organisation_id, found.generation + 1),
    };
  });
  // The revocation must commit, so the error is thrown outside the transaction.
  if (result.error !== undefined) throw unauthorized(result.error);
  return result.session;
}

export async function logout(deps: AccountsContext, sessionId: string): Promise<void> {
  await repo.revokeSession(deps.db, sessionId, 'logout');
}

/**
 * A session in another organisation of the user's, in place of the current one (which ends).
 * Only an organisation the user belongs to: any other is a 404, as if it did not exist.
 */
export async function switchOrganisation(
  deps: AccountsContext,
  auth: { userId: string; sessionId: string },
  organisationId: string,
  client: repo.SessionClient,
): Promise<IssuedSession> {
  return deps.db.transaction().execute(async (trx) => {
    const member = await repo
      .listUserOrganisations(trx, auth.userId)
      .then((rows) => rows.some((r) => r.id === organisationId));
    if (!member) throw new AppError('NOT_FOUND', 'You are not a member of that organisation');
    await repo.revokeSession(trx, auth.sessionId, 'switched_organisation');
    const sessionId = await repo.insertSession(trx, {
      user_id: auth.userId,
      organisation_id: organisationId,
      ttlSeconds: SESSION_IDLE_SECONDS,
      client,
    });
    await repo.markMembershipUsed(trx, auth.userId, organisationId);
    return issue(deps, trx, sessionId, auth.userId, organisationId);
  });
}

/** The person's live sessions, in every organisation, the current one marked. */
export async function listSessions(
  deps: AccountsContext,
  auth: { userId: string; sessionId: string },
): Promise<AuthSession[]> {
  const rows = await repo.listLiveSessions(deps.db, auth.userId);
  return rows.map((r) => ({
    id: r.id,
    device: describeDevice(r.user_agent),
    ip_address: r.ip_address,
    organisation: { id: r.organisation_id, name: r.organisation_name },
    created_at: r.created_at.toISOString(),
    last_seen_at: r.last_refreshed_at.toISOString(),
    current: r.id === auth.sessionId,
  }));
}

/** Ends one of the person's sessions (the current one too: that is signing out); 404 for any other. */
export async function revokeSession(deps: AccountsContext, auth: { userId: string }, sessionId: string): Promise<void> {
  if (!(await repo.revokeOwnSession(deps.db, auth.userId, sessionId))) {
    throw new AppError('NOT_FOUND', 'Session not found: it has ended already, or it is not yours');
  }
}

/** Ends every session of the person's but this one; answers how many. */
export function revokeOtherSessions(
  deps: AccountsContext,
  auth: { userId: string; sessionId: string },
): Promise<number> {
  return repo.revokeUserSessions(deps.db, auth.userId, 'revoked_by_user', auth.sessionId);
}
