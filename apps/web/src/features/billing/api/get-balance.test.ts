import { describe, expect, it } from 'vitest';
import { balanceRefreshInterval, PENDING_REFRESH_MS } from './get-balance';

const balance = (held: number) => ({
  success: true as const,
  currency: 'USD',
  available: 100,
  held,
  available_minor: 10_000,
  held_minor: Math.round(held * 100),
  sandbox: true,
});

describe('balanceRefreshInterval', () => {
  it('refreshes on its own only while money is held for pending orders', () => {
    expect(balanceRefreshInterval(undefined)).toBe(false);
    expect(balanceRefreshInterval(balance(25.63))).toBe(PENDING_REFRESH_MS);
    expect(balanceRefreshInterval(balance(0))).toBe(false);
  });
});
