import { describe, expect, it } from 'vitest';
import {
  formatCompactMajor,
  formatCount,
  formatDay,
  formatFaceValue,
  formatLocalDate,
  formatMajor,
  formatMonth,
  formatPercent,
  formatTimestamp,
} from './format';

describe('report formatting', () => {
  it('shows money from major units with two decimals and no float noise', () => {
    expect(formatMajor(51.26, 'USD')).toBe('$51.26');
    expect(formatMajor(0, 'USD')).toBe('$0.00');
    expect(formatMajor(1234567.8, 'USD')).toBe('$1,234,567.80');
    expect(formatMajor(0.1 + 0.2, 'USD')).toBe('$0.30');
    expect(formatMajor(-1, 'USD')).toBe('-$1.00');
    expect(formatMajor(3000, 'JPY')).toBe('¥3,000');
    expect(formatMajor(1234.5, 'USD')).toBe('$1,234.50');
    expect(formatMajor(0.1, 'USD')).toBe('$0.10');
    expect(formatMajor(-25.63, 'USD')).toBe('-$25.63');
  });

  it('shows an order’s face value with the count of cards when there are several', () => {
    expect(formatFaceValue({ amount: 25, currency: 'USD', quantity: 1 })).toBe('$25.00');
    expect(formatFaceValue({ amount: 10, currency: 'GBP', quantity: 3 })).toBe('3 × £10.00');
  });

  it('shows percentages with one decimal', () => {
    expect(formatPercent(50)).toBe('50.0%');
    expect(formatPercent(0)).toBe('0.0%');
    expect(formatPercent(87.5)).toBe('87.5%');
    expect(formatPercent(100)).toBe('100.0%');
  });

  it('reads the API’s dates as UTC calendar days and months', () => {
    expect(formatDay('2026-03-01')).toBe('Mar 1, 2026');
    expect(formatDay('2026-12-31', { short: true })).toBe('Dec 31');
    expect(formatMonth('2026-03-01')).toBe('March 2026');
    expect(formatMonth('2026-03', { short: true })).toBe('Mar 2026');
  });

  it('shows instants in the reader’s time zone, and a value that is no date as it came', () => {
    // Noon UTC is the same calendar day in every time zone from UTC-11 to UTC+11.
    expect(formatLocalDate('2026-03-05T12:00:00.000Z')).toBe('Mar 5, 2026');
    expect(formatTimestamp('2026-03-05T12:00:00.000Z')).toMatch(/^Mar 5, 2026, \d{1,2}:00\s[AP]M$/);
    expect(formatLocalDate('soon')).toBe('soon');
    expect(formatTimestamp('soon')).toBe('soon');
  });

  it('counts with separators and compacts axis money', () => {
    expect(formatCount(12345)).toBe('12,345');
    expect(formatCompactMajor(1234.5, 'USD')).toBe('$1.2K');
    expect(formatCompactMajor(20, 'USD')).toBe('$20');
  });
});
