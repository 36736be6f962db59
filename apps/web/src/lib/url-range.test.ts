import { describe, expect, it } from 'vitest';
import { ApiError } from './api-client';
import { isRangeError, rangeErrorText, todayUtc } from './url-range';

describe('url range', () => {
  it('counts today as a UTC calendar day', () => {
    expect(todayUtc(new Date('2026-03-30T23:59:59Z'))).toBe('2026-03-30');
    expect(todayUtc(new Date('2026-03-31T00:00:00Z'))).toBe('2026-03-31');
  });

  it('turns the server’s message into one for the field', () => {
    expect(rangeErrorText('query.to: to must not be before from')).toBe('To must not be before from');
    expect(rangeErrorText('querystring: range too long')).toBe('Range too long');
  });

  it('knows a refused range from other failures', () => {
    expect(isRangeError(new ApiError(400, 'VALIDATION_ERROR', 'query.to: bad'))).toBe(true);
    expect(isRangeError(new ApiError(503, 'SERVICE_UNAVAILABLE', 'down'))).toBe(false);
    expect(isRangeError(new Error('offline'))).toBe(false);
  });
});
