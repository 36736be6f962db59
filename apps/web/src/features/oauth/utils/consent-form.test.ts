import { describe, expect, it } from 'vitest';
import { capsFrom, domainsFrom, requestFromSearch } from './consent-form';

describe('consent form', () => {
  it('reads caps in major units as exact minor units, empty for none', () => {
    expect(capsFrom({ currency: 'usd', perReward: '49.99', perDay: '', perMonth: '1000' })).toEqual({
      ok: true,
      caps: { per_reward_minor: 4999, per_day_minor: null, per_month_minor: 100000, currency: 'USD' },
    });
    expect(capsFrom({ currency: 'JPY', perReward: '500', perDay: '', perMonth: '' })).toMatchObject({
      caps: { per_reward_minor: 500 },
    });
  });

  it('names each bad cap instead of sending it', () => {
    const result = capsFrom({ currency: 'US', perReward: '-5', perDay: '1e3', perMonth: '0' });
    expect(result.ok).toBe(false);
    if (!result.ok) expect(Object.keys(result.errors).sort()).toEqual(['currency', 'perDay', 'perMonth', 'perReward']);
    const fraction = capsFrom({ currency: 'USD', perReward: '1.001', perDay: '0', perMonth: '' });
    expect(fraction.ok || Object.keys(fraction.errors)).toEqual(['perReward', 'perDay']);
  });

  it('reads domains one per line or by commas, lower case, once each; none is null', () => {
    expect(domainsFrom('Example.com, @acme.io\nexample.com ')).toEqual(['example.com', 'acme.io']);
    expect(domainsFrom('  \n ')).toBeNull();
  });

  it('takes the request from the query only when it is whole', () => {
    const full = {
      client_id: 'grc_abc',
      redirect_uri: 'https://a.example/cb',
      response_type: 'code',
      code_challenge: 'x'.repeat(43),
      code_challenge_method: 'S256',
      resource: 'http://localhost/mcp',
    };
    expect(requestFromSearch(new URLSearchParams(full))).toEqual(full);
    expect(requestFromSearch(new URLSearchParams({ ...full, client_id: '' }))).toBeNull();
  });
});
