/**
 * The catalogue changes only when a sync applies changes, yet every page view asks for the same
 * few listings. This keeps finished answers (serialised JSON) in memory: a sync in this process
 * empties it at once (see `catalogGeneration`), and entries expire after `ttlSeconds` so a sync
 * in another process shows within that time. Bounded by entries and bytes, least recently used
 * out first.
 */
export class CatalogCache {
  readonly #ttlMs: number;
  readonly #maxBytes: number;
  readonly #entries = new Map<string, { body: string; expiresAt: number; generation: number }>();
  #bytes = 0;

  constructor(options: { ttlSeconds: number; maxBytes?: number }) {
    this.#ttlMs = options.ttlSeconds * 1000;
    this.#maxBytes = options.maxBytes ?? 32 * 1024 * 1024;
  }

  get enabled(): boolean {
    return this.#ttlMs > 0;
  }

  /** The cached answer for `key`, or the one `produce` makes now (and keeps). */
  async get(key: string, produce: () => Promise<string>): Promise<string> {
    if (!this.enabled) return produce();
    const entry = this.#entries.get(key);
    if (entry && entry.expiresAt > Date.now() && entry.generation === catalogGeneration()) {
      // Re-inserting keeps the map in least-recently-used order.
      this.#entries.delete(key);
      this.#entries.set(key, entry);
      return entry.body;
    }
    if (entry) this.#remove(key, entry.body);
    const generation = catalogGeneration();
    const body = await produce();
    if (generation === catalogGeneration() && body.length <= this.#maxBytes / 16) {
      this.#entries.set(key, { body, expiresAt: Date.now() + this.#ttlMs, generation });
      this.#bytes += body.length;
      for (const [oldKey, old] of this.#entries) {
        if (this.#bytes <= this.#maxBytes) break;
        this.#remove(oldKey, old.body);
      }
    }
    return body;
  }

  clear(): void {
    this.#entries.clear();
    this.#bytes = 0;
  }

  #remove(key: string, body: string): void {
    this.#entries.delete(key);
    this.#bytes -= body.length;
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
