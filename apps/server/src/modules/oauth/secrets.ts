import { createHash, randomBytes } from 'node:crypto';

/**
 * The opaque secrets this module hands out: a kind prefix and 256 random bits in URL-safe base64.
 * `gro_` and never `gr_`: the API's bearer check reads `gr_` as an API key (plugins/auth).
 * Only SHA-256 hashes are stored (the secrets' entropy leaves nothing to guess; decision 075).
 */
export const SECRET_PREFIX = { access: 'gro_at_', refresh: 'gro_rt_', code: 'gro_ac_' } as const;
export type SecretKind = keyof typeof SECRET_PREFIX;

const SHAPE = /^gro_(at|rt|ac)_[A-Za-z0-9_-]{43}$/;
const KIND_OF = { at: 'access', rt: 'refresh', ac: 'code' } as const;

export function newSecret(kind: SecretKind): { value: string; hash: string } {
  const value = SECRET_PREFIX[kind] + randomBytes(32).toString('base64url');
  return { value, hash: hashSecret(value) };
}

export const hashSecret = (value: string): string => createHash('sha256').update(value, 'utf8').digest('hex');

/** The kind of a well-shaped secret, or null: checked before any hashing or SQL. */
export function secretKind(value: string): SecretKind | null {
  const m = SHAPE.exec(value);
  return m ? KIND_OF[m[1] as keyof typeof KIND_OF] : null;
}

/** A new client identifier (public: it is no secret, only a name for the registration). */
export const newClientId = (): string => `grc_${randomBytes(18).toString('base64url')}`;

/** RFC 7636 S256: BASE64URL(SHA256(ASCII(code_verifier))). */
export const s256 = (verifier: string): string => createHash('sha256').update(verifier, 'ascii').digest('base64url');
