import { PassThrough } from 'node:stream';
import {
  BlogDraftParamsSchema,
  BlogDraftResponseSchema,
  BlogPostParamsSchema,
  BlogPostResponseSchema,
  type BlogStreamEvent,
  CreateBlogPostBodySchema,
  GenerateBlogBodySchema,
  ListBlogDraftsResponseSchema,
  ListOperatorBlogPostsResponseSchema,
  ListPublicBlogPostsResponseSchema,
  MessageResponseSchema,
  PublicBlogPostParamsSchema,
  PublicBlogPostResponseSchema,
  UpdateBlogDraftBodySchema,
} from '@giftrelay/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { BEARER, BODY_ERRORS, errorResponses, mediaResponse, PUBLIC } from '../../lib/openapi';
import { operatorGuard } from '../operators';
import { WriterError, writerMode } from '../writer';
import * as service from './service';

/** One server-sent event: its name, and its JSON on one data line. */
function sse(event: BlogStreamEvent): string {
  const { event: name, ...data } = event;
  return `event: ${name}\ndata: ${JSON.stringify(data)}\n\n`;
}

/** The blog generator and its drafts and posts (decision 050): operators only; reading posts is public. */
export const blogRoutes: FastifyPluginAsyncZod = async (app) => {
  const guard = operatorGuard(app);
  const tags = ['blog'];
  const userId = (request: { auth: { userId: string | null } }) => request.auth.userId as string;

  app.post(
    '/operator/blog/generate',
    {
      onRequest: guard,
      schema: {
        operationId: 'generateBlogPost',
        summary:
          'Write three tone variants of a blog article, streamed as server-sent events, and keep them as a draft',
        description:
          'Answers `text/event-stream`: `start` {writer}, `delta` {text} for each piece as it is written, then `done` {draft_id} once the draft is saved. A failure of the writer after the stream began (an LLM error or timeout) is an `error` event {message}, and the stream ends.',
        tags,
        security: BEARER,
        body: GenerateBlogBodySchema,
        response: {
          200: mediaResponse('text/event-stream', 'The article as it is written, then the saved draft'),
          ...errorResponses(...BODY_ERRORS, 404, 429),
        },
      },
    },
    async (request, reply) => {
      const stream = new PassThrough();
      const aborted = new AbortController();
      // The operator closed the page: stop writing (an LLM call is cancelled too).
      reply.raw.on('close', () => {
        if (!reply.raw.writableFinished) aborted.abort();
      });
      stream.write(sse({ event: 'start', writer: writerMode(app) }));
      const body = request.body;
      service
        .generateBlogDraft(
          app,
          userId(request),
          {
            primary_keyword: body.primary_keyword,
            supporting_keywords: body.supporting_keywords ?? '',
            target_audience: body.target_audience ?? '',
            tone_style: body.tone_style ?? 'authoritative',
            cta_focus: body.cta_focus ?? 'signup',
            seed: body.seed,
          },
          (text) => stream.write(sse({ event: 'delta', text })),
          aborted.signal,
        )
        .then(({ draftId }) => stream.end(sse({ event: 'done', draft_id: draftId })))
        .catch((err: unknown) => {
          if (!(err instanceof WriterError)) request.log.error({ err }, 'blog generation failed');
          else request.log.warn({ message: err.message }, 'blog generation failed');
          const message = err instanceof WriterError ? err.message : 'Please try again.';
          stream.end(sse({ event: 'error', message }));
        });
      return reply
        .header('cache-control', 'no-cache, no-transform')
        .header('x-accel-buffering', 'no')
        .type('text/event-stream; charset=utf-8')
        .send(stream as unknown as string);
    },
  );

  app.get(
    '/operator/blog/drafts',
    {
      onRequest: guard,
      schema: {
        operationId: 'listBlogDrafts',
        summary: 'The blog generator’s drafts, newest first (the latest 100)',
        tags,
        security: BEARER,
        response: { 200: ListBlogDraftsResponseSchema, ...errorResponses(404, 429) },
      },
    },
    async () => service.listDrafts(app),
  );

  app.get(
    '/operator/blog/drafts/:id',
    {
      onRequest: guard,
      schema: {
        operationId: 'getBlogDraft',
        summary: 'A draft with its three variants and any edits',
        tags,
        security: BEARER,
        params: BlogDraftParamsSchema,
        response: { 200: BlogDraftResponseSchema, ...errorResponses(400, 404, 429) },
      },
    },
    async (request) => service.getDraft(app, request.params.id),
  );

  app.patch(
    '/operator/blog/drafts/:id',
    {
      onRequest: guard,
      schema: {
        operationId: 'updateBlogDraft',
        summary: 'Keep an edited text for one variant (null returns it to the writer’s text)',
        tags,
        security: BEARER,
        params: BlogDraftParamsSchema,
        body: UpdateBlogDraftBodySchema,
        response: { 200: BlogDraftResponseSchema, ...errorResponses(...BODY_ERRORS, 404, 429) },
      },
    },
    async (request) => service.updateDraft(app, request.params.id, request.body),
  );

  app.delete(
    '/operator/blog/drafts/:id',
    {
      onRequest: guard,
      schema: {
        operationId: 'deleteBlogDraft',
        summary: 'Delete a draft (a post published from it stays)',
        tags,
        security: BEARER,
        params: BlogDraftParamsSchema,
        response: { 200: MessageResponseSchema, ...errorResponses(400, 404, 429) },
      },
    },
    async (request) => service.deleteDraft(app, request.params.id),
  );

  app.get(
    '/operator/blog-posts',
    {
      onRequest: guard,
      schema: {
        operationId: 'listOperatorBlogPosts',
        summary: 'Posts published from the generator, published or not, newest first',
        tags,
        security: BEARER,
        response: { 200: ListOperatorBlogPostsResponseSchema, ...errorResponses(404, 429) },
      },
    },
    async () => service.listOperatorPosts(app),
  );

  app.post(
    '/operator/blog-posts',
    {
      onRequest: guard,
      schema: {
        operationId: 'createBlogPost',
        summary: 'Publish a post at /blog/{slug}',
        description:
          'The slug is unique (409 CONFLICT naming `body.slug` when taken) and may not be one of the six built-in articles’ or `generator`. A leading `# title` line of the body is dropped: the page shows the title.',
        tags,
        security: BEARER,
        body: CreateBlogPostBodySchema,
        response: { 200: BlogPostResponseSchema, ...errorResponses(...BODY_ERRORS, 404, 409, 429) },
      },
    },
    async (request) => service.createPost(app, userId(request), request.body),
  );

  for (const [action, published] of [
    ['unpublish', false],
    ['publish', true],
  ] as const) {
    app.post(
      `/operator/blog-posts/:id/${action}`,
      {
        onRequest: guard,
        schema: {
          operationId: published ? 'republishBlogPost' : 'unpublishBlogPost',
          summary: published
            ? 'Publish a post again at its slug'
            : 'Take a post off the blog (its page answers 404; it can be published again)',
          tags,
          security: BEARER,
          params: BlogPostParamsSchema,
          response: { 200: BlogPostResponseSchema, ...errorResponses(400, 404, 429) },
        },
      },
      async (request) => service.setPublished(app, request.params.id, published),
    );
  }

  app.get(
    '/blog-posts',
    {
      schema: {
        operationId: 'listBlogPosts',
        summary: 'Published blog posts, newest first (beside the six built-in articles)',
        tags,
        security: PUBLIC,
        response: { 200: ListPublicBlogPostsResponseSchema, ...errorResponses(429) },
      },
    },
    async () => service.listPublished(app),
  );

  app.get(
    '/blog-posts/:slug',
    {
      schema: {
        operationId: 'getBlogPost',
        summary: 'A published blog post',
        tags,
        security: PUBLIC,
        params: PublicBlogPostParamsSchema,
        response: { 200: PublicBlogPostResponseSchema, ...errorResponses(400, 404, 429) },
      },
    },
    async (request) => service.getPublished(app, request.params.slug),
  );
};
