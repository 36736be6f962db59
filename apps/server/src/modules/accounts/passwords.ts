import { readFileSync } from 'node:fs';
import path from 'node:path';
import { hash, verify } from '@node-rs/argon2';
import { AppError } from '../../lib/errors';
import { serverRoot } from '../../lib/paths';

// OWASP's argon2id recommendation: 19 MiB of memory, 2 iterations, 1 lane. (argon2id is the
// library's default algorithm; the test checks the stored hash names it.) Tests may ask for the
// cheapest cost instead (PASSWORD_HASHING=fast-test-only, refused outside APP_ENV=test): the
// standard cost is about 40 ms of a core per hash, over a second on a loaded two-core machine,
// and the suites sign up thousands of accounts (decision 019). A hash names its own parameters,
// so verifying needs no setting.
const ARGON2_OPTIONS = {
  standard: { memoryCost: 19_456, timeCost: 2, parallelism: 1 },
  'fast-test-only': { memoryCost: 1024, timeCost: 1, parallelism: 1 },
} as const;
export type PasswordHashing = keyof typeof ARGON2_OPTIONS;

export function hashPassword(password: string, hashing: PasswordHashing = 'standard'): Promise<string> {
  return hash(password, ARGON2_OPTIONS[hashing]);
}

// Checked against when the account does not exist, so an unknown address costs as much time as
// a wrong password and the two cannot be told apart by timing.
const decoys = new Map<PasswordHashing, Promise<string>>();

export async function verifyPassword(
  passwordHash: string | undefined,
  password: string,
  hashing: PasswordHashing = 'standard',
): Promise<boolean> {
  let decoy = decoys.get(hashing);
  if (!decoy) {
    decoy = hashPassword('decoy password that matches nothing', hashing);
    decoys.set(hashing, decoy);
  }
  const target = passwordHash ?? (await decoy);
  const ok = await verify(target, password).catch(() => false);
  return ok && passwordHash !== undefined;
}

let common: Set<string> | undefined;

/**
 * Whether the password is among the most common ones (apps/server/data/common-passwords.txt:
 * the most frequent entries of the zxcvbn password list, six characters or longer), compared
 * without regard to case.
 */
export function isCommonPassword(password: string): boolean {
  common ??= new Set(
    readFileSync(path.join(serverRoot(), 'data', 'common-passwords.txt'), 'utf8')
      .split('\n')
      .map((line) => line.trim())
      .filter((line) => line && !line.startsWith('#')),
  );
  return common.has(password.toLowerCase());
}

/**
 * Refuses a new password that is among the most common, or that zxcvbn-ts rates "very weak" for
 * this person (decision 037): 400 WEAK_PASSWORD with the reason. The web app's meter gives the
 * same estimate as the person types.
 */
export async function refuseWeakPassword(password: string, email: string | null | undefined): Promise<void> {
  if (isCommonPassword(password)) {
    throw new AppError('WEAK_PASSWORD', 'This password is too common. Choose one that is harder to guess.', [
      { path: 'body.password', message: 'is one of the most common passwords' },
    ]);
  }
  // Loaded on the first new password, not at start: its dictionaries take a moment to build.
  const { passwordStrength, weakPasswordReason } = await import('@giftrelay/contracts/password-strength');
  const strength = passwordStrength(password, email);
  if (!strength.acceptable) {
    throw new AppError('WEAK_PASSWORD', weakPasswordReason(strength), [
      { path: 'body.password', message: strength.warning ?? 'is too easy to guess' },
    ]);
  }
}
