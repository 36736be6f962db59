import {
  BLOG_DEFAULT_AUDIENCE,
  BLOG_VARIANTS,
  type BlogDraft,
  type BlogDraftSummary,
  type BlogPost,
  type CreateBlogPostBody,
  type GenerateBlogBody,
  type PublicBlogPost,
  type PublicBlogPostSummary,
  readMinutes,
  splitBlogVariants,
  type UpdateBlogDraftBody,
  variantTitle,
} from '@giftrelay/contracts';
import type { FastifyInstance } from 'fastify';
import { AppError, notFound } from '../../lib/errors';
import { streamText, WriterError, writeBlogVariants, writerMode } from '../writer';
import { BLOG_SYSTEM_PROMPT, blogPrompt } from './prompt';
import * as repo from './repository';

type DraftRow = NonNullable<Awaited<ReturnType<typeof repo.getDraft>>>;
type PostRow = NonNullable<Awaited<ReturnType<typeof repo.getPost>>>;

const DRAFTS_LISTED = 100;
const POSTS_LISTED = 200;

/**
 * Writes the three variants, telling `onDelta` each piece as it arrives, then keeps them as a
 * draft. A WriterError's message is for the operator ('Generation Failed').
 */
export async function generateBlogDraft(
  app: FastifyInstance,
  userId: string,
  input: Required<Omit<GenerateBlogBody, 'seed'>> & { seed?: number },
  onDelta: (delta: string) => void,
  signal?: AbortSignal,
): Promise<{ draftId: string }> {
  const seed = input.seed ?? Math.floor(Math.random() * 2147483647);
  const supporting = input.supporting_keywords
    .split(/[,;\n]/)
    .map((k) => k.trim())
    .filter(Boolean);
  const audience = input.target_audience.trim() || BLOG_DEFAULT_AUDIENCE;
  const content = await streamText(
    app,
    {
      system: BLOG_SYSTEM_PROMPT,
      prompt: blogPrompt({ ...input, target_audience: audience }, supporting),
      seed,
      signal,
      builtIn: (s, facts) =>
        writeBlogVariants(
          {
            primaryKeyword: input.primary_keyword,
            supportingKeywords: supporting,
            audience,
            tone: input.tone_style,
            ctaFocus: input.cta_focus,
          },
          facts,
          s,
        ),
    },
    onDelta,
  );
  const variants = splitBlogVariants(content);
  if (!BLOG_VARIANTS.some((v) => variants[v].trim()))
    throw new WriterError('The writer’s answer had no ## VARIANT A, B or C sections.');
  const row = await repo.insertDraft(app.db, {
    primary_keyword: input.primary_keyword,
    supporting_keywords: input.supporting_keywords,
    target_audience: audience,
    tone_style: input.tone_style,
    cta_focus: input.cta_focus,
    seed,
    writer: writerMode(app),
    content: content.slice(0, 200_000),
    created_by: userId,
  });
  return { draftId: row.id };
}

function draftSummary(row: DraftRow): BlogDraftSummary {
  const edits = row.variant_edits ?? {};
  const a = edits.A ?? splitBlogVariants(row.content).A;
  return {
    id: row.id,
    title: variantTitle(a) ?? row.primary_keyword,
    primary_keyword: row.primary_keyword,
    tone_style: row.tone_style,
    cta_focus: row.cta_focus,
    writer: row.writer,
    edited: Object.keys(edits).length > 0,
    created_at: row.created_at.toISOString(),
    updated_at: row.updated_at.toISOString(),
  };
}

function draftOf(row: DraftRow): BlogDraft {
  const edits = row.variant_edits ?? {};
  return {
    ...draftSummary(row),
    supporting_keywords: row.supporting_keywords,
    target_audience: row.target_audience,
    seed: row.seed,
    content: row.content,
    variant_edits: { A: edits.A ?? null, B: edits.B ?? null, C: edits.C ?? null },
  };
}

export async function listDrafts(app: FastifyInstance) {
  const rows = await repo.listDrafts(app.db, DRAFTS_LISTED);
  return { success: true as const, data: rows.map(draftSummary), has_more: false, next_cursor: null };
}

