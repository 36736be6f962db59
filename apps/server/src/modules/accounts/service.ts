import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import {
  AUTH_MESSAGES,
  type AuthSession,
  type MyOrganisation,
  type Organisation,
  type PlanId,
  TWO_FACTOR_CHALLENGE_ATTEMPTS,
  TWO_FACTOR_CHALLENGE_MINUTES,
  type User,
} from '@giftrelay/contracts';
import type { Kysely } from 'kysely';
import type { Db } from '../../db/database';
import type { Database } from '../../db/schema';
import { deriveKey } from '../../lib/crypto';
import { AppError, unauthorized } from '../../lib/errors';
import { hashToken, newSecureToken } from '../../lib/secure-token';
import type { AccessTokens } from '../../plugins/auth';
import type { Mail } from '../../plugins/mail';
import type { RateLimitRule, RateLimits } from '../../plugins/rate-limits';
import { recordAudit } from '../audit';
import { describeDevice } from './device';
import {
  alreadyRegisteredEmail,
  passwordChangedEmail,
  RESET_LINK_MINUTES,
  resetPasswordEmail,
  VERIFY_LINK_HOURS,
  verificationEmail,
} from './emails';
import { organisationNameFor } from './organisation-name';
import { hashPassword, type PasswordHashing, refuseWeakPassword, verifyPassword } from './passwords';
import * as repo from './repository';
import { type SecurityService, wrongCode, wrongPassword } from './security-service';
import * as twoFactorRepo from './two-factor-repository';

/** A new organisation as the hooks see it. */
export interface CreatedOrganisation {
  id: string;
  name: string;
  sandbox: boolean;
  billing_currency: string;
  created_at: Date;
}

/**
 * Runs inside the sign-up transaction, after the organisation and its owner exist: what it writes
 * commits or rolls back with them. Throwing fails the sign-up.
 */
export type OrganisationCreatedHook = (trx: Kysely<Database>, organisation: CreatedOrganisation) => Promise<void>;

/** Per address (IP) and per account (email), as the issue asks; RATE_LIMIT_FACTOR multiplies them. */
export const RATE_LIMITS = {
  /** Failed sign-ins from one address, whatever the accounts (a successful one is not counted). */
  signInPerIp: { name: 'sign-in:ip', limit: 50, windowSeconds: 900 },
  /**
   * Failed sign-ins to one account from one address (decision 054): an attacker elsewhere cannot
   * lock the owner out. Also the budget of current-password checks when changing the password.
   */
  signInPerAccount: { name: 'sign-in:account-address', limit: 10, windowSeconds: 900 },
  /**
   * Failed sign-ins to one account from every address together: a ceiling on guessing from many
   * addresses. Past it, only an address the account has signed in from before may still try, so
   * the owner is not locked out by strangers.
   */
  signInFailuresPerAccount: { name: 'sign-in:account', limit: 100, windowSeconds: 3600 },
  signUpPerIp: { name: 'sign-up:ip', limit: 20, windowSeconds: 3600 },
  signUpPerAccount: { name: 'sign-up:account', limit: 5, windowSeconds: 3600 },
  resendPerIp: { name: 'resend:ip', limit: 20, windowSeconds: 3600 },
  resendPerAccount: { name: 'resend:account', limit: 3, windowSeconds: 900 },
  recoverPerIp: { name: 'recover:ip', limit: 20, windowSeconds: 3600 },
  recoverPerAccount: { name: 'recover:account', limit: 5, windowSeconds: 3600 },
  linkPerIp: { name: 'link:ip', limit: 30, windowSeconds: 900 },
} satisfies Record<string, RateLimitRule>;

/** A session ends after this long without a refresh. */
export const SESSION_IDLE_SECONDS = 30 * 24 * 3600;
/** A refresh token used again within this many seconds (two tabs refreshing at once) is not theft. */
export const REFRESH_REUSE_GRACE_SECONDS = 10;
/**
 * A used refresh token presented again within this many seconds, while the token issued for it has
 * never been presented, is a lost answer rather than theft: a reload or a dropped connection cut
 * the response off before the browser stored the new cookie, perhaps several times in a row.
 */
export const REFRESH_LOST_ANSWER_SECONDS = 120;

