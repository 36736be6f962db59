import { randomBytes } from 'node:crypto';
import type { PlanId } from '@giftrelay/contracts';
import { type AccountsContext, normalizeEmail } from './context';
import { sendVerification } from './email-links';
import { alreadyRegisteredEmail } from './emails';
import { organisationNameFor } from './organisation-name';
import { hashPassword, refuseWeakPassword } from './passwords';
import { RATE_LIMITS } from './rate-limits';
import * as repo from './repository';

/** What a sign-up for an address that already has an account answers: the same shape, proving nothing. */
const decoyProof = () => randomBytes(32).toString('base64url');

function isUniqueViolation(err: unknown): boolean {
  return (err as { code?: string }).code === '23505';
}

/**
 * An existing address signing up again: a reminder if verified. If not, a new link, and the
 * address is contested: whoever verifies it must choose the password there (decision 054), so
 * neither this sign-up's password nor an earlier one's is kept unless the owner types it.
 */
async function notifyExisting(
  deps: AccountsContext,
  user: { id: string; email: string; email_verified_at: Date | null },
) {
  if (user.email_verified_at) {
    await deps.mail.send(alreadyRegisteredEmail(user.email, deps.links.signIn, deps.links.forgot));
  } else {
    await deps.db.transaction().execute(async (trx) => {
      await repo.markSignedUpAgain(trx, user.id);
      await sendVerification(deps, trx, user);
    });
  }
}

/**
 * The same answer whether or not the address has an account; the email says which. Answers the
 * sign-up browser proof: for a new account its own, otherwise a decoy of the same shape.
 */
export async function signUp(
  deps: AccountsContext,
  input: { email: string; password: string; plan?: PlanId },
  ip: string,
): Promise<string> {
  const email = normalizeEmail(input.email);
  await deps.rateLimits.consume(RATE_LIMITS.signUpPerIp, ip);
  await deps.rateLimits.consume(RATE_LIMITS.signUpPerAccount, email);
  await refuseWeakPassword(input.password, email);
  // Hashed before knowing whether the account exists, so both paths take as long.
  const passwordHash = await hashPassword(input.password, deps.passwordHashing);

  const existing = await repo.findUserByEmail(deps.db, email);
  if (existing) {
    await notifyExisting(deps, existing);
    return decoyProof();
  }
  try {
    return await deps.db.transaction().execute(async (trx) => {
      const user = await repo.insertUser(trx, { email, password_hash: passwordHash });
      const organisation = await repo.insertOrganisation(trx, {
        name: organisationNameFor(email),
        plan: input.plan ?? 'starter',
      });
      await repo.insertMembership(trx, { user_id: user.id, organisation_id: organisation.id, role: 'owner' });
      for (const hook of deps.organisationCreatedHooks) await hook(trx, organisation);
      await sendVerification(deps, trx, user);
      return deps.signUpProof({ id: user.id, password_hash: passwordHash });
    });
  } catch (err) {
    // Two sign-ups with one address at once: the second is "already registered".
    if (!isUniqueViolation(err)) throw err;
    const winner = await repo.findUserByEmail(deps.db, email);
    if (winner) await notifyExisting(deps, winner);
    return decoyProof();
  }
}

export async function resendVerification(deps: AccountsContext, rawEmail: string, ip: string): Promise<void> {
  const email = normalizeEmail(rawEmail);
  await deps.rateLimits.consume(RATE_LIMITS.resendPerIp, ip);
  await deps.rateLimits.consume(RATE_LIMITS.resendPerAccount, email);
  const user = await repo.findUserByEmail(deps.db, email);
  if (user && !user.email_verified_at) await deps.db.transaction().execute((trx) => sendVerification(deps, trx, user));
}
