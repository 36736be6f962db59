import { createCipheriv, createDecipheriv, createHash, hkdfSync, randomBytes } from 'node:crypto';

/**
 * The keys for secrets at rest. `current` encrypts; every key decrypts what it wrote. A key with
 * an id writes `v2.<id>.<iv>.<tag>.<ciphertext>`; the legacy key (REWARD_ENCRYPTION_KEY, or the
 * one generated into the database) writes and reads the original `v1.<iv>.<tag>.<ciphertext>`.
 */
export interface KeyRing {
  current: { id: string | null; key: Buffer };
  byId: ReadonlyMap<string, Buffer>;
  legacy: Buffer | undefined;
}

/** A key ring, or one bare key (read and written as the legacy key). */
export type SecretKey = Buffer | KeyRing;

/** A 32-byte key of its own for one `purpose`, derived (HKDF-SHA-256) from the instance's key: no key serves two uses. */
export const deriveKey = (instanceKey: Buffer, purpose: string): Buffer =>
  Buffer.from(hkdfSync('sha256', instanceKey, Buffer.alloc(0), purpose, 32));

export const KEY_ID_PATTERN = /^[A-Za-z0-9_-]{1,32}$/;

/** `keys` newest first: the first encrypts. Without any, the legacy key encrypts. */
export function keyRing(keys: readonly { id: string; key: Buffer }[], legacy?: Buffer): KeyRing {
  const first = keys[0];
  if (!first && !legacy) throw new Error('a key ring needs at least one key');
  for (const k of keys) {
    if (!KEY_ID_PATTERN.test(k.id)) throw new Error(`invalid key id ${JSON.stringify(k.id)}`);
    if (k.key.length !== 32) throw new Error(`key ${k.id} must be 32 bytes`);
  }
  return {
    current: first ? { id: first.id, key: first.key } : { id: null, key: legacy as Buffer },
    byId: new Map(keys.map((k) => [k.id, k.key])),
    legacy,
  };
}

const ringOf = (key: SecretKey): KeyRing => (Buffer.isBuffer(key) ? keyRing([], key) : key);

/** Secrets at rest (reward codes and PINs, claim links) with AES-256-GCM, under the ring's current key. */
export function encryptSecret(key: SecretKey, plaintext: string): string {
  const { id, key: k } = ringOf(key).current;
  const iv = randomBytes(12);
  const cipher = createCipheriv('aes-256-gcm', k, iv);
  const data = Buffer.concat([cipher.update(plaintext, 'utf8'), cipher.final()]);
  const parts = [iv.toString('base64url'), cipher.getAuthTag().toString('base64url'), data.toString('base64url')];
  return (id === null ? ['v1', ...parts] : ['v2', id, ...parts]).join('.');
}

export function decryptSecret(key: SecretKey, stored: string): string {
  const ring = ringOf(key);
  const fields = stored.split('.');
  let k: Buffer | undefined;
  if (fields[0] === 'v1' && fields.length === 4) {
    k = ring.legacy;
    if (!k) throw new Error('secret written with the legacy key, which is not configured');
  } else if (fields[0] === 'v2' && fields.length === 5) {
    k = ring.byId.get(fields[1] as string);
    if (!k) throw new Error('secret written with a key that is not configured');
  } else {
    throw new Error('unknown secret format');
  }
  const [iv, tag, data] = fields.slice(-3) as [string, string, string];
  const decipher = createDecipheriv('aes-256-gcm', k, Buffer.from(iv, 'base64url'));
  decipher.setAuthTag(Buffer.from(tag, 'base64url'));
  return Buffer.concat([decipher.update(Buffer.from(data, 'base64url')), decipher.final()]).toString('utf8');
}

/** The prefix of what the ring's current key writes; stored text without it is due re-encryption. */
export function currentPrefix(key: SecretKey): string {
  const { id } = ringOf(key).current;
  return id === null ? 'v1.' : `v2.${id}.`;
}

/** An unguessable URL token (256 bits) and the hash we store to look it up. */
export function newUrlToken(): { token: string; hash: string } {
  const token = randomBytes(32).toString('base64url');
  return { token, hash: hashToken(token) };
}

export const hashToken = (token: string) => createHash('sha256').update(token).digest('hex');
