import { describe, expect, it } from 'vitest';
import { addDays, daysBefore, daysBetween, monthStart, utcDay, weekStart } from './dates';

describe('UTC calendar days', () => {
  it('reads the UTC day of a moment, whatever the local zone', () => {
    expect(utcDay(new Date('2026-03-30T23:59:59Z'))).toBe('2026-03-30');
    expect(utcDay(new Date('2026-03-31T00:30:00+02:00'))).toBe('2026-03-30');
  });

  it('adds days across month, leap-day and year ends', () => {
    expect(addDays('2026-03-01', -1)).toBe('2026-02-28');
    expect(addDays('2024-03-01', -1)).toBe('2024-02-29');
    expect(addDays('2025-12-31', 1)).toBe('2026-01-01');
    expect(daysBetween('2025-12-31', '2026-03-01')).toBe(60);
    expect(daysBefore(new Date('2026-03-01T12:00:00Z'), 1).toISOString()).toBe('2026-02-28T12:00:00.000Z');
  });

  it('finds month and week starts', () => {
    expect(monthStart('2026-03-17')).toBe('2026-03-01');
    expect(monthStart('2026-01-31', 1)).toBe('2026-02-01');
    expect(monthStart('2026-03-17', -11)).toBe('2025-04-01');
    expect(monthStart('2026-12-05', 1)).toBe('2027-01-01');
    expect(weekStart('2026-03-01')).toBe('2026-02-23'); // a Sunday → the Monday before
    expect(weekStart('2026-03-02')).toBe('2026-03-02'); // a Monday stays
  });
});
