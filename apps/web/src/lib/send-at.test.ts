import { describe, expect, it } from 'vitest';
import { localTimeToIso, sendAtOf, toLocalInput } from './send-at';

describe('send later', () => {
  const now = Date.parse('2026-11-26T10:00:00.000Z');
  const local = (ms: number) => toLocalInput(new Date(ms).toISOString());

  it('is nothing when off, and the instant of the local time when on', () => {
    expect(sendAtOf({ on: false, at: 'whatever' }, now)).toEqual({});
    const at = local(now + 3 * 3_600_000);
    expect(sendAtOf({ on: true, at }, now)).toEqual({ sendAt: new Date(at).toISOString() });
  });

  it('says what is wrong with an empty, past, too soon or too far time', () => {
    expect(sendAtOf({ on: true, at: '' }, now).error).toBe('Choose the date and time to send it');
    expect(sendAtOf({ on: true, at: 'not a time' }, now).error).toBe('Choose the date and time to send it');
    expect(sendAtOf({ on: true, at: local(now - 60_000) }, now).error).toBe('Choose a time at least a minute from now');
    expect(sendAtOf({ on: true, at: local(now + 366 * 86_400_000) }, now).error).toBe('Choose a time within a year');
  });

  it('shows an instant as the datetime-local field does, to the minute', () => {
    expect(toLocalInput(new Date(2026, 0, 5, 7, 9).toISOString())).toBe('2026-01-05T07:09');
  });
});

describe('localTimeToIso', () => {
  it('reads a time without a zone in the browser’s zone, and leaves anything else alone', () => {
    expect(localTimeToIso('2026-12-01 09:00')).toBe(new Date(2026, 11, 1, 9, 0).toISOString());
    expect(localTimeToIso('2026-12-01T09:00:30')).toBe(new Date(2026, 11, 1, 9, 0, 30).toISOString());
    expect(localTimeToIso('2026-12-01T09:00:00+01:00')).toBe('2026-12-01T09:00:00+01:00');
    expect(localTimeToIso('tomorrow')).toBe('tomorrow');
  });
});
