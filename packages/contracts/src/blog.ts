import { z } from 'zod';
import { listEnvelope } from './lists';
import { safeText } from './primitives';
import { BLOG_ARTICLE_SLUGS } from './routes';

/**
 * The blog generator (issue 14, decision 050): the spec's five fields, the drafts every
 * generation leaves, and the posts published from them at /blog/{slug}.
 */
export const BLOG_TONES = ['authoritative', 'consultative', 'conversational'] as const;
export const BlogToneSchema = z.enum(BLOG_TONES, {
  error: 'Choose one of: authoritative, consultative, conversational',
});
export type BlogTone = z.infer<typeof BlogToneSchema>;

export const BLOG_CTA_FOCUSES = ['signup', 'demo', 'trial', 'case_study'] as const;
export const BlogCtaFocusSchema = z.enum(BLOG_CTA_FOCUSES, { error: 'Choose one of: signup, demo, trial, case_study' });
export type BlogCtaFocus = z.infer<typeof BlogCtaFocusSchema>;

export const BLOG_VARIANTS = ['A', 'B', 'C'] as const;
export const BlogVariantSchema = z.enum(BLOG_VARIANTS, { error: 'Choose one of: A, B, C' });
export type BlogVariant = z.infer<typeof BlogVariantSchema>;
/** The tabs: Variant A Authoritative, B Consultative, C Conversational. */
export const BLOG_VARIANT_TONES: Record<BlogVariant, BlogTone> = {
  A: 'authoritative',
  B: 'consultative',
  C: 'conversational',
};

export const BLOG_DEFAULT_AUDIENCE = 'HR managers, marketing ops, finance managers';
export const MISSING_KEYWORD_MESSAGE = 'Please provide at least a primary keyword.';

export const BLOG_LIMITS = {
  primaryKeyword: 120,
  supportingKeywords: 500,
  targetAudience: 200,
  variantText: 60_000,
  title: 160,
  slug: 80,
  excerpt: 300,
  category: 60,
  body: 100_000,
} as const;

/** The spec's generate-blog-post request, with an optional seed (the same seed, the same built-in draft). */
export const GenerateBlogBodySchema = z.object({
  primary_keyword: safeText({
    min: 1,
    max: BLOG_LIMITS.primaryKeyword,
    required: MISSING_KEYWORD_MESSAGE,
    tooShort: MISSING_KEYWORD_MESSAGE,
    tooLong: `Primary keyword must be at most ${BLOG_LIMITS.primaryKeyword} characters`,
  }),
  supporting_keywords: safeText({
    max: BLOG_LIMITS.supportingKeywords,
    tooLong: `Supporting keywords must be at most ${BLOG_LIMITS.supportingKeywords} characters`,
  }).default(''),
  target_audience: safeText({
    max: BLOG_LIMITS.targetAudience,
    tooLong: `Target audience must be at most ${BLOG_LIMITS.targetAudience} characters`,
  }).default(BLOG_DEFAULT_AUDIENCE),
  tone_style: BlogToneSchema.default('authoritative'),
  cta_focus: BlogCtaFocusSchema.default('signup'),
  seed: z
    .number({ error: 'seed must be a whole number from 0 to 2147483647' })
    .int('seed must be a whole number from 0 to 2147483647')
    .min(0, 'seed must be a whole number from 0 to 2147483647')
    .max(2147483647, 'seed must be a whole number from 0 to 2147483647')
    .optional(),
});
export type GenerateBlogBody = z.input<typeof GenerateBlogBodySchema>;

/**
 * The generate endpoint answers `text/event-stream`: `start` {writer}, then `delta` {text} as the
 * writer writes, then `done` {draft_id} once the draft is saved, or `error` {message} (the
 * operator sees 'Generation Failed' with it) at any point after `start`.
 */
export const BlogStreamEventSchema = z.discriminatedUnion('event', [
  z.object({ event: z.literal('start'), writer: z.enum(['built_in', 'llm']) }),
  z.object({ event: z.literal('delta'), text: z.string() }),
  z.object({ event: z.literal('done'), draft_id: z.uuid() }),
  z.object({ event: z.literal('error'), message: z.string() }),
]);
export type BlogStreamEvent = z.infer<typeof BlogStreamEventSchema>;

