import {
  CatalogFacetsSchema,
  CatalogFiltersSchema,
  listPage,
  ProductCodeParamsSchema,
  ProductListQuerySchema,
  ProductListResponseSchema,
  ProductResponseSchema,
} from '@giftrelay/contracts';
import type { FastifyReply } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { notFound } from '../../lib/errors';
import { errorResponses, mediaResponse, PUBLIC } from '../../lib/openapi';
import { CatalogCache } from './cache';
import { findProductLogo } from './repository';
import { catalogFilter, getApiProduct, getFacets, listProducts } from './service';

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

  // A listing asked for again with the very same URL is the very same answer: it is sent from the
  // cache before the query is parsed and checked again (bench:api, issue 12). Only URLs that were
  // checked and answered 200 are kept under this key.
  const exactUrl = (url: string) => `url:${url}`;

  app.get(
    '/products',
    {
      onRequest: (request, reply, done) => {
        const body = cache.peek(exactUrl(request.url));
        if (body === undefined) return done();
        sendJson(reply, body);
      },
      schema: {
        operationId: 'listProducts',
        summary: 'List available products, filtered, sorted (name by default), a page at a time',
        tags: ['catalog'],
        security: PUBLIC,
        querystring: ProductListQuerySchema,
        response: { 200: ProductListResponseSchema, ...errorResponses(400) },
      },
    },
    async (request, reply) => {
      const q = request.query;
      // Keyed by the filters as they are queried (the search folded), so "Caffè" and "caffe" share.
      const key = JSON.stringify(['products', catalogFilter(q), q.sort, q.cursor, q.limit]);
      const body = await cache.get(key, async () => {
        const { products, nextCursor } = await listProducts(app.db, q, app.cursors);
        return JSON.stringify(
          ProductListResponseSchema.parse({ success: true, ...listPage(products, nextCursor), products }),
        );
      });
      cache.remember(exactUrl(request.url), body);
      return sendJson(reply, body);
    },
  );

  app.get(
    '/products/:code',
    {
      schema: {
        operationId: 'getProduct',
        summary: 'One product by code, also after the provider stopped offering it',
        tags: ['catalog'],
        security: PUBLIC,
        params: ProductCodeParamsSchema,
        response: { 200: ProductResponseSchema, ...errorResponses(400, 404) },
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
        operationId: 'getProductLogo',
        summary: "A product's logo (SVG)",
        description: 'Answers with an `ETag`; a request with a matching `If-None-Match` gets 304 and no body.',
        tags: ['catalog'],
        security: PUBLIC,
        params: ProductCodeParamsSchema,
        response: {
          200: mediaResponse('image/svg+xml', 'The logo'),
          304: { description: 'Not modified: the logo is the one the `If-None-Match` ETag names', content: {} },
          ...errorResponses(400, 404),
        },
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
        operationId: 'listCatalogFacets',
        summary: 'The countries, currencies and categories on offer, each counted under the other filters',
        tags: ['catalog'],
        security: PUBLIC,
        querystring: CatalogFiltersSchema,
        response: { 200: CatalogFacetsSchema, ...errorResponses(400) },
      },
    },
    async (request, reply) => {
      const key = JSON.stringify(['facets', catalogFilter(request.query)]);
      const body = await cache.get(key, async () =>
        JSON.stringify(CatalogFacetsSchema.parse(await getFacets(app.db, request.query, app.giftCards.isSandbox))),
      );
      return sendJson(reply, body);
    },
  );
};
