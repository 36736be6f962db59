import type { BatchCounts } from '@giftrelay/contracts';
import { describe, expect, it } from 'vitest';
import { faceValue } from './face-value';
import { batchOutcome } from './outcome';

const counts = (c: Partial<BatchCounts>): BatchCounts => ({
  rows: 0,
  valid: 0,
  invalid: 0,
  queued: 0,
  ordered: 0,
  insufficient_funds: 0,
  rejected: 0,
  delivered: 0,
  failed: 0,
  cancelled: 0,
  in_progress: 0,
  ...c,
});

describe('batchOutcome', () => {
  it('says what a sender counts, one copy per state', () => {
    expect(
      batchOutcome({ status: 'completed', counts: counts({ rows: 20, delivered: 18, invalid: 1, failed: 1 }) }),
    ).toBe('18 sent, 2 not sent');
    expect(batchOutcome({ status: 'completed', counts: counts({ rows: 1200, delivered: 1200 }) })).toBe(
      'All 1,200 sent',
    );
    expect(
      batchOutcome({
        status: 'sending',
        counts: counts({ rows: 20, delivered: 5, insufficient_funds: 2, in_progress: 10, queued: 3 }),
      }),
    ).toBe('Sending: 5 sent, 2 not sent, 13 to go');
    expect(batchOutcome({ status: 'pending_approval', counts: counts({ rows: 3, valid: 2, invalid: 1 }) })).toBe(
      'Waiting for approval: 2 ready, 1 not sent',
    );
    expect(batchOutcome({ status: 'rejected', counts: counts({ rows: 3, rejected: 3 }) })).toBe('Rejected: none sent');
  });
});

describe('faceValue', () => {
  it('formats a readable amount in its currency and leaves anything else as typed', () => {
    expect(faceValue('25', 'USD')).toBe('$25.00');
    expect(faceValue(1234.5, 'USD')).toBe('$1,234.50');
    expect(faceValue('twelve', 'USD')).toBe('twelve');
    expect(faceValue('25', null)).toBe('25');
    expect(faceValue(undefined, 'USD')).toBe('');
  });
});
