import { randomBytes } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { currentPrefix, decryptSecret, encryptSecret, hashToken, keyRing, newUrlToken } from './crypto';

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

describe('key rings', () => {
  const legacy = randomBytes(32);
  const k1 = randomBytes(32);
  const k2 = randomBytes(32);

  it('encrypts with the newest key and names it; reads what any configured key wrote', () => {
    const before = encryptSecret(legacy, 'old');
    const ring1 = keyRing([{ id: 'k1', key: k1 }], legacy);
    const mid = encryptSecret(ring1, 'mid');
    expect(mid.startsWith('v2.k1.')).toBe(true);
    expect(currentPrefix(ring1)).toBe('v2.k1.');
    const ring2 = keyRing(
      [
        { id: 'k2', key: k2 },
        { id: 'k1', key: k1 },
      ],
      legacy,
    );
    expect(decryptSecret(ring2, before)).toBe('old');
    expect(decryptSecret(ring2, mid)).toBe('mid');
    expect(decryptSecret(ring2, encryptSecret(ring2, 'new'))).toBe('new');
  });

  it('refuses text from a key it does not hold, and a forged key id', () => {
    const ring = keyRing([{ id: 'k2', key: k2 }]);
    expect(() => decryptSecret(ring, encryptSecret(legacy, 'x'))).toThrow('legacy key');
    expect(() => decryptSecret(ring, encryptSecret(keyRing([{ id: 'k1', key: k1 }]), 'x'))).toThrow('not configured');
    const forged = encryptSecret(keyRing([{ id: 'k1', key: k1 }]), 'x').replace('v2.k1.', 'v2.k2.');
    expect(() => decryptSecret(ring, forged)).toThrow();
    expect(() => keyRing([{ id: 'a.b', key: k1 }])).toThrow('invalid key id');
    expect(() => keyRing([])).toThrow();
  });
});
