import { describe, expect, it } from 'vitest';
import { curlSnippet, describeScopes, keyRequest, keyState } from './key-form';

describe('API key form', () => {
  it('asks for a preset, or the custom scopes in their canonical order, and an expiry from now', () => {
    const now = Date.UTC(2026, 0, 1);
    expect(keyRequest('Payroll', 'full', [], 'never', now)).toEqual({
      name: 'Payroll',
      scopes: 'full',
      expires_at: null,
    });
    expect(keyRequest('CRM', 'custom', ['balance:read', 'orders:write'], '30', now)).toEqual({
      name: 'CRM',
      scopes: ['orders:write', 'balance:read'],
      expires_at: '2026-01-31T00:00:00.000Z',
    });
  });

  it('names presets and states, and picks a curl command the key may run', () => {
    expect(describeScopes(['orders:read', 'catalog:read', 'balance:read'])).toBe('Read only');
    expect(
      describeScopes([
        'orders:write',
        'orders:read',
        'catalog:read',
        'balance:read',
        'webhooks:write',
        'risk:read',
        'risk:write',
      ]),
    ).toBe('Full access');
    // Without the risk scopes (decision 083) a key is no longer full: its scopes are listed.
    expect(describeScopes(['orders:write', 'orders:read', 'catalog:read', 'balance:read', 'webhooks:write'])).toBe(
      'orders:write, orders:read, catalog:read, balance:read, webhooks:write',
    );
    expect(describeScopes(['orders:write'])).toBe('orders:write');
    expect(keyState({ revoked_at: '2026-01-01T00:00:00Z', expires_at: null })).toBe('revoked');
    expect(keyState({ revoked_at: null, expires_at: '2000-01-01T00:00:00Z' })).toBe('expired');
    expect(keyState({ revoked_at: null, expires_at: null })).toBe('active');
    expect(curlSnippet('https://x.test', 'gr_test_k', ['orders:write'])).toBe(
      'curl "https://x.test/api/v1/products?limit=5" \\\n  -H "Authorization: Bearer gr_test_k"',
    );
    expect(curlSnippet('https://x.test', 'gr_test_k', ['orders:read'])).toContain('/api/v1/orders?limit=5');
  });
});
