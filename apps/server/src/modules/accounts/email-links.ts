import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema';
import { AppError } from '../../lib/errors';
import { hashToken, newSecureToken } from '../../lib/secure-token';
import type { AccountsContext } from './context';
import { VERIFY_LINK_HOURS, verificationEmail } from './emails';
import * as repo from './repository';

/** A new single-use token for an emailed link; only its hash is stored. */
export async function newLinkToken(
  trx: Kysely<Database>,
  userId: string,
  purpose: 'verify_email' | 'reset_password',
  ttlSeconds: number,
): Promise<string> {
  const token = newSecureToken();
  await repo.insertEmailToken(trx, { user_id: userId, purpose, token_hash: hashToken(token), ttlSeconds });
  return token;
}

export async function sendVerification(
  deps: AccountsContext,
  trx: Kysely<Database>,
  user: { id: string; email: string },
) {
  const token = await newLinkToken(trx, user.id, 'verify_email', VERIFY_LINK_HOURS * 3600);
  await deps.mail.send(verificationEmail(user.email, deps.links.verify(token)), { db: trx });
}

/** Checks an emailed link and uses it up; throws the reason it cannot be used. */
export async function useLink(trx: Kysely<Database>, token: string, purpose: 'verify_email' | 'reset_password') {
  const found = await repo.findEmailToken(trx, hashToken(token), purpose);
  if (!found) throw new AppError('INVALID_LINK', 'This link is not valid. Check that you copied all of it.');
  if (found.used_at) throw new AppError('INVALID_LINK', 'This link has already been used.');
  if (found.is_expired) throw new AppError('LINK_EXPIRED', 'This link has expired. Ask for a new one.');
  if (!(await repo.useEmailTokens(trx, found.user_id, purpose, found.id))) {
    throw new AppError('INVALID_LINK', 'This link has already been used.');
  }
  return found;
}
