import {
  CreateTestimonialBodySchema,
  DeleteTestimonialResponseSchema,
  ListOperatorTestimonialsQuerySchema,
  ListOperatorTestimonialsResponseSchema,
  ListPublicTestimonialsQuerySchema,
  ListPublicTestimonialsResponseSchema,
  TestimonialParamsSchema,
  TestimonialResponseSchema,
  UpdateTestimonialBodySchema,
} from '@giftrelay/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { BEARER, BODY_ERRORS, errorResponses, PUBLIC } from '../../lib/openapi';
import { operatorGuard } from '../operators';
import {
  approvedTestimonialsCache,
  createTestimonial,
  deleteTestimonial,
  listForOperators,
  updateTestimonial,
} from './service';

/** How long the public read is kept, in this process and in browsers and caches on the way. */
const PUBLIC_CACHE_SECONDS = 30;

/**
 * Testimonials (decision 048): operators add, edit, approve, reject and delete them under
 * /operator/testimonials (404 to anyone else, decision 041); anyone reads the approved ones.
 */
export const testimonialRoutes: FastifyPluginAsyncZod = async (app) => {
  const guard = operatorGuard(app);
  const tags = ['testimonials'];
  const approved = approvedTestimonialsCache(app, PUBLIC_CACHE_SECONDS * 1000);

  app.get(
    '/testimonials',
    {
      schema: {
        operationId: 'listTestimonials',
        summary: 'Approved testimonials, newest first (2 unless `limit` asks for up to 10); no sign-in needed',
        tags,
        security: PUBLIC,
        querystring: ListPublicTestimonialsQuerySchema,
        response: { 200: ListPublicTestimonialsResponseSchema, ...errorResponses(400, 429) },
      },
    },
    async (request, reply) => {
      reply.header('cache-control', `public, max-age=${PUBLIC_CACHE_SECONDS}`);
      return approved.get(request.query.limit);
    },
  );

  app.get(
    '/operator/testimonials',
    {
      onRequest: guard,
      schema: {
        operationId: 'listOperatorTestimonials',
        summary: 'Every testimonial, newest first, optionally of one status',
        tags,
        security: BEARER,
        querystring: ListOperatorTestimonialsQuerySchema,
        response: { 200: ListOperatorTestimonialsResponseSchema, ...errorResponses(400, 404, 429) },
      },
    },
    async (request) => listForOperators(app, request.query),
  );

  app.post(
    '/operator/testimonials',
    {
      onRequest: guard,
      schema: {
        operationId: 'createTestimonial',
        summary: 'Add a testimonial (pending unless a status is given)',
        tags,
        security: BEARER,
        body: CreateTestimonialBodySchema,
        response: { 201: TestimonialResponseSchema, ...errorResponses(...BODY_ERRORS, 404, 429) },
      },
    },
    async (request, reply) => {
      const created = await createTestimonial(app, request.auth.userId as string, request.body);
      approved.clear();
      return reply.status(201).send(created);
    },
  );

  app.patch(
    '/operator/testimonials/:id',
    {
      onRequest: guard,
      schema: {
        operationId: 'updateTestimonial',
        summary: 'Edit a testimonial, or approve or reject it (its status)',
        tags,
        security: BEARER,
        params: TestimonialParamsSchema,
        body: UpdateTestimonialBodySchema,
        response: { 200: TestimonialResponseSchema, ...errorResponses(...BODY_ERRORS, 404, 429) },
      },
    },
    async (request) => {
      const updated = await updateTestimonial(app, request.params.id, request.body);
      approved.clear();
      return updated;
    },
  );

  app.delete(
    '/operator/testimonials/:id',
    {
      onRequest: guard,
      schema: {
        operationId: 'deleteTestimonial',
        summary: 'Delete a testimonial',
        tags,
        security: BEARER,
        params: TestimonialParamsSchema,
        response: { 200: DeleteTestimonialResponseSchema, ...errorResponses(400, 404, 429) },
      },
    },
    async (request) => {
      const deleted = await deleteTestimonial(app, request.params.id);
      approved.clear();
      return deleted;
    },
  );
};
