import {
  DeleteLandingPageResponseSchema,
  GenerateLandingCopyBodySchema,
  GenerateLandingCopyResponseSchema,
  HeroImageBodySchema,
  HeroImageResponseSchema,
  LandingPageInputSchema,
  LandingPageParamsSchema,
  LandingPageResponseSchema,
  ListLandingPagesResponseSchema,
  PublishedLandingPageResponseSchema,
  UpdateLandingPageBodySchema,
} from '@giftrelay/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { BEARER, BODY_ERRORS, errorResponses, PUBLIC } from '../../lib/openapi';
import { operatorGuard } from '../operators';
import * as service from './service';

/**
 * Landing pages (decision 051). The generator and the saved pages are the operators' (to anyone
 * else they do not exist: 404, decision 041); a published page is public.
 */
export const landingPageRoutes: FastifyPluginAsyncZod = async (app) => {
  // onRequest, before the body is read or checked: a bad body from a non-operator is 404 too.
  const guard = operatorGuard(app);
  const userId = (request: { auth: { userId: string | null } }) => request.auth.userId as string;
  const tags = ['landing-pages'];

  app.post(
    '/operator/landing-pages/generate',
    {
      onRequest: guard,
      schema: {
        operationId: 'generateLandingCopy',
        summary: "Write a landing page's copy for a keyword, audience and offer",
        description:
          'With an LLM configured (LLM_BASE_URL, LLM_API_KEY) it writes the copy; otherwise the built-in writer does, varied by `seed`. 503 `SERVICE_UNAVAILABLE` when the LLM fails.',
        tags,
        security: BEARER,
        body: GenerateLandingCopyBodySchema,
        response: { 200: GenerateLandingCopyResponseSchema, ...errorResponses(...BODY_ERRORS, 404, 429, 503) },
      },
    },
    async (request) => service.generateCopy(app, request.body),
  );

  app.post(
    '/operator/landing-pages/hero-image',
    {
      onRequest: guard,
      schema: {
        operationId: 'generateHeroImage',
        summary: 'Draw the hero image for a visual style and keyword (an SVG as a data: URL)',
        tags,
        security: BEARER,
        body: HeroImageBodySchema,
        response: { 200: HeroImageResponseSchema, ...errorResponses(...BODY_ERRORS, 404, 429) },
      },
    },
    async (request) => service.heroImage(request.body),
  );

  app.get(
    '/operator/landing-pages',
    {
      onRequest: guard,
      schema: {
        operationId: 'listLandingPages',
        summary: 'Saved landing pages, published and unpublished, last changed first',
        tags,
        security: BEARER,
        response: { 200: ListLandingPagesResponseSchema, ...errorResponses(404, 429) },
      },
    },
    async () => service.listPages(app),
  );

  app.get(
    '/operator/landing-pages/:slug',
    {
      onRequest: guard,
      schema: {
        operationId: 'getLandingPage',
        summary: 'A saved landing page, published or not',
        tags,
        security: BEARER,
        params: LandingPageParamsSchema,
        response: { 200: LandingPageResponseSchema, ...errorResponses(400, 404, 429) },
      },
    },
    async (request) => service.getPage(app, request.params.slug),
  );

  app.put(
    '/operator/landing-pages/:slug',
    {
      onRequest: guard,
      schema: {
        operationId: 'publishLandingPage',
        summary: 'Publish a landing page at /lp/{slug}: created (201), or replaced in place (200)',
        description:
          "The slug is the primary keyword's (lower-cased, spaces to hyphens, other characters made URL-safe). Publishing again keeps the address and the first publication time.",
        tags,
        security: BEARER,
        params: LandingPageParamsSchema,
        body: LandingPageInputSchema,
        response: {
          200: LandingPageResponseSchema,
          201: LandingPageResponseSchema,
          ...errorResponses(...BODY_ERRORS, 404, 429),
        },
      },
    },
    async (request, reply) => {
      const { created, body } = await service.publishPage(app, userId(request), request.params.slug, request.body);
      return reply.status(created ? 201 : 200).send(body);
    },
  );

  app.patch(
    '/operator/landing-pages/:slug',
    {
      onRequest: guard,
      schema: {
        operationId: 'updateLandingPage',
        summary: "Edit a saved page's copy and options (its keyword and address stay)",
        tags,
        security: BEARER,
        params: LandingPageParamsSchema,
        body: UpdateLandingPageBodySchema,
        response: { 200: LandingPageResponseSchema, ...errorResponses(...BODY_ERRORS, 404, 429) },
      },
    },
    async (request) => service.updatePage(app, request.params.slug, request.body),
  );

  app.post(
    '/operator/landing-pages/:slug/unpublish',
    {
      onRequest: guard,
      schema: {
        operationId: 'unpublishLandingPage',
        summary: 'Take a page off /lp/{slug} and the sitemap; it stays saved',
        tags,
        security: BEARER,
        params: LandingPageParamsSchema,
        response: { 200: LandingPageResponseSchema, ...errorResponses(400, 404, 429) },
      },
    },
    async (request) => service.unpublishPage(app, request.params.slug),
  );

  app.delete(
    '/operator/landing-pages/:slug',
    {
      onRequest: guard,
      schema: {
        operationId: 'deleteLandingPage',
        summary: 'Delete a landing page',
        tags,
        security: BEARER,
        params: LandingPageParamsSchema,
        response: { 200: DeleteLandingPageResponseSchema, ...errorResponses(400, 404, 429) },
      },
    },
    async (request) => service.deletePage(app, request.params.slug),
  );

  app.get(
    '/landing-pages/:slug',
    {
      schema: {
        operationId: 'getPublishedLandingPage',
        summary: 'A published landing page, for /lp/{slug}',
        tags,
        security: PUBLIC,
        params: LandingPageParamsSchema,
        response: { 200: PublishedLandingPageResponseSchema, ...errorResponses(400, 404, 429) },
      },
    },
    async (request) => service.getPublishedPage(app, request.params.slug),
  );
};
