import { createHash, randomBytes } from 'node:crypto';
import { API_KEY_PATTERN } from '@giftrelay/contracts';

export type ApiKeyMode = 'test' | 'live';

/**
 * A new API key: its mode's prefix and 256 random bits in URL-safe base64. Only `hash` is kept.
 * SHA-256 and not a password hash: the key has 256 bits of entropy, so its hash cannot be
 * reversed by guessing, and a fast hash keeps verification off every request's bill (decision 026).
 */
export function newApiKey(mode: ApiKeyMode): { key: string; hash: string; lastFour: string; prefix: string } {
  const prefix = `gr_${mode}_`;
  const key = prefix + randomBytes(32).toString('base64url');
  return { key, hash: hashApiKey(key), lastFour: key.slice(-4), prefix };
}

export const hashApiKey = (key: string): string => createHash('sha256').update(key).digest('hex');

/** True for text shaped like a key this server issues (checked before any hashing or SQL). */
export const isApiKeyShaped = (token: string): boolean => API_KEY_PATTERN.test(token);

/** True when the bearer value claims to be an API key (right or wrong), not a session token. */
export const looksLikeApiKey = (token: string): boolean => token.startsWith('gr_');
