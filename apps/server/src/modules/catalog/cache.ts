import { LRUCache } from 'lru-cache';

type Producer = () => Promise<string>;

/**
 * The catalogue changes only when a sync applies changes, yet every page view asks for the same
 * few listings. This keeps finished answers (serialised JSON) in memory: a sync in this process
 * empties it at once (see `catalogGeneration`), and entries expire after `ttlSeconds` so a sync
 * in another process shows within that time. Bounded by bytes, least recently used out first;
 * concurrent misses for one key share one query (lru-cache's fetch).
 */
export class CatalogCache {
  readonly #ttlMs: number;
  readonly #lru: LRUCache<string, string, Producer> | undefined;
  #generation = catalogGeneration();

  constructor(options: { ttlSeconds: number; maxBytes?: number }) {
    this.#ttlMs = options.ttlSeconds * 1000;
    const maxBytes = options.maxBytes ?? 32 * 1024 * 1024;
    this.#lru =
      this.#ttlMs > 0
        ? new LRUCache<string, string, Producer>({
            ttl: this.#ttlMs,
            maxSize: maxBytes,
            // One answer may take at most a sixteenth of the budget; a bigger one is served, not kept.
            maxEntrySize: maxBytes / 16,
            sizeCalculation: (body) => Math.max(1, body.length),
            // Date rather than performance.now, so the expiry follows the clock tests move.
            perf: { now: () => Date.now() },
            ttlResolution: 0,
            fetchMethod: async (_key, _stale, { context }) => context(),
          })
        : undefined;
  }

  get enabled(): boolean {
    return this.#lru !== undefined;
  }

  /** The cached answer for `key`, or the one `produce` makes now (and keeps). */
  async get(key: string, produce: Producer): Promise<string> {
    const lru = this.#current();
    if (!lru) return produce();
    const generation = this.#generation;
    const body = await lru.fetch(key, { context: produce });
    if (body === undefined) return produce();
    // An answer read while a sync changed the catalogue may be stale: served once, not kept.
    if (generation !== catalogGeneration()) lru.delete(key);
    return body;
  }

  /** The answer kept under `key`, if any, without producing one (a sync since empties it first). */
  peek(key: string): string | undefined {
    return this.#current()?.get(key);
  }

  /** Keeps `body` under a second key too (e.g. the exact request that produced it). */
  remember(key: string, body: string): void {
    if (this.#lru && this.#generation === catalogGeneration()) this.#lru.set(key, body);
  }

  clear(): void {
    this.#lru?.clear();
  }

  /** The entries, emptied first when a sync in this process changed the catalogue since. */
  #current(): LRUCache<string, string, Producer> | undefined {
    if (this.#lru && this.#generation !== catalogGeneration()) {
      this.#lru.clear();
      this.#generation = catalogGeneration();
    }
    return this.#lru;
  }
}

let generation = 0;

/** Counts the syncs in this process that changed the catalogue; cached answers of an older count are stale. */
export function catalogGeneration(): number {
  return generation;
}

export function catalogChanged(): void {
  generation++;
}
