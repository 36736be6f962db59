import { describe, expect, it } from 'vitest';
import { formatBalance } from './format-balance';
import { readTopUpAmount } from './top-up-amount';

describe('readTopUpAmount', () => {
  it.each([
    ['1000', 1000],
    [' 1,500.50 ', 1500.5],
    ['0.01', 0.01],
    ['100000', 100000],
  ])('reads %s as %d', (text, amount) => {
    expect(readTopUpAmount(text, 'USD')).toEqual({ amount });
  });

  it.each([
    ['', 'Enter an amount to add'],
    ['   ', 'Enter an amount to add'],
    ['abc', 'Enter the amount as a number with at most 2 decimals, such as 500 or 250.50'],
    ['10.005', 'Enter the amount as a number with at most 2 decimals, such as 500 or 250.50'],
    ['-5', 'Enter the amount as a number with at most 2 decimals, such as 500 or 250.50'],
    ['0', 'The amount must be more than 0'],
    ['0.00', 'The amount must be more than 0'],
    ['100000.01', 'You can add at most $100,000.00 at a time'],
  ])('refuses %j: %s', (text, error) => {
    expect(readTopUpAmount(text, 'USD')).toEqual({ error });
  });

  it('follows the currency’s digits', () => {
    expect(readTopUpAmount('500.5', 'JPY')).toEqual({ error: 'Enter the amount as a whole number, such as 500' });
  });
});

describe('formatBalance', () => {
  it('shows API figures exactly, with grouping', () => {
    expect(formatBalance(4974.37, 'USD')).toBe('$4,974.37');
    expect(formatBalance(0, 'USD')).toBe('$0.00');
    expect(formatBalance(-12.5, 'USD')).toBe('-$12.50');
  });
});
