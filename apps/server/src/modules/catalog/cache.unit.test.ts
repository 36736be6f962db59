import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { CatalogCache, catalogChanged } from './cache';

describe('CatalogCache', () => {
  beforeEach(() => {
    vi.useFakeTimers();
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  const counter = () => {
    let calls = 0;
    const produce = async () => `answer ${++calls}`;
    return { produce, calls: () => calls };
  };

  it('answers from memory until the entry expires', async () => {
    const cache = new CatalogCache({ ttlSeconds: 30 });
    const { produce, calls } = counter();
    expect(await cache.get('k', produce)).toBe('answer 1');
    vi.advanceTimersByTime(29_000);
    expect(await cache.get('k', produce)).toBe('answer 1');
    vi.advanceTimersByTime(2_000);
    expect(await cache.get('k', produce)).toBe('answer 2');
    expect(calls()).toBe(2);
  });

  it('drops everything when a sync in this process changed the catalogue', async () => {
    const cache = new CatalogCache({ ttlSeconds: 30 });
    const { produce } = counter();
    await cache.get('a', produce);
    catalogChanged();
    expect(await cache.get('a', produce)).toBe('answer 2');
  });

  it('does not keep an answer produced while the catalogue changed', async () => {
    const cache = new CatalogCache({ ttlSeconds: 30 });
    expect(
      await cache.get('k', async () => {
        catalogChanged();
        return 'read during a sync';
      }),
    ).toBe('read during a sync');
    expect(await cache.get('k', async () => 'fresh')).toBe('fresh');
  });

  it('keeps no failures, and nothing at all with a TTL of 0', async () => {
    const cache = new CatalogCache({ ttlSeconds: 30 });
    await expect(cache.get('k', () => Promise.reject(new Error('db down')))).rejects.toThrow('db down');
    expect(await cache.get('k', async () => 'ok')).toBe('ok');

    const off = new CatalogCache({ ttlSeconds: 0 });
    const { produce, calls } = counter();
    await off.get('k', produce);
    await off.get('k', produce);
    expect(calls()).toBe(2);
  });

  it('stays within its byte budget, evicting the least recently used first', async () => {
    const cache = new CatalogCache({ ttlSeconds: 30, maxBytes: 1600 });
    const body = (c: string) => c.repeat(100);
    await cache.get('a', async () => body('a'));
    await cache.get('b', async () => body('b'));
    for (let i = 0; i < 14; i++) await cache.get(`x${i}`, async () => body('x'));
    // 16 × 100 bytes fill the budget; reading 'a' again makes 'b' the oldest.
    await cache.get('a', async () => 'a again');
    await cache.get('c', async () => body('c'));
    expect(await cache.get('a', async () => 'a produced')).toBe(body('a'));
    expect(await cache.get('b', async () => 'b produced')).toBe('b produced');
  });

  it('merges concurrent misses for one key into one query', async () => {
    const cache = new CatalogCache({ ttlSeconds: 30 });
    let calls = 0;
    let release: (body: string) => void = () => {};
    const produce = () => {
      calls++;
      return new Promise<string>((resolve) => {
        release = resolve;
      });
    };
    const first = cache.get('k', produce);
    const second = cache.get('k', produce);
    release('shared');
    expect(await Promise.all([first, second])).toEqual(['shared', 'shared']);
    expect(calls).toBe(1);
  });

  it('serves an answer too big to keep without keeping it', async () => {
    const cache = new CatalogCache({ ttlSeconds: 30, maxBytes: 1600 });
    expect(await cache.get('big', async () => 'x'.repeat(101))).toBe('x'.repeat(101));
    expect(await cache.get('big', async () => 'again')).toBe('again');
  });

  it('peek answers only what was kept, and nothing once the catalogue changed or the entry expired', async () => {
    const cache = new CatalogCache({ ttlSeconds: 30 });
    expect(cache.peek('url:/a')).toBeUndefined();
    cache.remember('url:/a', 'body a');
    expect(cache.peek('url:/a')).toBe('body a');
    vi.advanceTimersByTime(31_000);
    expect(cache.peek('url:/a')).toBeUndefined();
    cache.remember('url:/a', 'body a');
    catalogChanged();
    expect(cache.peek('url:/a')).toBeUndefined();
    // Remembered after the change: kept again.
    cache.remember('url:/a', 'body b');
    expect(cache.peek('url:/a')).toBe('body b');
  });

  it('with caching off, peek and remember keep nothing', () => {
    const cache = new CatalogCache({ ttlSeconds: 0 });
    cache.remember('url:/a', 'body');
    expect(cache.peek('url:/a')).toBeUndefined();
  });
});
