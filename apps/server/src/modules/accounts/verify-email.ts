import { AppError } from '../../lib/errors';
import type { AccountsContext } from './context';
import { useLink } from './email-links';
import { type IssuedSession, startSession } from './issue-session';
import { hashPassword, refuseWeakPassword } from './passwords';
import { RATE_LIMITS } from './rate-limits';
import * as repo from './repository';
import * as twoFactorRepo from './two-factor-repository';

/** Verifying a contested address: the person opening the link chooses the password. */
const passwordRequired = () =>
  new AppError('VALIDATION_ERROR', 'Choose your password to verify this address: whoever holds the inbox decides it.', [
    { path: 'body.password', message: 'Required: choose the password for this account' },
  ]);

/**
 * Verifies the address and signs the person in: the link proves they hold the mailbox, and
 * whoever holds it decides the password (decision 054). With `password`, that becomes the
 * account's password. Without it the sign-up's password stays only in a browser that proves it
 * signed up with that password (`signUpProofGiven`, its sign-up cookie), and never for an
 * address signed up more than once or named in OPERATOR_EMAILS. The first verification ends
 * every session and revokes every API key made before it.
 */
export async function verifyEmail(
  deps: AccountsContext,
  input: { token: string; password?: string | undefined },
  ip: string,
  userAgent: string | null,
  signUpProofGiven?: string,
): Promise<{ email: string; session: IssuedSession }> {
  await deps.rateLimits.consume(RATE_LIMITS.linkPerIp, ip);
  const passwordHash =
    input.password === undefined ? undefined : await hashPassword(input.password, deps.passwordHashing);
  return deps.db.transaction().execute(async (trx) => {
    const found = await useLink(trx, input.token, 'verify_email');
    // The link signs in: never past a second factor (an old link, left unused because a reset
    // link verified the address first, must not skip the code).
    if (await twoFactorRepo.hasTwoFactor(trx, found.user_id)) {
      throw new AppError('INVALID_LINK', 'This address is verified already: sign in with your password and code.');
    }
    const user = await repo.findUserById(trx, found.user_id);
    if (!user) throw new AppError('INVALID_LINK', 'This link is not valid. Check that you copied all of it.');
    if (input.password !== undefined && passwordHash !== undefined) {
      await refuseWeakPassword(input.password, user.email);
      await repo.updatePassword(trx, user.id, passwordHash);
      await repo.revokeUserSessions(trx, user.id, 'password_changed');
    } else if (
      !user.email_verified_at &&
      (user.signed_up_again_at ||
        deps.operatorEmails.includes(user.email.toLowerCase()) ||
        !deps.provesSignUp(signUpProofGiven, user))
    ) {
      // A link opened anywhere but the browser that signed up may be the owner's inbox answering
      // a stranger's sign-up: whoever opens it chooses the password. An operator's address is
      // worth signing up before its owner does: its owner always chooses. Thrown inside the
      // transaction: the link stays unused, to be opened again with a password.
      throw passwordRequired();
    }
    if (!user.email_verified_at) await repo.dropWhatCameBeforeVerification(trx, user.id);
    await repo.markEmailVerified(trx, found.user_id, { firstOperator: deps.firstVerifiedIsOperator });
    const membership = await repo.findPrimaryMembership(trx, found.user_id);
    if (!membership) throw new AppError('INVALID_LINK', 'This link is not valid. Check that you copied all of it.');
    const session = await startSession(deps, trx, found.user_id, membership.organisation_id, { ip, userAgent });
    return { email: session.user.email, session };
  });
}
