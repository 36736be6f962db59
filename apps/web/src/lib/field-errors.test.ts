import { CreateLiveRequestBodySchema } from '@giftrelay/contracts';
import { describe, expect, it } from 'vitest';
import { fieldErrors } from './field-errors';

describe('fieldErrors', () => {
  const order = ['company_name', 'website', 'use_case', 'expected_monthly_volume'] as const;

  it('turns the contract’s messages into sentences beside their fields, the first in form order', () => {
    const parsed = CreateLiveRequestBodySchema.safeParse({ company_name: 'A', website: 'acme', use_case: '' });
    expect(parsed.success).toBe(false);
    const { errors, first } = fieldErrors(parsed.error?.issues ?? [], order);
    expect(first).toBe('company_name');
    expect(errors.company_name).toBe('Must be at least 2 characters.');
    expect(errors.website).toBe('Must be a web address such as https://example.com.');
    expect(errors.use_case).toMatch(/^Must say in at least 20 characters/);
    expect(errors.expected_monthly_volume).toMatch(/^Must be one of under_1k/);
  });

  it('keeps one message per field, ignores fields the form does not have, and none means no focus', () => {
    const issues = [
      { path: ['website'], message: 'first problem' },
      { path: ['website'], message: 'second problem' },
      { path: ['other'], message: 'other must go' },
    ];
    expect(fieldErrors(issues, order)).toEqual({ errors: { website: 'First problem.' }, first: 'website' });
    expect(fieldErrors([], order)).toEqual({ errors: {}, first: undefined });
  });
});
