import { describe, expect, it } from 'vitest';
import { FAKE_STRIPE } from '../../../test/fake-stripe';
import { loadConfig } from '../../config';

describe('card funding configuration', () => {
  const base = { APP_ENV: 'test', DATA_DIR: '/nonexistent' };
  it('takes both secrets or neither, and STRIPE_API_BASE as host, port and protocol', () => {
    expect(loadConfig(base).stripe).toBeNull();
    expect(() => loadConfig({ ...base, STRIPE_SECRET_KEY: FAKE_STRIPE.secretKey })).toThrow(
      /STRIPE_WEBHOOK_SECRET must be set with STRIPE_SECRET_KEY/,
    );
    expect(() => loadConfig({ ...base, STRIPE_WEBHOOK_SECRET: FAKE_STRIPE.webhookSecret })).toThrow(
      /STRIPE_SECRET_KEY must be set/,
    );
    const bad = () => loadConfig({ ...base, STRIPE_SECRET_KEY: 'pk_live_abcdefgh12', STRIPE_WEBHOOK_SECRET: 'nope' });
    expect(bad).toThrow(/STRIPE_SECRET_KEY must be a Stripe secret key/);
    try {
      bad();
    } catch (err) {
      // Secrets are never echoed.
      expect(String(err)).not.toContain('pk_live_abcdefgh12');
    }
    expect(
      loadConfig({
        ...base,
        STRIPE_SECRET_KEY: FAKE_STRIPE.secretKey,
        STRIPE_WEBHOOK_SECRET: FAKE_STRIPE.webhookSecret,
        STRIPE_API_BASE: 'http://127.0.0.1:12111',
      }).stripe,
    ).toEqual({
      secretKey: FAKE_STRIPE.secretKey,
      webhookSecret: FAKE_STRIPE.webhookSecret,
      api: { host: '127.0.0.1', port: 12111, protocol: 'http' },
    });
    expect(() =>
      loadConfig({
        ...base,
        STRIPE_SECRET_KEY: FAKE_STRIPE.secretKey,
        STRIPE_WEBHOOK_SECRET: FAKE_STRIPE.webhookSecret,
        STRIPE_API_BASE: 'http://127.0.0.1:12111/v1',
      }),
    ).toThrow(/STRIPE_API_BASE must be an http\(s\) URL with no path/);
  });
});
