import {
  CatalogFacetsSchema,
  CatalogFiltersSchema,
  ErrorBodySchema,
  ProductCodeParamsSchema,
  ProductListQuerySchema,
  ProductListResponseSchema,
  ProductResponseSchema,
} from '@giftrelay/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { notFound } from '../../lib/errors';
import { findProductLogo } from './repository';
import { getApiProduct, getFacets, listProducts } from './service';

// The catalogue changes only when a sync runs; a minute of caching spares repeat requests.
const CATALOG_CACHE = 'public, max-age=60';

/** The catalogue, readable without signing in (the spec's anonymous key). */
export const catalogRoutes: FastifyPluginAsyncZod = async (app) => {
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
      const { products, nextCursor } = await listProducts(app.db, request.query);
      reply.header('cache-control', CATALOG_CACHE);
      return { success: true as const, products, next_cursor: nextCursor };
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
      reply.header('cache-control', CATALOG_CACHE);
      return getFacets(app.db, request.query, app.giftCards.isSandbox);
    },
  );
};