export async function getDraft(app: FastifyInstance, id: string) {
  const row = await repo.getDraft(app.db, id);
  if (!row) throw notFound('Draft');
  return { success: true as const, draft: draftOf(row) };
}

export async function updateDraft(app: FastifyInstance, id: string, body: UpdateBlogDraftBody) {
  const row = await repo.setVariantEdit(app.db, id, body.variant, body.text);
  if (!row) throw notFound('Draft');
  return { success: true as const, draft: draftOf(row) };
}

export async function deleteDraft(app: FastifyInstance, id: string) {
  if (!(await repo.deleteDraft(app.db, id))) throw notFound('Draft');
  return { success: true as const, message: 'Draft deleted' };
}

function postOf(row: PostRow): BlogPost {
  return {
    id: row.id,
    slug: row.slug,
    title: row.title,
    excerpt: row.excerpt,
    category: row.category,
    body_markdown: row.body_markdown,
    draft_id: row.draft_id,
    published: row.published,
    published_at: row.published_at.toISOString(),
    created_at: row.created_at.toISOString(),
    updated_at: row.updated_at.toISOString(),
  };
}

/** The post's body without a leading `# title` line: the page shows the title itself. */
export function withoutTitleLine(markdown: string): string {
  return markdown.replace(/^\s*#\s+[^\n]*\n+/, '').trim();
}

export async function createPost(app: FastifyInstance, userId: string, body: CreateBlogPostBody) {
  if (body.draft_id && !(await repo.getDraft(app.db, body.draft_id)))
    throw new AppError('VALIDATION_ERROR', 'There is no such draft', [
      { path: 'body.draft_id', message: 'There is no such draft' },
    ]);
  const markdown = withoutTitleLine(body.body_markdown);
  if (!markdown)
    throw new AppError('VALIDATION_ERROR', 'The post needs a body', [
      { path: 'body.body_markdown', message: 'The post needs a body beyond its title' },
    ]);
  const row = await repo.insertPost(app.db, {
    slug: body.slug,
    title: body.title,
    excerpt: body.excerpt,
    category: body.category,
    body_markdown: markdown,
    draft_id: body.draft_id ?? null,
    created_by: userId,
  });
  if (!row)
    throw new AppError('CONFLICT', 'Another post already has this slug', [
      { path: 'body.slug', message: 'Another post already has this slug' },
    ]);
  return { success: true as const, post: postOf(row) };
}

export async function listOperatorPosts(app: FastifyInstance) {
  const rows = await repo.listPosts(app.db, POSTS_LISTED);
  return { success: true as const, data: rows.map(postOf), has_more: false, next_cursor: null };
}

export async function setPublished(app: FastifyInstance, id: string, published: boolean) {
  const row = await repo.setPublished(app.db, id, published);
  if (!row) throw notFound('Post');
  return { success: true as const, post: postOf(row) };
}

type PublishedRow = NonNullable<Awaited<ReturnType<typeof repo.findPublished>>>;

function publicSummary(row: PublishedRow): PublicBlogPostSummary {
  return {
    slug: row.slug,
    title: row.title,
    excerpt: row.excerpt,
    category: row.category,
    published_at: row.published_at.toISOString(),
    read_minutes: readMinutes(row.body_markdown),
  };
}

export async function listPublished(app: FastifyInstance) {
  const rows = await repo.listPublished(app.db, POSTS_LISTED);
  return { success: true as const, data: rows.map(publicSummary), has_more: false, next_cursor: null };
}

export async function findPublished(app: FastifyInstance, slug: string): Promise<PublicBlogPost | null> {
  const row = await repo.findPublished(app.db, slug);
  if (!row) return null;
  return { ...publicSummary(row), body_markdown: row.body_markdown, updated_at: row.updated_at.toISOString() };
}

export async function getPublished(app: FastifyInstance, slug: string) {
  const post = await findPublished(app, slug);
  if (!post) throw notFound('Post');
  return { success: true as const, post };
}
