import { describe, expect, it } from 'vitest';
import { sharedQueryKeys } from '@/lib/query-keys';
import { statusBadgeVariant, statusLabel } from '../components/order-status-badge';
import { dashboardQueryOptions, dashboardRefreshInterval } from './get-dashboard';
import { dashboardChartsQueryOptions } from './get-dashboard-charts';

describe('dashboard refresh', () => {
  it('asks every 3 s while an order is pending and every 30 s otherwise', () => {
    expect(dashboardRefreshInterval(true)).toBe(3000);
    expect(dashboardRefreshInterval(false)).toBe(30_000);
    expect(dashboardRefreshInterval(undefined)).toBe(30_000);
    expect(dashboardChartsQueryOptions(true).refetchInterval).toBe(3000);
  });

  it('keeps its figures under the orders’ key, so a send refreshes them', () => {
    expect(dashboardQueryOptions().queryKey.slice(0, 1)).toEqual([...sharedQueryKeys.orders]);
    expect(dashboardChartsQueryOptions(false).queryKey.slice(0, 1)).toEqual([...sharedQueryKeys.orders]);
  });
});

describe('status badges', () => {
  it('style completed default, pending secondary, failed destructive and anything else secondary', () => {
    expect(statusBadgeVariant('completed')).toBe('default');
    expect(statusBadgeVariant('pending')).toBe('secondary');
    expect(statusBadgeVariant('failed')).toBe('destructive');
    expect(statusBadgeVariant('refunded')).toBe('secondary');
    expect(['completed', 'pending', 'failed', 'refunded'].map(statusLabel)).toEqual([
      'Delivered',
      'Pending',
      'Failed',
      'refunded',
    ]);
  });
});
