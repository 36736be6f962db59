import {
  CatalogFacetsSchema,
  CatalogFiltersSchema,
  ErrorBodySchema,
  ProductCodeParamsSchema,
  ProductListQuerySchema,
  ProductListResponseSchema,
  ProductResponseSchema,
} from '@giftrelay/contracts';
import type { FastifyReply } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { notFound } from '../../lib/errors';
import { CatalogCache } from './cache';
import { findProductLogo } from './repository';
import { getApiProduct, getFacets, listProducts, searchable } from './service';

// The catalogue changes only when a sync runs; a minute of caching spares repeat requests.
const CATALOG_CACHE = 'public, max-age=60';

/** Sends JSON already serialised (and checked against its schema) by the cache's producer. */
function sendJson(reply: FastifyReply, body: string) {
  return reply.header('cache-control', CATALOG_CACHE).type('application/json; charset=utf-8').send(body);
}

/**
 * The catalogue, readable without signing in (the spec's anonymous key). Listings and facets are
 * answered from memory while the catalogue is unchanged (`cacheSeconds`, 0 to turn it off).
 */
export const catalogRoutes: FastifyPluginAsyncZod<{ cacheSeconds: number }> = async (app, opts) => {
  const cache = new CatalogCache({ ttlSeconds: opts.cacheSeconds });

  app.get(
    '/products',
    {
      schema: {
        summary: 'List available products, filtered, in name order, a page at a time',
        tags: ['catalog'],
        querystring: ProductListQuerySchema,
        response: { 200: ProductListResponseSchema, 400: ErrorBodySchema },
      },
    },
    async (request, reply) => {
      const q = request.query;
      const key = JSON.stringify([
        'products',
        q.country,
        q.currency,
        q.category,
        q.minValue,
        q.maxValue,
        q.q && searchable(q.q),
        q.cursor,
        q.limit,
      ]);
      const body = await cache.get(key, async () => {
        const { products, nextCursor } = await listProducts(app.db, q);
        return JSON.stringify(ProductListResponseSchema.parse({ success: true, products, next_cursor: nextCursor }));
      });
      return sendJson(reply, body);
    },
  );

  app.get(
    '/products/:code',
    {
      schema: {
        summary: 'One product by code, also after the provider stopped offering it',
        tags: ['catalog'],
        params: ProductCodeParamsSchema,
        response: { 200: ProductResponseSchema, 404: ErrorBodySchema },
      },
    },
    async (request, reply) => {
      const product = await getApiProduct(app.db, request.params.code);
      if (!product) throw notFound('Product');
      reply.header('cache-control', CATALOG_CACHE);
      return { success: true as const, product };
    },
  );

  app.get(
    '/products/:code/logo.svg',
    {
      schema: {
        summary: "A product's logo (SVG)",
        tags: ['catalog'],
        params: ProductCodeParamsSchema,
        produces: ['image/svg+xml'],
      },
    },
    async (request, reply) => {
      const logo = await findProductLogo(app.db, request.params.code);
      if (!logo) throw notFound('Logo');
      const etag = `"${logo.hash}"`;
      reply.header('etag', etag).header('cache-control', 'public, max-age=86400');
      if (request.headers['if-none-match'] === etag) return reply.status(304).send();
      return reply.type('image/svg+xml').send(logo.svg);
    },
  );

  app.get(
    '/catalog/facets',
    {
      schema: {
        summary: 'The countries, currencies and categories on offer, with counts',
        tags: ['catalog'],
        querystring: CatalogFiltersSchema,
        response: { 200: CatalogFacetsSchema, 400: ErrorBodySchema },
      },
    },
    async (request, reply) => {
      const { country, currency, category } = request.query;
      const body = await cache.get(JSON.stringify(['facets', country, currency, category]), async () =>
        JSON.stringify(CatalogFacetsSchema.parse(await getFacets(app.db, request.query, app.giftCards.isSandbox))),
      );
      return sendJson(reply, body);
    },
  );
};