export const WriterModeSchema = z.enum(['built_in', 'llm']);

export const BlogDraftSummarySchema = z.object({
  id: z.uuid(),
  /** Variant A's title (its first `# ` line), or the keyword. */
  title: z.string(),
  primary_keyword: z.string(),
  tone_style: BlogToneSchema,
  cta_focus: BlogCtaFocusSchema,
  writer: WriterModeSchema,
  edited: z.boolean().meta({ description: 'Whether any variant has been edited' }),
  created_at: z.string().meta({ description: 'ISO 8601, UTC' }),
  updated_at: z.string().meta({ description: 'ISO 8601, UTC' }),
});
export type BlogDraftSummary = z.infer<typeof BlogDraftSummarySchema>;

export const BlogDraftSchema = BlogDraftSummarySchema.extend({
  supporting_keywords: z.string(),
  target_audience: z.string(),
  seed: z.number().int(),
  /** The writer's whole answer, as written: '## VARIANT A' … '## VARIANT C'. */
  content: z.string(),
  /** An operator's edits by variant; null where the variant is as written. */
  variant_edits: z.object({ A: z.string().nullable(), B: z.string().nullable(), C: z.string().nullable() }),
});
export type BlogDraft = z.infer<typeof BlogDraftSchema>;

export const BlogDraftResponseSchema = z.object({ success: z.literal(true), draft: BlogDraftSchema });
export const ListBlogDraftsResponseSchema = listEnvelope(BlogDraftSummarySchema);
export const BlogDraftParamsSchema = z.object({ id: z.uuid('id must be a UUID') });
export const BlogPostParamsSchema = BlogDraftParamsSchema;

export const UpdateBlogDraftBodySchema = z.object({
  variant: BlogVariantSchema,
  /** The variant's edited Markdown; null returns it to the writer's text. */
  text: safeText({
    min: 1,
    max: BLOG_LIMITS.variantText,
    multiline: true,
    tooShort: 'The variant text must not be empty',
    tooLong: `The variant text must be at most ${BLOG_LIMITS.variantText} characters`,
  }).nullable(),
});
export type UpdateBlogDraftBody = z.infer<typeof UpdateBlogDraftBodySchema>;

/** Slugs a post may not take: the six articles' and the generator's own page. */
export const RESERVED_BLOG_SLUGS: readonly string[] = [...BLOG_ARTICLE_SLUGS, 'generator'];
export const BLOG_SLUG_PATTERN = /^[a-z0-9]+(-[a-z0-9]+)*$/;

/** A title as a slug: lower case, words joined by hyphens, accents dropped. */
export function slugify(text: string): string {
  return text
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, BLOG_LIMITS.slug)
    .replace(/-+$/, '');
}

export const BlogSlugSchema = z
  .string({ error: 'Slug is required' })
  .trim()
  .min(1, 'Slug is required')
  .max(BLOG_LIMITS.slug, `Slug must be at most ${BLOG_LIMITS.slug} characters`)
  .regex(
    BLOG_SLUG_PATTERN,
    'Slug must be lower-case letters and digits joined by single hyphens, such as my-first-post',
  )
  .refine((slug) => !RESERVED_BLOG_SLUGS.includes(slug), 'This slug belongs to one of the built-in articles');

