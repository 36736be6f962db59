import type { BalanceTransaction } from '@giftrelay/contracts';
import { describe, expect, it } from 'vitest';
import {
  describeAmount,
  filtersFromParams,
  filtersProblem,
  filtersToParams,
  formatUtc,
  hasFilters,
  transactionsQuery,
} from './transaction-view';

const tx = (over: Partial<BalanceTransaction>): BalanceTransaction => ({
  id: '1',
  created_at: '2026-11-26T07:09:12.345Z',
  kind: 'funding',
  type: 'Funding',
  description: 'Sandbox starting funds',
  order_id: null,
  batch_id: null,
  currency: 'USD',
  direction: 'credit',
  amount: 5000,
  amount_minor: 500_000,
  available_change: 5000,
  available_change_minor: 500_000,
  held_change: 0,
  held_change_minor: 0,
  available_after: 5000,
  available_after_minor: 500_000,
  ...over,
});

describe('transaction filters in the address', () => {
  it('reads types (repeated or comma-separated), dates and direction, ignoring anything malformed', () => {
    const params = new URLSearchParams(
      'type=capture&type=hold,bogus&from=2026-11-01&to=2026-02-30&direction=sideways&checkout=success',
    );
    expect(filtersFromParams(params)).toEqual({ kinds: ['hold', 'capture'], from: '2026-11-01' });
    expect(filtersFromParams(new URLSearchParams('direction=debit'))).toEqual({ kinds: [], direction: 'debit' });
  });

  it('writes them back keeping the page’s other parameters, and round-trips', () => {
    const f = {
      kinds: ['funding' as const, 'refund' as const],
      from: '2026-11-01',
      to: '2026-11-26',
      direction: 'credit' as const,
    };
    const next = filtersToParams(new URLSearchParams('checkout=success&type=hold'), f);
    expect(next.toString()).toBe(
      'checkout=success&type=funding&type=refund&from=2026-11-01&to=2026-11-26&direction=credit',
    );
    expect(filtersFromParams(next)).toEqual(f);
    expect(filtersToParams(next, { kinds: [] }).toString()).toBe('checkout=success');
  });

  it('says when the range is reversed, and builds the API query', () => {
    expect(filtersProblem({ kinds: [], from: '2026-11-02', to: '2026-11-01' })).toMatch(/on or after/);
    expect(filtersProblem({ kinds: [], from: '2026-11-01', to: '2026-11-01' })).toBeNull();
    expect(hasFilters({ kinds: [] })).toBe(false);
    expect(transactionsQuery({ kinds: ['hold', 'capture'], direction: 'debit' }, 'abc.def', 25)).toBe(
      'kind=hold%2Ccapture&direction=debit&limit=25&cursor=abc.def',
    );
  });
});

describe('a transaction’s amount', () => {
  it('reads as a signed credit or debit in words, not by colour alone', () => {
    expect(describeAmount(tx({}))).toEqual({ text: '+$5,000.00', label: 'Credit', note: null });
    expect(
      describeAmount(
        tx({
          kind: 'hold',
          direction: 'debit',
          amount: -25.63,
          amount_minor: -2563,
          available_change: -25.63,
          available_change_minor: -2563,
          held_change: 25.63,
          held_change_minor: 2563,
        }),
      ),
    ).toEqual({ text: '−$25.63', label: 'Debit', note: '$25.63 moved to held' });
    expect(
      describeAmount(
        tx({
          kind: 'capture',
          direction: 'debit',
          amount: -25.63,
          amount_minor: -2563,
          available_change: 0,
          available_change_minor: 0,
          held_change: -25.63,
          held_change_minor: -2563,
        }),
      ),
    ).toMatchObject({ text: '−$25.63', label: 'Debit', note: 'Paid from held funds' });
    expect(
      describeAmount(
        tx({
          kind: 'release',
          amount: 10.25,
          amount_minor: 1025,
          available_change: 10.25,
          available_change_minor: 1025,
          held_change: -10.25,
          held_change_minor: -1025,
        }),
      ),
    ).toMatchObject({ text: '+$10.25', label: 'Credit', note: '$10.25 back from held' });
  });

  it('gives times in UTC as statements do', () => {
    expect(formatUtc('2026-11-26T07:09:12.345Z')).toBe('2026-11-26 07:09 UTC');
  });
});
