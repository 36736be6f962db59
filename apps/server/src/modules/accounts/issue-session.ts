import type { Organisation, User } from '@giftrelay/contracts';
import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema';
import { unauthorized } from '../../lib/errors';
import { hashToken, newSecureToken } from '../../lib/secure-token';
import type { AccountsContext } from './context';
import * as repo from './repository';

/** A session ends after this long without a refresh. */
export const SESSION_IDLE_SECONDS = 30 * 24 * 3600;

export interface IssuedSession {
  accessToken: string;
  expiresAt: number;
  expiresIn: number;
  refreshToken: string;
  user: User;
  /** This sign-in is the user's first (a refresh never is). */
  firstSignIn: boolean;
}

export async function userView(executor: Kysely<Database>, userId: string, organisationId: string): Promise<User> {
  const v = await repo.findUserView(executor, userId, organisationId);
  if (!v) throw unauthorized('Session has ended');
  const organisation: Organisation = {
    id: v.organisation_id,
    name: v.organisation_name,
    sandbox: v.organisation_sandbox,
    billing_currency: v.organisation_billing_currency,
    plan: v.organisation_plan,
    created_at: v.organisation_created_at.toISOString(),
  };
  return {
    id: v.id,
    email: v.email,
    name: v.name,
    email_confirmed_at: v.email_verified_at?.toISOString() ?? null,
    created_at: v.created_at.toISOString(),
    role: v.role,
    organisation,
  };
}

/** A new refresh token and access token for the session, with the user they are for. */
export async function issue(
  deps: AccountsContext,
  trx: Kysely<Database>,
  sessionId: string,
  userId: string,
  organisationId: string,
  generation = 1,
  firstSignIn = false,
): Promise<IssuedSession> {
  const refreshToken = newSecureToken();
  await repo.insertRefreshToken(trx, sessionId, hashToken(refreshToken), generation);
  const access = await deps.accessTokens.sign({ userId, sessionId, organisationId });
  return {
    accessToken: access.token,
    expiresAt: access.expiresAt,
    expiresIn: deps.accessTokens.ttlSeconds,
    refreshToken,
    user: await userView(trx, userId, organisationId),
    firstSignIn,
  };
}

/** A new session for a user who proved who they are (a password, or an emailed link). */
export async function startSession(
  deps: AccountsContext,
  trx: Kysely<Database>,
  userId: string,
  organisationId: string,
  client: repo.SessionClient,
) {
  const sessionId = await repo.insertSession(trx, {
    user_id: userId,
    organisation_id: organisationId,
    ttlSeconds: SESSION_IDLE_SECONDS,
    client,
  });
  const first = await repo.markSignedIn(trx, userId);
  await repo.markMembershipUsed(trx, userId, organisationId);
  return issue(deps, trx, sessionId, userId, organisationId, 1, first);
}
