import { createHmac, timingSafeEqual } from 'node:crypto';
import type { Kysely } from 'kysely';
import type { Db } from '../../db/database';
import type { Database } from '../../db/schema';
import { deriveKey } from '../../lib/crypto';
import type { AccessTokens } from '../../plugins/auth';
import type { Mail } from '../../plugins/mail';
import type { RateLimits } from '../../plugins/rate-limits';
import type { PasswordHashing } from './passwords';
import type { SecurityService } from './security-service';

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

/** What every use case of the module works with: its dependencies, the links it emails, the sign-up proof. */
export interface AccountsContext extends AccountsDeps {
  links: { verify(token: string): string; reset(token: string): string; signIn: string; forgot: string };
  signUpProof(user: { id: string; password_hash: string }): string;
  provesSignUp(proof: string | undefined, user: { id: string; password_hash: string }): boolean;
}

export function accountsContext(deps: AccountsDeps): AccountsContext {
  // Sign-up browser proof (decision 054): a MAC of the account and its current password hash, held
  // by the browser that signed up (or gave the password since). Verifying without choosing a
  // password needs it, so an owner opening a link that a stranger's sign-up sent chooses the
  // password; a new password (reset, or chosen at verification) makes every earlier proof useless.
  const proofKey = deriveKey(deps.instanceKey, 'giftrelay sign-up browser v1');
  const signUpProof = (user: { id: string; password_hash: string }) =>
    createHmac('sha256', proofKey).update(user.id).update('\0').update(user.password_hash).digest('base64url');
  return {
    ...deps,
    links: {
      verify: (token) => `${deps.publicUrl}/verify/${token}`,
      reset: (token) => `${deps.publicUrl}/reset-password/${token}`,
      signIn: `${deps.publicUrl}/login`,
      forgot: `${deps.publicUrl}/forgot-password`,
    },
    signUpProof,
    provesSignUp(proof, user) {
      if (!proof) return false;
      const given = Buffer.from(proof, 'base64url');
      const expected = Buffer.from(signUpProof(user), 'base64url');
      return given.length === expected.length && timingSafeEqual(given, expected);
    },
  };
}

export const normalizeEmail = (email: string) => email.trim().toLowerCase();