export interface IssuedSession {
  accessToken: string;
  expiresAt: number;
  expiresIn: number;
  refreshToken: string;
  user: User;
  /** This sign-in is the user's first (a refresh never is). */
  firstSignIn: boolean;
}

/** A correct password for an account with two-factor sign-in: the code comes next (grant_type=two_factor). */
export interface TwoFactorPending {
  twoFactorToken: string;
  expiresIn: number;
}

export interface AccountsDeps {
  db: Db;
  mail: Mail;
  rateLimits: RateLimits;
  accessTokens: AccessTokens;
  publicUrl: string;
  /** argon2id's cost for new hashes (config.passwordHashing). */
  passwordHashing: PasswordHashing;
  organisationCreatedHooks: readonly OrganisationCreatedHook[];
  security: SecurityService;
  /** OPERATOR_EMAILS, lower case: verifying one of these always needs a chosen password (decision 054). */
  operatorEmails: readonly string[];
  /** The first verified account becomes the instance's operator (config.operatorBootstrap, decision 056). */
  firstVerifiedIsOperator: boolean;
  /** The instance's key, from which the sign-up browser proof's own key is derived (decision 054). */
  instanceKey: Buffer;
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

const normalizeEmail = (email: string) => email.trim().toLowerCase();

const invalidCredentials = () => new AppError('INVALID_CREDENTIALS', AUTH_MESSAGES.invalidCredentials);
/** Verifying a contested address: the person opening the link chooses the password. */
const passwordRequired = () =>
  new AppError('VALIDATION_ERROR', 'Choose your password to verify this address: whoever holds the inbox decides it.', [
    { path: 'body.password', message: 'Required: choose the password for this account' },
  ]);
const challengeEnded = () => unauthorized('This sign-in has expired or was used: enter your password again');

function isUniqueViolation(err: unknown): boolean {
  return (err as { code?: string }).code === '23505';
}

export function createAccountsService(deps: AccountsDeps) {
  // Sign-up browser proof (decision 054): a MAC of the account and its current password hash, held
  // by the browser that signed up (or gave the password since). Verifying without choosing a
  // password needs it, so an owner opening a link that a stranger's sign-up sent chooses the
  // password; a new password (reset, or chosen at verification) makes every earlier proof useless.
  const proofKey = deriveKey(deps.instanceKey, 'giftrelay sign-up browser v1');
  const signUpProof = (user: { id: string; password_hash: string }) =>
    createHmac('sha256', proofKey).update(user.id).update('\0').update(user.password_hash).digest('base64url');
  const provesSignUp = (proof: string | undefined, user: { id: string; password_hash: string }) => {
    if (!proof) return false;
    const given = Buffer.from(proof, 'base64url');
    const expected = Buffer.from(signUpProof(user), 'base64url');
    return given.length === expected.length && timingSafeEqual(given, expected);
  };
  /** What a sign-up for an address that already has an account answers: the same shape, proving nothing. */
  const decoyProof = () => randomBytes(32).toString('base64url');

  const { db, mail, rateLimits } = deps;
  const links = {
    verify: (token: string) => `${deps.publicUrl}/verify/${token}`,
    reset: (token: string) => `${deps.publicUrl}/reset-password/${token}`,
    signIn: `${deps.publicUrl}/login`,
    forgot: `${deps.publicUrl}/forgot-password`,
  };

  /** A new single-use token for an emailed link; only its hash is stored. */
  async function newLinkToken(
    trx: Kysely<Database>,
    userId: string,
    purpose: 'verify_email' | 'reset_password',
    ttlSeconds: number,
  ): Promise<string> {
    const token = newSecureToken();
    await repo.insertEmailToken(trx, { user_id: userId, purpose, token_hash: hashToken(token), ttlSeconds });
    return token;
  }

  async function sendVerification(trx: Kysely<Database>, user: { id: string; email: string }) {
    const token = await newLinkToken(trx, user.id, 'verify_email', VERIFY_LINK_HOURS * 3600);
    await mail.send(verificationEmail(user.email, links.verify(token)), { db: trx });
  }

  /**
   * An existing address signing up again: a reminder if verified. If not, a new link, and the
   * address is contested: whoever verifies it must choose the password there (decision 054), so
   * neither this sign-up's password nor an earlier one's is kept unless the owner types it.
   */
  async function notifyExisting(user: { id: string; email: string; email_verified_at: Date | null }) {
    if (user.email_verified_at) {
      await mail.send(alreadyRegisteredEmail(user.email, links.signIn, links.forgot));
    } else {
      await db.transaction().execute(async (trx) => {
        await repo.markSignedUpAgain(trx, user.id);
        await sendVerification(trx, user);
      });
    }
  }

  async function userView(executor: Kysely<Database>, userId: string, organisationId: string): Promise<User> {
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

  async function issue(
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

  /** The owner of an existing account sees failed attempts on it in the audit log (decision 033). */
  async function auditFailedSignIn(userId: string, ip: string) {
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

  /** A new session for a user who proved who they are (a password, or an emailed link). */
  async function startSession(
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
    return issue(trx, sessionId, userId, organisationId, 1, first);
  }

  return {
    /**
     * The same answer whether or not the address has an account; the email says which. Answers the
     * sign-up browser proof: for a new account its own, otherwise a decoy of the same shape.
     */
    async signUp(input: { email: string; password: string; plan?: PlanId }, ip: string): Promise<string> {
      const email = normalizeEmail(input.email);
      await rateLimits.consume(RATE_LIMITS.signUpPerIp, ip);
      await rateLimits.consume(RATE_LIMITS.signUpPerAccount, email);
      await refuseWeakPassword(input.password, email);
      // Hashed before knowing whether the account exists, so both paths take as long.
      const passwordHash = await hashPassword(input.password, deps.passwordHashing);

      const existing = await repo.findUserByEmail(db, email);
      if (existing) {
        await notifyExisting(existing);
        return decoyProof();
      }
      try {
        return await db.transaction().execute(async (trx) => {
          const user = await repo.insertUser(trx, { email, password_hash: passwordHash });
          const organisation = await repo.insertOrganisation(trx, {
            name: organisationNameFor(email),
            plan: input.plan ?? 'starter',
          });
          await repo.insertMembership(trx, { user_id: user.id, organisation_id: organisation.id, role: 'owner' });
          for (const hook of deps.organisationCreatedHooks) await hook(trx, organisation);
          await sendVerification(trx, user);
          return signUpProof({ id: user.id, password_hash: passwordHash });
        });
      } catch (err) {
        // Two sign-ups with one address at once: the second is "already registered".
        if (!isUniqueViolation(err)) throw err;
        const winner = await repo.findUserByEmail(db, email);
        if (winner) await notifyExisting(winner);
        return decoyProof();
      }
    },

    async signIn(
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
      await rateLimits.consume(RATE_LIMITS.signInPerIp, ip);
      await rateLimits.consume(RATE_LIMITS.signInPerAccount, accountFromAddress);
      const user = await repo.findUserByEmail(db, email);
      try {
        await rateLimits.consume(RATE_LIMITS.signInFailuresPerAccount, email);
      } catch (err) {
        if (!user || !(await repo.hasSignedInFrom(db, user.id, ip))) throw err;
      }
      const ok = await verifyPassword(user?.password_hash, input.password, deps.passwordHashing);
      if (!user || !ok) {
        // Not awaited, so a wrong password takes as long whether or not the account exists.
        if (user) void auditFailedSignIn(user.id, ip);
        throw invalidCredentials();
      }
      await rateLimits.refund(RATE_LIMITS.signInPerAccount, accountFromAddress);
      await rateLimits.refund(RATE_LIMITS.signInFailuresPerAccount, email);
      // Only someone who knows the password learns that the address is unverified.
      if (!user.email_verified_at) throw new EmailNotConfirmedError(signUpProof(user));
      const membership = await repo.findPrimaryMembership(db, user.id);
      if (!membership) throw invalidCredentials();
      if (await twoFactorRepo.hasTwoFactor(db, user.id)) {
        const twoFactorToken = newSecureToken();
        const expiresIn = TWO_FACTOR_CHALLENGE_MINUTES * 60;
        await twoFactorRepo.insertChallenge(db, user.id, hashToken(twoFactorToken), expiresIn);
        return { twoFactorToken, expiresIn };
      }
      return db.transaction().execute(async (trx) => {
        const session = await startSession(trx, user.id, membership.organisation_id, { ip, userAgent });
        await recordAudit(trx, {
          organisationId: membership.organisation_id,
          action: 'auth.signed_in',
          userId: user.id,
          detail: { ip, method: 'password' },
        });
        return session;
      });
    },

    /**
     * The second step of a sign-in: the token a correct password answered, and a code from the
     * authenticator (or a recovery code). A few wrong codes use the token up; every code tried
     * counts against the account's and the address's limits.
     */
    async completeTwoFactorSignIn(
      input: { two_factor_token: string; code: string },
      ip: string,
      userAgent: string | null,
    ): Promise<IssuedSession> {
      await rateLimits.consume(RATE_LIMITS.signInPerIp, ip);
      const tokenHash = hashToken(input.two_factor_token);
      const userId = await twoFactorRepo.challengeUser(db, tokenHash);
      if (!userId) throw challengeEnded();
      await deps.security.limitCodes(userId, ip);
      const result = await db.transaction().execute(async (trx) => {
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
        const session = await startSession(trx, challenge.user_id, membership.organisation_id, { ip, userAgent });
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
    },

    /**
     * Rotates the refresh token. A token presented after the session has moved on past it (another
     * token of its generation or a later one was used more than the grace period ago), or used
     * again long after its first use, was copied: the whole session ends, for the thief and the
     * owner alike. A token used again soon, while nothing as new has been used, had its answer
     * lost and gets a new one.
     */
    async refresh(refreshToken: string): Promise<IssuedSession> {
      const result = await db.transaction().execute(async (trx) => {
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
          session: await issue(trx, found.session_id, found.user_id, found.organisation_id, found.generation + 1),
        };
      });
      // The revocation must commit, so the error is thrown outside the transaction.
      if (result.error !== undefined) throw unauthorized(result.error);
      return result.session;
    },

    async logout(sessionId: string): Promise<void> {
      await repo.revokeSession(db, sessionId, 'logout');
    },

    getUser(userId: string, organisationId: string): Promise<User> {
      return userView(db, userId, organisationId);
    },

    /** The organisations the user belongs to, for the header's switcher. */
    async listOrganisations(auth: { userId: string; organisationId: string }): Promise<MyOrganisation[]> {
      const rows = await repo.listUserOrganisations(db, auth.userId);
      return rows.map((r) => ({ id: r.id, name: r.name, role: r.role, current: r.id === auth.organisationId }));
    },

    /**
     * A session in another organisation of the user's, in place of the current one (which ends).
     * Only an organisation the user belongs to: any other is a 404, as if it did not exist.
     */
    async switchOrganisation(
      auth: { userId: string; sessionId: string },
      organisationId: string,
      client: repo.SessionClient,
    ): Promise<IssuedSession> {
      return db.transaction().execute(async (trx) => {
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
        return issue(trx, sessionId, auth.userId, organisationId);
      });
    },

    /**
     * Verifies the address and signs the person in: the link proves they hold the mailbox, and
     * whoever holds it decides the password (decision 054). With `password`, that becomes the
     * account's password. Without it the sign-up's password stays only in a browser that proves it
     * signed up with that password (`signUpProofGiven`, its sign-up cookie), and never for an
     * address signed up more than once or named in OPERATOR_EMAILS. The first verification ends
     * every session and revokes every API key made before it.
     */
    async verifyEmail(
      input: { token: string; password?: string | undefined },
      ip: string,
      userAgent: string | null,
      signUpProofGiven?: string,
    ): Promise<{ email: string; session: IssuedSession }> {
      await rateLimits.consume(RATE_LIMITS.linkPerIp, ip);
      const passwordHash =
        input.password === undefined ? undefined : await hashPassword(input.password, deps.passwordHashing);
      return db.transaction().execute(async (trx) => {
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
            !provesSignUp(signUpProofGiven, user))
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
        const session = await startSession(trx, found.user_id, membership.organisation_id, { ip, userAgent });
        return { email: session.user.email, session };
      });
    },

    async resendVerification(rawEmail: string, ip: string): Promise<void> {
      const email = normalizeEmail(rawEmail);
      await rateLimits.consume(RATE_LIMITS.resendPerIp, ip);
      await rateLimits.consume(RATE_LIMITS.resendPerAccount, email);
      const user = await repo.findUserByEmail(db, email);
      if (user && !user.email_verified_at) await db.transaction().execute((trx) => sendVerification(trx, user));
    },

    async requestPasswordReset(rawEmail: string, ip: string): Promise<void> {
      const email = normalizeEmail(rawEmail);
      await rateLimits.consume(RATE_LIMITS.recoverPerIp, ip);
      await rateLimits.consume(RATE_LIMITS.recoverPerAccount, email);
      const user = await repo.findUserByEmail(db, email);
      if (!user) return;
      await db.transaction().execute(async (trx) => {
        const token = await newLinkToken(trx, user.id, 'reset_password', RESET_LINK_MINUTES * 60);
        await mail.send(resetPasswordEmail(user.email, links.reset(token)), { db: trx });
      });
    },

    /** Sets a new password from a reset link and ends every session of the account. */
    async resetPassword(input: { token: string; password: string }, ip: string): Promise<void> {
      await rateLimits.consume(RATE_LIMITS.linkPerIp, ip);
      const passwordHash = await hashPassword(input.password, deps.passwordHashing);
      await db.transaction().execute(async (trx) => {
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
        if (user) await mail.send(passwordChangedEmail(user.email, links.forgot), { db: trx });
      });
    },

    /** Changes the password of a signed-in user and ends their other sessions. */
    async changePassword(
      auth: { userId: string; email: string; sessionId: string },
      input: { current_password: string; password: string },
    ): Promise<void> {
      await rateLimits.consume(RATE_LIMITS.signInPerAccount, auth.email);
      const user = await repo.findUserById(db, auth.userId);
      if (!user || !(await verifyPassword(user.password_hash, input.current_password, deps.passwordHashing))) {
        throw wrongPassword();
      }
      await refuseWeakPassword(input.password, user.email);
      const passwordHash = await hashPassword(input.password, deps.passwordHashing);
      await db.transaction().execute(async (trx) => {
        await repo.updatePassword(trx, user.id, passwordHash);
        await repo.revokeUserSessions(trx, user.id, 'password_changed', auth.sessionId);
        await mail.send(passwordChangedEmail(user.email, links.forgot), { db: trx });
      });
    },

    async updateProfile(auth: { userId: string; organisationId: string }, input: { name: string | null }) {
      await repo.updateUserName(db, auth.userId, input.name);
      return userView(db, auth.userId, auth.organisationId);
    },

    /** The person's live sessions, in every organisation, the current one marked. */
    async listSessions(auth: { userId: string; sessionId: string }): Promise<AuthSession[]> {
      const rows = await repo.listLiveSessions(db, auth.userId);
      return rows.map((r) => ({
        id: r.id,
        device: describeDevice(r.user_agent),
        ip_address: r.ip_address,
        organisation: { id: r.organisation_id, name: r.organisation_name },
        created_at: r.created_at.toISOString(),
        last_seen_at: r.last_refreshed_at.toISOString(),
        current: r.id === auth.sessionId,
      }));
    },

    /** Ends one of the person's sessions (the current one too: that is signing out); 404 for any other. */
    async revokeSession(auth: { userId: string }, sessionId: string): Promise<void> {
      if (!(await repo.revokeOwnSession(db, auth.userId, sessionId))) {
        throw new AppError('NOT_FOUND', 'Session not found: it has ended already, or it is not yours');
      }
    },

    /** Ends every session of the person's but this one; answers how many. */
    revokeOtherSessions(auth: { userId: string; sessionId: string }): Promise<number> {
      return repo.revokeUserSessions(db, auth.userId, 'revoked_by_user', auth.sessionId);
    },
  };

  /** Checks an emailed link and uses it up; throws the reason it cannot be used. */
  async function useLink(trx: Kysely<Database>, token: string, purpose: 'verify_email' | 'reset_password') {
    const found = await repo.findEmailToken(trx, hashToken(token), purpose);
    if (!found) throw new AppError('INVALID_LINK', 'This link is not valid. Check that you copied all of it.');
    if (found.used_at) throw new AppError('INVALID_LINK', 'This link has already been used.');
    if (found.is_expired) throw new AppError('LINK_EXPIRED', 'This link has expired. Ask for a new one.');
    if (!(await repo.useEmailTokens(trx, found.user_id, purpose, found.id))) {
      throw new AppError('INVALID_LINK', 'This link has already been used.');
    }
    return found;
  }
}

export type AccountsService = ReturnType<typeof createAccountsService>;
