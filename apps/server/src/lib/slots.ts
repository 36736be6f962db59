/**
 * At most `size` tasks at once; the rest wait their turn, first come first served. The fulfilment
 * worker runs its database work through one (decision 043), so a batch's thousands of orders never
 * take every connection of the pool from the API's requests.
 */
export class Slots {
  #free: number;
  readonly #waiting: (() => void)[] = [];

  constructor(readonly size: number) {
    this.#free = size;
  }

  async run<T>(task: () => Promise<T>): Promise<T> {
    if (this.#free > 0) this.#free--;
    else await new Promise<void>((resolve) => this.#waiting.push(resolve));
    try {
      return await task();
    } finally {
      const next = this.#waiting.shift();
      if (next) next();
      else this.#free++;
    }
  }
}
