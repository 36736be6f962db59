import { AUTH_MESSAGES, TWO_FACTOR_CHALLENGE_ATTEMPTS, TWO_FACTOR_CHALLENGE_MINUTES } from '@giftrelay/contracts';
import type { Db } from '../../db/database';
import { AppError, unauthorized } from '../../lib/errors';
import { hashToken, newSecureToken } from '../../lib/secure-token';
import { recordAudit } from '../audit';
import { type AccountsContext, normalizeEmail } from './context';
import { type IssuedSession, startSession } from './issue-session';
import { verifyPassword } from './passwords';
import { RATE_LIMITS } from './rate-limits';
import * as repo from './repository';
import { wrongCode } from './security-service';
import * as twoFactorRepo from './two-factor-repository';

/** A correct password for an account with two-factor sign-in: the code comes next (grant_type=two_factor). */
export interface TwoFactorPending {
  twoFactorToken: string;
  expiresIn: number;
}

/**
 * A password sign-in refused because the address is unverified: the caller gave the right password,
 * so its browser gets the sign-up proof (routes.ts sets it as a cookie) and may verify with one click.
 */
export class EmailNotConfirmedError extends AppError {
  constructor(readonly signUpProof: string) {
    super('EMAIL_NOT_CONFIRMED', AUTH_MESSAGES.emailNotConfirmed);
  }
}

const invalidCredentials = () => new AppError('INVALID_CREDENTIALS', AUTH_MESSAGES.invalidCredentials);
const challengeEnded = () => unauthorized('This sign-in has expired or was used: enter your password again');

/** The owner of an existing account sees failed attempts on it in the audit log (decision 033). */
async function auditFailedSignIn(db: Db, userId: string, ip: string) {
  try {
    const membership = await repo.findPrimaryMembership(db, userId);
    if (!membership) return;
    await recordAudit(db, {
      organisationId: membership.organisation_id,
      action: 'auth.sign_in_failed',
      userId,
      detail: { ip },
    });
  } catch {
    // Best effort: the refusal itself has already been decided and must not wait or fail on this.
  }
}

export async function signIn(
  deps: AccountsContext,
  input: { email: string; password: string },
  ip: string,
  userAgent: string | null,
): Promise<IssuedSession | TwoFactorPending> {
  const email = normalizeEmail(input.email);
  // Every attempt counts against the address. Per account, counted first (exact under
  // concurrent attempts) and taken back when the password is right, so only failures count:
  // from this address, and from all addresses together, where an address the account signed
  // in from before is never shut out (decision 054).
  const accountFromAddress = `${email}\n${ip}`;
  await deps.rateLimits.consume(RATE_LIMITS.signInPerIp, ip);
  await deps.rateLimits.consume(RATE_LIMITS.signInPerAccount, accountFromAddress);
  const user = await repo.findUserByEmail(deps.db, email);
  try {
    await deps.rateLimits.consume(RATE_LIMITS.signInFailuresPerAccount, email);
  } catch (err) {
    if (!user || !(await repo.hasSignedInFrom(deps.db, user.id, ip))) throw err;
  }
  const ok = await verifyPassword(user?.password_hash, input.password, deps.passwordHashing);
  if (!user || !ok) {
    // Not awaited, so a wrong password takes as long whether or not the account exists.
    if (user) void auditFailedSignIn(deps.db, user.id, ip);
    throw invalidCredentials();
  }
  await deps.rateLimits.refund(RATE_LIMITS.signInPerAccount, accountFromAddress);
  await deps.rateLimits.refund(RATE_LIMITS.signInFailuresPerAccount, email);
  // Only someone who knows the password learns that the address is unverified.
  if (!user.email_verified_at) throw new EmailNotConfirmedError(deps.signUpProof(user));
  const membership = await repo.findPrimaryMembership(deps.db, user.id);
  if (!membership) throw invalidCredentials();
  if (await twoFactorRepo.hasTwoFactor(deps.db, user.id)) {
    const twoFactorToken = newSecureToken();
    const expiresIn = TWO_FACTOR_CHALLENGE_MINUTES * 60;
    await twoFactorRepo.insertChallenge(deps.db, user.id, hashToken(twoFactorToken), expiresIn);
    return { twoFactorToken, expiresIn };
  }
  return deps.db.transaction().execute(async (trx) => {
    const session = await startSession(deps, trx, user.id, membership.organisation_id, { ip, userAgent });
    await recordAudit(trx, {
      organisationId: membership.organisation_id,
      action: 'auth.signed_in',
      userId: user.id,
      detail: { ip, method: 'password' },
    });
    return session;
  });
}

/**
 * The second step of a sign-in: the token a correct password answered, and a code from the
 * authenticator (or a recovery code). A few wrong codes use the token up; every code tried
 * counts against the account's and the address's limits.
 */
export async function completeTwoFactorSignIn(
  deps: AccountsContext,
  input: { two_factor_token: string; code: string },
  ip: string,
  userAgent: string | null,
): Promise<IssuedSession> {
  await deps.rateLimits.consume(RATE_LIMITS.signInPerIp, ip);
  const tokenHash = hashToken(input.two_factor_token);
  const userId = await twoFactorRepo.challengeUser(deps.db, tokenHash);
  if (!userId) throw challengeEnded();
  await deps.security.limitCodes(userId, ip);
  const result = await deps.db.transaction().execute(async (trx) => {
    const challenge = await twoFactorRepo.lockChallenge(trx, tokenHash);
    if (
      !challenge ||
      challenge.used_at ||
      challenge.is_expired ||
      challenge.failed_attempts >= TWO_FACTOR_CHALLENGE_ATTEMPTS
    ) {
      return { error: challengeEnded() };
    }
    const method = await deps.security.acceptSecondFactor(trx, challenge.user_id, input.code);
    if (!method) {
      await twoFactorRepo.failChallenge(trx, challenge.id);
      return { error: wrongCode() };
    }
    await twoFactorRepo.useChallenge(trx, challenge.id);
    const membership = await repo.findPrimaryMembership(trx, challenge.user_id);
    if (!membership) return { error: invalidCredentials() };
    const session = await startSession(deps, trx, challenge.user_id, membership.organisation_id, { ip, userAgent });
    await recordAudit(trx, {
      organisationId: membership.organisation_id,
      action: 'auth.signed_in',
      userId: challenge.user_id,
      detail: { ip, method: method === 'totp' ? 'password+totp' : 'password+recovery_code' },
    });
    return { session };
  });
  // A wrong code's count must commit, so the error is thrown outside the transaction.
  if (result.error) throw result.error;
  return result.session;
}
