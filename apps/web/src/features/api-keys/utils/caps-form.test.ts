import { describe, expect, it } from 'vitest';
import { capsToForm, formToCaps } from './caps-form';

describe('the agent caps form', () => {
  it('turns amounts into minor units, empty into no cap, and domains into a list', () => {
    expect(
      formToCaps({
        currency: 'USD',
        perReward: '25',
        perDay: '',
        perMonth: '1000.50',
        domains: 'Acme.com,  team.acme.com',
      }),
    ).toEqual({
      body: {
        currency: 'USD',
        per_reward_minor: 2500,
        per_day_minor: null,
        per_month_minor: 100050,
        allowed_domains: ['acme.com', 'team.acme.com'],
      },
    });
    expect(formToCaps({ currency: 'USD', perReward: '2.555', perDay: '', perMonth: '', domains: '' })).toEqual({
      field: 'perReward',
      message: 'Enter an amount in USD, or leave it empty',
    });
    expect(formToCaps({ currency: 'USD', perReward: '', perDay: '0', perMonth: '', domains: '' })).toMatchObject({
      field: 'perDay',
    });
  });

  it('shows stored caps in major units', () => {
    expect(
      capsToForm({
        success: true,
        api_key_id: '4f1c2d3e-0000-4000-8000-000000000002',
        currency: 'USD',
        per_reward_minor: 2500,
        per_day_minor: null,
        per_month_minor: 100050,
        allowed_domains: ['acme.com'],
      }),
    ).toEqual({ currency: 'USD', perReward: '25', perDay: '', perMonth: '1000.5', domains: 'acme.com' });
  });
});
