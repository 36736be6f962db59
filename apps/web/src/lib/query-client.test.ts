import { describe, expect, it } from 'vitest';
import { ApiError } from './api-client';
import { createQueryClient, retryDelay, shouldRetry } from './query-client';

describe('query defaults', () => {
  it('backs off exponentially from 1 s and caps at 30 s', () => {
    expect([0, 1, 2, 3, 4, 5, 6].map(retryDelay)).toEqual([1000, 2000, 4000, 8000, 16000, 30000, 30000]);
  });

  it('retries network and server errors 3 times, client errors never', () => {
    const network = new ApiError(0, 'NETWORK_ERROR', 'offline');
    const server = new ApiError(503, 'SERVICE_UNAVAILABLE', 'down');
    const client = new ApiError(404, 'NOT_FOUND', 'missing');
    expect([0, 1, 2, 3].map((n) => shouldRetry(n, network))).toEqual([true, true, true, false]);
    expect(shouldRetry(0, server)).toBe(true);
    expect(shouldRetry(0, client)).toBe(false);
  });

  it('refetches on focus and reconnect and caches for 5 minutes', () => {
    const defaults = createQueryClient().getDefaultOptions().queries;
    expect(defaults).toMatchObject({ refetchOnWindowFocus: true, refetchOnReconnect: true, gcTime: 300_000 });
  });
});
