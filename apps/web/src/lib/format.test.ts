import { describe, expect, it } from 'vitest';
import { formatCompactMajor, formatCount, formatDay, formatMajor, formatMonth, formatPercent } from './format';

describe('report formatting', () => {
  it('shows money from major units with two decimals and no float noise', () => {
    expect(formatMajor(51.26, 'USD')).toBe('$51.26');
    expect(formatMajor(0, 'USD')).toBe('$0.00');
    expect(formatMajor(1234567.8, 'USD')).toBe('$1,234,567.80');
    expect(formatMajor(0.1 + 0.2, 'USD')).toBe('$0.30');
    expect(formatMajor(-1, 'USD')).toBe('-$1.00');
    expect(formatMajor(3000, 'JPY')).toBe('¥3,000');
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

  it('counts with separators and compacts axis money', () => {
    expect(formatCount(12345)).toBe('12,345');
    expect(formatCompactMajor(1234.5, 'USD')).toBe('$1.2K');
    expect(formatCompactMajor(20, 'USD')).toBe('$20');
  });
});