export const CreateBlogPostBodySchema = z.object({
  title: safeText({
    min: 1,
    max: BLOG_LIMITS.title,
    required: 'Title is required',
    tooShort: 'Title is required',
    tooLong: `Title must be at most ${BLOG_LIMITS.title} characters`,
  }),
  slug: BlogSlugSchema,
  excerpt: safeText({
    min: 1,
    max: BLOG_LIMITS.excerpt,
    required: 'Excerpt is required',
    tooShort: 'Excerpt is required',
    tooLong: `Excerpt must be at most ${BLOG_LIMITS.excerpt} characters`,
  }),
  category: safeText({
    min: 1,
    max: BLOG_LIMITS.category,
    required: 'Category is required',
    tooShort: 'Category is required',
    tooLong: `Category must be at most ${BLOG_LIMITS.category} characters`,
  }),
  body_markdown: safeText({
    min: 1,
    max: BLOG_LIMITS.body,
    multiline: true,
    required: 'The post needs a body',
    tooShort: 'The post needs a body',
    tooLong: `The body must be at most ${BLOG_LIMITS.body} characters`,
  }),
  draft_id: z.uuid('draft_id must be a UUID').optional(),
});
export type CreateBlogPostBody = z.infer<typeof CreateBlogPostBodySchema>;

export const BlogPostSchema = z.object({
  id: z.uuid(),
  slug: z.string(),
  title: z.string(),
  excerpt: z.string(),
  category: z.string(),
  body_markdown: z.string(),
  draft_id: z.uuid().nullable(),
  published: z.boolean(),
  published_at: z.string().meta({ description: 'ISO 8601, UTC: first published' }),
  created_at: z.string().meta({ description: 'ISO 8601, UTC' }),
  updated_at: z.string().meta({ description: 'ISO 8601, UTC' }),
});
export type BlogPost = z.infer<typeof BlogPostSchema>;
export const BlogPostResponseSchema = z.object({ success: z.literal(true), post: BlogPostSchema });
export const ListOperatorBlogPostsResponseSchema = listEnvelope(BlogPostSchema);

/** A published post as anyone reads it. */
export const PublicBlogPostSummarySchema = z.object({
  slug: z.string(),
  title: z.string(),
  excerpt: z.string(),
  category: z.string(),
  published_at: z.string().meta({ description: 'ISO 8601, UTC' }),
  read_minutes: z.number().int().meta({ description: 'Reading time at 220 words a minute' }),
});
export type PublicBlogPostSummary = z.infer<typeof PublicBlogPostSummarySchema>;
export const PublicBlogPostSchema = PublicBlogPostSummarySchema.extend({
  body_markdown: z.string(),
  updated_at: z.string().meta({ description: 'ISO 8601, UTC' }),
});
export type PublicBlogPost = z.infer<typeof PublicBlogPostSchema>;
export const ListPublicBlogPostsResponseSchema = listEnvelope(PublicBlogPostSummarySchema);
export const PublicBlogPostResponseSchema = z.object({ success: z.literal(true), post: PublicBlogPostSchema });
export const PublicBlogPostParamsSchema = z.object({
  slug: z
    .string()
    .max(BLOG_LIMITS.slug, `slug must be at most ${BLOG_LIMITS.slug} characters`)
    .regex(BLOG_SLUG_PATTERN, 'slug must be lower-case letters and digits joined by hyphens'),
});

/** Reading time of Markdown at 220 words a minute, at least one. */
export function readMinutes(markdown: string): number {
  return Math.max(1, Math.round(markdown.split(/\s+/).filter(Boolean).length / 220));
}

/**
 * The generator's answer in its three variants, split on the '## VARIANT A/B/C' markers (text
 * before the first marker is dropped; a missing variant is empty).
 */
export function splitBlogVariants(content: string): Record<BlogVariant, string> {
  const out: Record<BlogVariant, string> = { A: '', B: '', C: '' };
  const re = /^##\s*VARIANT\s+([ABC])\b.*$/gim;
  const marks = [...content.matchAll(re)];
  marks.forEach((m, i) => {
    const letter = (m[1] ?? 'A').toUpperCase() as BlogVariant;
    const start = (m.index ?? 0) + m[0].length;
    const end = marks[i + 1]?.index ?? content.length;
    if (!out[letter]) out[letter] = content.slice(start, end).trim();
  });
  return out;
}

/** A variant's title: its first `# ` heading, or null. */
export function variantTitle(markdown: string): string | null {
  const m = /^#\s+(.+)$/m.exec(markdown);
  return m?.[1]?.trim() || null;
}
