import {
  EMAIL_CHANGE_LINK_HOURS,
  isTotpCode,
  SECURITY_MESSAGES,
  type TwoFactorSetup,
  type TwoFactorStatus,
} from '@giftrelay/contracts';
import type { Kysely } from 'kysely';
import type { Db } from '../../db/database';
import type { Database } from '../../db/schema';
import { decryptSecret, encryptSecret, type KeyRing } from '../../lib/crypto';
import { AppError } from '../../lib/errors';
import { hashToken, newSecureToken } from '../../lib/secure-token';
import type { Mail } from '../../plugins/mail';
import type { RateLimitRule, RateLimits } from '../../plugins/rate-limits';
import { recordAudit } from '../audit';
import { addressTakenEmail, confirmNewEmailEmail, emailChangeNoticeEmail, twoFactorChangedEmail } from './emails';
import { type PasswordHashing, verifyPassword } from './passwords';
import * as repo from './repository';
import { acceptedStep, hashRecoveryCode, newRecoveryCodes, newTotpSecret, otpauthUri, qrCodeSvg } from './totp';
import * as twoFactorRepo from './two-factor-repository';

/**
 * Two-factor sign-in and changing one's address (issue 15, decision 037). Every change here asks
 * for the current password again (a session left open on a shared computer cannot lock its owner
 * out), is rate-limited per account, audited in the organisation signed in to, and told to the
 * person by email.
 */

export const SECURITY_RATE_LIMITS = {
  /** Codes tried, at sign-in and in Settings: a 6-digit code must not be guessable by trying. */
  codesPerAccount: { name: 'two-factor:account', limit: 10, windowSeconds: 900 },
  codesPerIp: { name: 'two-factor:ip', limit: 50, windowSeconds: 900 },
  /** Passwords re-entered in Settings, and links asked for. */
  changesPerAccount: { name: 'security:account', limit: 10, windowSeconds: 900 },
} satisfies Record<string, RateLimitRule>;

export interface SecurityDeps {
  db: Db;
  mail: Mail;
  rateLimits: RateLimits;
  secretKey: KeyRing;
  passwordHashing: PasswordHashing;
  publicUrl: string;
  /**
   * OPERATOR_EMAILS, lower case. An account cannot move to one of these addresses: confirming
   * the change needs no sign-in, so its owner opening an unsolicited link would hand an operator's
   * address, and the role, to whoever asked (decision 054). The owner signs up with it instead.
   */
  operatorEmails: readonly string[];
}

export interface SignedInPerson {
  userId: string;
  organisationId: string;
  email: string;
  /** The session making the change: turning two-factor on or changing the address ends the others. */
  sessionId: string;
}

export const wrongCode = (path = 'body.code') =>
  new AppError('INVALID_CODE', SECURITY_MESSAGES.wrongCode, [{ path, message: 'is not correct' }]);
const addressTaken = () =>
  new AppError('CONFLICT', 'That address now belongs to another account: ask for a change to another one');
export const wrongPassword = () =>
  new AppError('INVALID_CREDENTIALS', 'The current password is not correct', [
    { path: 'body.current_password', message: 'is not correct' },
  ]);

const operatorAddress = () =>
  new AppError('VALIDATION_ERROR', 'email: this address is kept for an operator account: sign up with it instead', [
    { path: 'body.email', message: 'is kept for an operator account: sign up with it instead' },
  ]);

