import { setImmediate as yieldToLoop } from 'node:timers/promises';
import type { FastifyInstance } from 'fastify';
import { sql } from 'kysely';
import type { CatalogueFacts, InstanceFacts } from './built-in/blog-context';
import { writeFromPrompt } from './built-in/blog-writer';
import { streamChat } from './llm';

export type WriterMode = 'built_in' | 'llm';

export interface WriterRequest {
  /** The system message for the LLM. */
  system: string;
  /** The user message for the LLM. */
  prompt: string;
  /** Varies the built-in writer's phrasing; passed to the LLM as its `seed`. */
  seed?: number;
  /**
   * The built-in writer's text for this request, given the seed and the catalogue's facts, used
   * when no LLM is configured. Without one, the built-in writer answers one short article on the
   * prompt's first line.
   */
  builtIn?: (seed: number, facts: InstanceFacts) => string;
  /** Stops the generation (the client went away). */
  signal?: AbortSignal;
}

/** Whether generations use the configured LLM or the built-in writer. */
export function writerMode(app: FastifyInstance): WriterMode {
  return app.config.llm ? 'llm' : 'built_in';
}

/**
 * Writes the text, telling `onDelta` each piece as it arrives; resolves to the whole text.
 * Throws a WriterError (its message is for the operator) when the LLM fails or times out.
 */
export async function streamText(
  app: FastifyInstance,
  request: WriterRequest,
  onDelta: (delta: string) => void,
): Promise<string> {
  const seed = request.seed ?? Math.floor(Math.random() * 2 ** 31);
  const llm = app.config.llm;
  if (llm) return streamChat(llm, { ...request, seed }, onDelta, request.signal);
  const facts = await instanceFacts(app);
  const text = request.builtIn ? request.builtIn(seed, facts) : writeFromPrompt(request.prompt, facts, seed);
  // Paragraph by paragraph, as an LLM would stream it, so callers have one code path.
  const pieces = text.split(/(?<=\n\n)/);
  for (const piece of pieces) {
    if (request.signal?.aborted) break;
    onDelta(piece);
    await yieldToLoop();
  }
  return text;
}

/** The catalogue's facts with what this instance's configuration offers (funding, delivery). */
export async function instanceFacts(app: FastifyInstance): Promise<InstanceFacts> {
  return {
    ...(await catalogueFacts(app)),
    funding: { card: app.config.stripe !== null, bankTransfer: app.config.bankTransfer !== null },
    channels: ['email'],
  };
}

const cache = new WeakMap<FastifyInstance, { at: number; facts: CatalogueFacts }>();

/** What the catalogue knows (brands, countries, categories), read at most once a minute. */
export async function catalogueFacts(app: FastifyInstance): Promise<CatalogueFacts> {
  const cached = cache.get(app);
  if (cached && Date.now() - cached.at < 60_000) return cached.facts;
  const db = app.db;
  const [totals, countries, categories, brands] = await Promise.all([
    db
      .selectFrom('products')
      .where('available', '=', true)
      .select([
        sql<number>`count(*)::int`.as('products'),
        sql<number>`count(DISTINCT brand)::int`.as('brands'),
        sql<number>`count(DISTINCT country)::int`.as('countries'),
      ])
      .executeTakeFirstOrThrow(),
    db
      .selectFrom('products')
      .where('available', '=', true)
      .groupBy('country')
      .select(['country', sql<number>`count(DISTINCT brand)::int`.as('n')])
      .orderBy('n', 'desc')
      .orderBy('country')
      .limit(8)
      .execute(),
    db
      .selectFrom('products')
      .where('available', '=', true)
      .groupBy('category')
      .select(['category', sql<number>`count(DISTINCT brand)::int`.as('n')])
      .orderBy('n', 'desc')
      .orderBy('category')
      .limit(8)
      .execute(),
    db
      .selectFrom('products')
      .where('available', '=', true)
      .groupBy('brand')
      .select(['brand', sql<number>`count(*)::int`.as('n')])
      .orderBy('n', 'desc')
      .orderBy('brand')
      .limit(8)
      .execute(),
  ]);
  const names = new Intl.DisplayNames(['en'], { type: 'region' });
  const facts: CatalogueFacts = {
    products: Number(totals.products),
    brands: Number(totals.brands),
    countries: Number(totals.countries),
    countryNames: countries.map((c) => {
      try {
        return names.of(c.country) ?? c.country;
      } catch {
        return c.country;
      }
    }),
    categories: categories.map((c) => c.category),
    sampleBrands: brands.map((b) => b.brand),
  };
  cache.set(app, { at: Date.now(), facts });
  return facts;
}
