import type { RiskRule } from '@giftrelay/contracts';
import { describe, expect, it } from 'vitest';
import { describeRule, emptyRuleForm, formOfRule, readRuleForm } from './rule-form';

const TIMES = { id: '4f1c2d3e-0000-4000-8000-000000000001', reason: null, created_at: '', updated_at: '' };

describe('readRuleForm', () => {
  it('reads a domain list, one a line or comma-separated, into the API’s body', () => {
    const read = readRuleForm({ ...emptyRuleForm('recipient_domain'), entries: 'Example.com\n spam.test, spam.test' });
    expect(read).toEqual({
      body: { kind: 'recipient_domain', action: 'hold', domains: ['example.com', 'spam.test'], match: 'deny' },
    });
  });

  it('names the entry that is not a domain, and asks for one when there is none', () => {
    const bad = readRuleForm({ ...emptyRuleForm('recipient_domain'), entries: 'example.com\nnot a domain' });
    expect(bad).toEqual({ errors: { entries: '“not” is not a domain name such as example.com.' } });
    expect(readRuleForm(emptyRuleForm('recipient_domain'))).toEqual({
      errors: { entries: 'Enter at least one domain.' },
    });
    expect(readRuleForm({ ...emptyRuleForm('recipient_list'), entries: 'sam@example' })).toEqual({
      errors: { entries: '“sam@example” is not an email address.' },
    });
  });

  it('refuses counts and periods the server would, in words', () => {
    const read = readRuleForm({ ...emptyRuleForm('recipient_velocity'), count: '0', periodDays: '400' });
    expect(read).toEqual({
      errors: { count: 'A whole number from 1 to 100,000', periodDays: 'A number of days from 1 to 365' },
    });
    expect(readRuleForm({ ...emptyRuleForm('claims_per_address'), count: '3', periodDays: '7' })).toEqual({
      body: { kind: 'claims_per_address', action: 'hold', max_claims: 3, period_days: 7 },
    });
  });

  it('takes an amount as the currency writes it: no cents for yen, none at all for zero', () => {
    expect(readRuleForm({ ...emptyRuleForm('amount_above'), amount: '250.50' })).toEqual({
      body: { kind: 'amount_above', action: 'hold', amount: '250.50', currency: 'USD' },
    });
    expect(readRuleForm({ ...emptyRuleForm('amount_above', 'JPY'), amount: '100.5' })).toEqual({
      errors: { amount: 'An amount in JPY, such as 250' },
    });
    expect(readRuleForm({ ...emptyRuleForm('daily_total_above'), amount: '0' })).toEqual({
      errors: { amount: 'An amount in USD, such as 250' },
    });
  });

  it('sends a reason only when one is written, and refuses control characters in it', () => {
    const read = readRuleForm({ ...emptyRuleForm('disposable_email'), action: 'block', reason: '  Throwaways  ' });
    expect(read).toEqual({ body: { kind: 'disposable_email', action: 'block', reason: 'Throwaways' } });
    expect(readRuleForm({ ...emptyRuleForm('disposable_email'), reason: 'a\u0000b' })).toEqual({
      errors: { reason: 'At most 200 characters, without control characters' },
    });
  });
});

describe('a saved rule', () => {
  it('comes back into the form as it was typed', () => {
    const rule: RiskRule = {
      ...TIMES,
      kind: 'recipient_domain',
      action: 'block',
      domains: ['a.test', 'b.test'],
      match: 'allow',
    };
    const form = formOfRule(rule);
    expect(form).toMatchObject({
      kind: 'recipient_domain',
      action: 'block',
      entries: 'a.test\nb.test',
      match: 'allow',
    });
    expect(readRuleForm(form)).toEqual({
      body: { kind: 'recipient_domain', action: 'block', domains: ['a.test', 'b.test'], match: 'allow' },
    });
  });

  it('is described in a line', () => {
    expect(
      describeRule({
        ...TIMES,
        kind: 'amount_above',
        action: 'hold',
        amount: 250,
        amount_minor: 25000,
        currency: 'USD',
      }),
    ).toBe('A reward above $250.00');
    expect(
      describeRule({ ...TIMES, kind: 'recipient_velocity', action: 'hold', max_rewards: 1, period_days: 30 }),
    ).toBe('More than 1 reward to one address in 30 days');
  });
});
