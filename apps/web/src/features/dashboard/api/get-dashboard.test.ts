import { describe, expect, it } from 'vitest';
import { sharedQueryKeys } from '@/lib/query-keys';
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