export function createSecurityService(deps: SecurityDeps) {
  const { db, mail, rateLimits } = deps;
  const forgotLink = `${deps.publicUrl}/forgot-password`;

  async function requirePassword(person: SignedInPerson, password: string) {
    await rateLimits.consume(SECURITY_RATE_LIMITS.changesPerAccount, person.userId);
    const user = await repo.findUserById(db, person.userId);
    if (!user || !(await verifyPassword(user.password_hash, password, deps.passwordHashing))) throw wrongPassword();
    return user;
  }

  /**
   * Whether `code` is the person's second factor now: a TOTP code newer than the last accepted,
   * or an unused recovery code (used up here). Records what it accepts, in the caller's
   * transaction, so a code is accepted once even when two requests carry it at the same moment.
   */
  async function acceptSecondFactor(
    trx: Kysely<Database>,
    userId: string,
    code: string,
  ): Promise<'totp' | 'recovery_code' | null> {
    const factor = await twoFactorRepo.findTwoFactor(trx, userId);
    if (!factor?.enabled_at) return null;
    if (isTotpCode(code)) {
      const step = await acceptedStep(decryptSecret(deps.secretKey, factor.secret), code, factor.last_used_step);
      return step !== null && (await twoFactorRepo.useTotpStep(trx, userId, step)) ? 'totp' : null;
    }
    return (await twoFactorRepo.useRecoveryCode(trx, userId, hashRecoveryCode(code))) ? 'recovery_code' : null;
  }

  async function limitCodes(userId: string, ip: string | null) {
    if (ip) await rateLimits.consume(SECURITY_RATE_LIMITS.codesPerIp, ip);
    await rateLimits.consume(SECURITY_RATE_LIMITS.codesPerAccount, userId);
  }

  async function newCodes(trx: Kysely<Database>, userId: string): Promise<string[]> {
    const codes = newRecoveryCodes();
    await twoFactorRepo.replaceRecoveryCodes(trx, userId, codes.map(hashRecoveryCode));
    return codes;
  }

  return {
    acceptSecondFactor,
    limitCodes,

    async status(person: SignedInPerson): Promise<TwoFactorStatus> {
      const [factor, left, requiredBy] = await Promise.all([
        twoFactorRepo.findTwoFactor(db, person.userId),
        twoFactorRepo.countRecoveryCodesLeft(db, person.userId),
        twoFactorRepo.organisationsRequiringIt(db, person.userId),
      ]);
      return {
        enabled: Boolean(factor?.enabled_at),
        enabled_at: factor?.enabled_at?.toISOString() ?? null,
        recovery_codes_left: factor?.enabled_at ? left : 0,
        required_by: requiredBy,
      };
    },

    /** A new secret to scan; it does nothing until a code from it is entered (`enable`). */
    async setUp(person: SignedInPerson, currentPassword: string): Promise<TwoFactorSetup> {
      const user = await requirePassword(person, currentPassword);
      const secret = await newTotpSecret();
      if (!(await twoFactorRepo.savePendingSecret(db, person.userId, encryptSecret(deps.secretKey, secret)))) {
        throw new AppError('CONFLICT', 'Two-factor sign-in is already on: turn it off first to use another app');
      }
      const uri = await otpauthUri(secret, user.email);
      return { success: true, secret, otpauth_uri: uri, qr_svg: await qrCodeSvg(uri) };
    },

    /**
     * The first correct code turns it on; answers the recovery codes, shown this once. Every other
     * session of the person ends, like a password change (decision 054): a session opened with
     * the password alone does not outlive the second factor.
     */
    async enable(person: SignedInPerson, code: string, ip: string): Promise<string[]> {
      await limitCodes(person.userId, ip);
      return db.transaction().execute(async (trx) => {
        const factor = await twoFactorRepo.findTwoFactor(trx, person.userId);
        if (!factor) throw new AppError('CONFLICT', 'Start the set-up first: scan a new code');
        if (factor.enabled_at) throw new AppError('CONFLICT', 'Two-factor sign-in is already on');
        const step = await acceptedStep(decryptSecret(deps.secretKey, factor.secret), code, null);
        if (step === null || !(await twoFactorRepo.enableTwoFactor(trx, person.userId, step))) throw wrongCode();
        const codes = await newCodes(trx, person.userId);
        await repo.revokeUserSessions(trx, person.userId, 'revoked_by_user', person.sessionId);
        await recordAudit(trx, {
          organisationId: person.organisationId,
          action: 'auth.two_factor_enabled',
          userId: person.userId,
          detail: {},
        });
        await mail.send(twoFactorChangedEmail(person.email, true, forgotLink), { db: trx });
        return codes;
      });
    },

    /** New recovery codes in place of the old ones, for a code from the app. */
    async regenerateRecoveryCodes(person: SignedInPerson, code: string, ip: string): Promise<string[]> {
      await limitCodes(person.userId, ip);
      return db.transaction().execute(async (trx) => {
        if ((await acceptSecondFactor(trx, person.userId, code)) !== 'totp') throw wrongCode();
        const codes = await newCodes(trx, person.userId);
        await recordAudit(trx, {
          organisationId: person.organisationId,
          action: 'auth.recovery_codes_regenerated',
          userId: person.userId,
          detail: {},
        });
        return codes;
      });
    },

    /**
     * Turns it off, for the password and a code (or a recovery code). Refused while an
     * organisation the person owns requires it.
     */
    async disable(person: SignedInPerson, input: { current_password: string; code: string }, ip: string) {
      await requirePassword(person, input.current_password);
      await limitCodes(person.userId, ip);
      const requiredBy = await twoFactorRepo.organisationsRequiringIt(db, person.userId);
      if (requiredBy.length > 0) {
        throw new AppError(
          'CONFLICT',
          `${requiredBy.map((o) => o.name).join(', ')} requires two-factor sign-in of its owners: it cannot be turned off while you are an owner there`,
        );
      }
      await db.transaction().execute(async (trx) => {
        if (!(await acceptSecondFactor(trx, person.userId, input.code))) throw wrongCode();
        await twoFactorRepo.deleteTwoFactor(trx, person.userId);
        await recordAudit(trx, {
          organisationId: person.organisationId,
          action: 'auth.two_factor_disabled',
          userId: person.userId,
          detail: {},
        });
        await mail.send(twoFactorChangedEmail(person.email, false, forgotLink), { db: trx });
      });
    },

    /**
     * Sends a link to the new address; the address changes when it is opened. The answer is the
     * same whether or not the new address has an account (its owner is told by email instead), so
     * this cannot be used to learn who has one.
     */
    async requestEmailChange(person: SignedInPerson, input: { email: string; current_password: string }) {
      const user = await requirePassword(person, input.current_password);
      const email = input.email.trim().toLowerCase();
      if (deps.operatorEmails.includes(email)) throw operatorAddress();
      if (email === user.email) {
        throw new AppError('VALIDATION_ERROR', 'email: this is already your address', [
          { path: 'body.email', message: 'is already your address' },
        ]);
      }
      await db.transaction().execute(async (trx) => {
        if (await repo.findUserByEmail(trx, email)) {
          await mail.send(addressTakenEmail(email), { db: trx });
          return;
        }
        const token = newSecureToken();
        await repo.insertEmailToken(trx, {
          user_id: person.userId,
          purpose: 'change_email',
          token_hash: hashToken(token),
          ttlSeconds: EMAIL_CHANGE_LINK_HOURS * 3600,
          new_email: email,
          session_id: person.sessionId,
        });
        await mail.send(confirmNewEmailEmail(email, `${deps.publicUrl}/confirm-email/${token}`), { db: trx });
        await mail.send(emailChangeNoticeEmail(user.email, email, false, forgotLink), { db: trx });
      });
      return email;
    },

    /**
     * Opens the link: the account's address becomes the new one (verified, since the link proved
     * it). No sign-in is needed: the link is the proof. The session that asked for the change
     * stays; every other one ends, like a password change (decision 054). The old address is told.
     */
    async confirmEmailChange(token: string, ip: string, linkRule: RateLimitRule): Promise<string> {
      await rateLimits.consume(linkRule, ip);
      const changed = await db
        .transaction()
        .execute(async (trx) => {
          const found = await repo.findEmailToken(trx, hashToken(token), 'change_email');
          if (!found?.new_email)
            throw new AppError('INVALID_LINK', 'This link is not valid. Check that you copied all of it.');
          if (found.used_at) throw new AppError('INVALID_LINK', 'This link has already been used.');
          if (found.is_expired) throw new AppError('LINK_EXPIRED', 'This link has expired. Ask for a new one.');
          if (!(await repo.useEmailTokens(trx, found.user_id, 'change_email', found.id))) {
            throw new AppError('INVALID_LINK', 'This link has already been used.');
          }
          const before = await repo.findUserById(trx, found.user_id);
          if (!before) throw new AppError('INVALID_LINK', 'This link is not valid. Check that you copied all of it.');
          // Asked before the address was named an operator's: refused all the same.
          if (deps.operatorEmails.includes(found.new_email.toLowerCase())) throw operatorAddress();
          if (!(await repo.changeEmail(trx, found.user_id, found.new_email))) throw addressTaken();
          await repo.revokeUserSessions(trx, found.user_id, 'revoked_by_user', found.session_id ?? undefined);
          const membership = await repo.findPrimaryMembership(trx, found.user_id);
          if (membership) {
            await recordAudit(trx, {
              organisationId: membership.organisation_id,
              action: 'auth.email_changed',
              userId: found.user_id,
              detail: { from: before.email, to: found.new_email },
            });
          }
          await mail.send(emailChangeNoticeEmail(before.email, found.new_email, true, forgotLink), { db: trx });
          return found.new_email;
        })
        .catch((err: unknown) => {
          // Another account took the address between the check and the update.
          if ((err as { code?: string }).code === '23505') throw addressTaken();
          throw err;
        });
      return changed;
    },
  };
}

export type SecurityService = ReturnType<typeof createSecurityService>;
