import { createHash, randomBytes } from 'node:crypto';

/** An unguessable token for links and refresh tokens: 256 random bits, URL-safe. */
export function newSecureToken(): string {
  return randomBytes(32).toString('base64url');
}

/**
 * What the database keeps instead of the token. A fast hash is right here: the token has 256 bits
 * of entropy, so there is nothing to brute-force, and lookups stay a single indexed equality.
 */
export function hashToken(token: string): Buffer {
  return createHash('sha256').update(token, 'utf8').digest();
}
