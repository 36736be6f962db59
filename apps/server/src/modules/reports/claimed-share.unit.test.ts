import type { FastifyInstance } from 'fastify';
import { describe, expect, it, vi } from 'vitest';
import type { Figures, OrderStatus } from '../order-stats';
import { claimedShare } from './claimed-share';

// The dashboard and analytics read the same rollups; here the rollups are stubbed so that only the
// definition is under test: both must report the same share of the same figures.
const rows = vi.hoisted(() => ({ byStatus: new Map() as Map<string, unknown> }));
vi.mock('../order-stats/repository', () => ({
  figuresByStatus: async () => rows.byStatus,
  figuresByPeriod: async () => [],
  figuresByDimension: async () => [],
}));
vi.mock('./repository', () => ({ topRecipients: async () => [] }));
vi.mock('../orders/lookups', () => ({ billingCurrency: async () => 'USD' }));
vi.mock('../orders/repository', async (importOriginal) => ({
  ...(await importOriginal<typeof import('../orders/repository')>()),
  listOrders: async () => [],
}));

const { dashboard, analytics } = await import('./service');

const fig = (f: Partial<Figures>): Figures => ({
  orders: 0,
  rewards: 0,
  chargedTotalMinor: 0,
  chargedFeeMinor: 0,
  rewardsClaimed: 0,
  ...f,
});
const app = {} as FastifyInstance;
const now = new Date('2026-03-15T12:00:00Z');

async function bothReport(byStatus: Map<OrderStatus, Figures>) {
  rows.byStatus = byStatus;
  const d = await dashboard(app, 'org', {}, now);
  const a = await analytics(app, 'org', { interval: 'day' }, now);
  return { redemptionRate: d.redemption_rate, claimedShare: a.totals.claimed_share };
}

describe('claimedShare: the Redemption Rate and the Claimed share', () => {
  it('is the rewards whose claim page was opened over the rewards issued, one decimal', () => {
    expect(claimedShare([['completed', fig({ orders: 2, rewards: 3, rewardsClaimed: 1 })]])).toEqual({
      issued: 3,
      claimed: 1,
      share: 33.3,
    });
  });

  it('is 0 when nothing was issued, not NaN', () => {
    expect(claimedShare([]).share).toBe(0);
    expect(claimedShare([['pending', fig({ orders: 4, rewards: 4 })]]).share).toBe(0);
  });

  it('counts neither pending nor failed orders: they issued nothing a recipient could open', () => {
    const share = claimedShare([
      ['completed', fig({ orders: 4, rewards: 4, rewardsClaimed: 1 })],
      ['failed', fig({ orders: 4, rewards: 4 })],
      ['pending', fig({ orders: 2, rewards: 2 })],
    ]);
    expect(share).toEqual({ issued: 4, claimed: 1, share: 25 });
  });

  it('is not the share of orders delivered: every order delivered, none opened, reads 0', () => {
    expect(claimedShare([['completed', fig({ orders: 5, rewards: 5 })]]).share).toBe(0);
  });

  it('the dashboard and analytics report the same figure from the same rollups', async () => {
    const cases: Map<OrderStatus, Figures>[] = [
      new Map(),
      new Map([['completed', fig({ orders: 3, rewards: 6, rewardsClaimed: 2 })]]),
      new Map<OrderStatus, Figures>([
        ['completed', fig({ orders: 1, rewards: 1, rewardsClaimed: 1 })],
        ['failed', fig({ orders: 9, rewards: 9 })],
      ]),
    ];
    const expected = [0, 33.3, 100];
    for (const [i, byStatus] of cases.entries()) {
      const r = await bothReport(byStatus);
      expect(r).toEqual({ redemptionRate: expected[i], claimedShare: expected[i] });
    }
  });
});
