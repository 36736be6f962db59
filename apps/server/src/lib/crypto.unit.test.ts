import { randomBytes } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { decryptSecret, encryptSecret, hashToken, newUrlToken } from './crypto';

describe('secrets at rest', () => {
  const key = randomBytes(32);

  it('round-trips and never stores the plaintext', () => {
    const stored = encryptSecret(key, 'AMZN-7Q4K-92XD-PLMW');
    expect(stored).not.toContain('AMZN');
    expect(decryptSecret(key, stored)).toBe('AMZN-7Q4K-92XD-PLMW');
    expect(encryptSecret(key, 'same')).not.toBe(encryptSecret(key, 'same'));
  });

  it('refuses a wrong key or tampered data', () => {
    const stored = encryptSecret(key, 'secret');
    expect(() => decryptSecret(randomBytes(32), stored)).toThrow();
    const parts = stored.split('.');
    parts[3] = Buffer.from('tampered').toString('base64url');
    expect(() => decryptSecret(key, parts.join('.'))).toThrow();
    expect(() => decryptSecret(key, 'garbage')).toThrow('unknown secret format');
  });
});

describe('url tokens', () => {
  it('carry 256 random bits and hash stably', () => {
    const { token, hash } = newUrlToken();
    expect(Buffer.from(token, 'base64url')).toHaveLength(32);
    expect(hashToken(token)).toBe(hash);
    expect(newUrlToken().token).not.toBe(token);
  });
});
