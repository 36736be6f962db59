import { type AccountsContext, normalizeEmail } from './context';
import { newLinkToken, useLink } from './email-links';
import { passwordChangedEmail, RESET_LINK_MINUTES, resetPasswordEmail } from './emails';
import { hashPassword, refuseWeakPassword, verifyPassword } from './passwords';
import { RATE_LIMITS } from './rate-limits';
import * as repo from './repository';
import { wrongPassword } from './security-service';

export async function requestPasswordReset(deps: AccountsContext, rawEmail: string, ip: string): Promise<void> {
  const email = normalizeEmail(rawEmail);
  await deps.rateLimits.consume(RATE_LIMITS.recoverPerIp, ip);
  await deps.rateLimits.consume(RATE_LIMITS.recoverPerAccount, email);
  const user = await repo.findUserByEmail(deps.db, email);
  if (!user) return;
  await deps.db.transaction().execute(async (trx) => {
    const token = await newLinkToken(trx, user.id, 'reset_password', RESET_LINK_MINUTES * 60);
    await deps.mail.send(resetPasswordEmail(user.email, deps.links.reset(token)), { db: trx });
  });
}

/** Sets a new password from a reset link and ends every session of the account. */
export async function resetPassword(
  deps: AccountsContext,
  input: { token: string; password: string },
  ip: string,
): Promise<void> {
  await deps.rateLimits.consume(RATE_LIMITS.linkPerIp, ip);
  const passwordHash = await hashPassword(input.password, deps.passwordHashing);
  await deps.db.transaction().execute(async (trx) => {
    const found = await useLink(trx, input.token, 'reset_password');
    const before = await repo.findUserById(trx, found.user_id);
    await refuseWeakPassword(input.password, before?.email);
    await repo.updatePassword(trx, found.user_id, passwordHash);
    // The link arrived by email: that proves the address too, and the password was chosen by
    // whoever holds it, so nothing made before stays (decision 054).
    if (before && !before.email_verified_at) await repo.dropWhatCameBeforeVerification(trx, found.user_id);
    await repo.markEmailVerified(trx, found.user_id, { firstOperator: deps.firstVerifiedIsOperator });
    await repo.revokeUserSessions(trx, found.user_id, 'password_changed');
    const user = await repo.findUserById(trx, found.user_id);
    if (user) await deps.mail.send(passwordChangedEmail(user.email, deps.links.forgot), { db: trx });
  });
}

/** Changes the password of a signed-in user and ends their other sessions. */
export async function changePassword(
  deps: AccountsContext,
  auth: { userId: string; email: string; sessionId: string },
  input: { current_password: string; password: string },
): Promise<void> {
  await deps.rateLimits.consume(RATE_LIMITS.signInPerAccount, auth.email);
  const user = await repo.findUserById(deps.db, auth.userId);
  if (!user || !(await verifyPassword(user.password_hash, input.current_password, deps.passwordHashing))) {
    throw wrongPassword();
  }
  await refuseWeakPassword(input.password, user.email);
  const passwordHash = await hashPassword(input.password, deps.passwordHashing);
  await deps.db.transaction().execute(async (trx) => {
    await repo.updatePassword(trx, user.id, passwordHash);
    await repo.revokeUserSessions(trx, user.id, 'password_changed', auth.sessionId);
    await deps.mail.send(passwordChangedEmail(user.email, deps.links.forgot), { db: trx });
  });
}
