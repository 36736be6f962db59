import { z } from 'zod';
import { listEnvelope } from './lists';
import { safeText } from './primitives';

/**
 * Landing pages (issue 14, decision 051): the operators' generator writes a page's copy and hero
 * image for a keyword; the preview lives in the browser's session storage, and a published page
 * is kept on the server and opens for anyone at /lp/{slug}.
 */

export const AUDIENCE_SEGMENTS = ['hr_leaders', 'marketing_ops', 'finance_directors'] as const;
export const AudienceSegmentSchema = z.enum(AUDIENCE_SEGMENTS, {
  error: 'Choose one of: hr_leaders, marketing_ops, finance_directors',
});
export type AudienceSegment = z.infer<typeof AudienceSegmentSchema>;
export const AUDIENCE_LABELS: Record<AudienceSegment, string> = {
  hr_leaders: 'HR leaders',
  marketing_ops: 'Marketing Ops',
  finance_directors: 'Finance Directors',
};

export const OFFER_TYPES = ['free_account', 'demo', 'enterprise', 'trial'] as const;
export const OfferTypeSchema = z.enum(OFFER_TYPES, { error: 'Choose one of: free_account, demo, enterprise, trial' });
export type OfferType = z.infer<typeof OfferTypeSchema>;
export const OFFER_LABELS: Record<OfferType, string> = {
  free_account: 'Free account',
  demo: 'Demo',
  enterprise: 'Enterprise',
  trial: 'Trial',
};

export const HERO_VISUALS = ['card_stack', 'globe', 'dashboard', 'smiling_team'] as const;
export const HeroVisualSchema = z.enum(HERO_VISUALS, {
  error: 'Choose one of: card_stack, globe, dashboard, smiling_team',
});
export type HeroVisual = z.infer<typeof HeroVisualSchema>;
export const HERO_VISUAL_LABELS: Record<HeroVisual, string> = {
  card_stack: 'Card stack',
  globe: 'Globe',
  dashboard: 'Dashboard',
  smiling_team: 'Smiling team',
};

export { ctaLabel, LANDING_PREVIEW_KEY } from './landing-page-basics';

export const LANDING_LIMITS = {
  keyword: 120,
  supportingKeywords: 500,
  utmCampaign: 100,
  slug: 80,
  headline: 160,
  text: 600,
  title: 120,
} as const;

export const LANDING_SLUG_PATTERN = /^[a-z0-9]+(?:-[a-z0-9]+)*$/;

/**
 * A keyword's address: lower-cased, spaces to hyphens (spec), and everything else made URL-safe:
 * accents dropped, other characters removed, hyphens collapsed, at most 80 characters. A keyword
 * with nothing left (all in another script) gets `page-` and a short hash of itself.
 */
export function landingPageSlug(keyword: string): string {
  const base = keyword
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .trim()
    .replace(/[\s_]+/g, '-')
    .replace(/[^a-z0-9-]/g, '')
    .replace(/-+/g, '-')
    .replace(/^-|-$/g, '')
    .slice(0, LANDING_LIMITS.slug)
    .replace(/-$/, '');
  if (base) return base;
  // FNV-1a over the UTF-16 units: stable in the browser and on the server.
  let hash = 0x811c9dc5;
  for (let i = 0; i < keyword.length; i++) {
    hash ^= keyword.charCodeAt(i);
    hash = Math.imul(hash, 0x01000193) >>> 0;
  }
  return `page-${hash.toString(36)}`;
}

const keyword = safeText({
  min: 1,
  max: LANDING_LIMITS.keyword,
  required: 'Please provide at least a primary keyword.',
  tooShort: 'Please provide at least a primary keyword.',
});
const supportingKeywords = safeText({ max: LANDING_LIMITS.supportingKeywords });
const utmCampaign = safeText({ max: LANDING_LIMITS.utmCampaign });

/** The copy's shape, with input fields checked (`safeText`) or output fields plain (answers). */
function copyShape(line: (max: number) => z.ZodType<string>) {
  const block = z.object({ title: line(LANDING_LIMITS.title), body: line(LANDING_LIMITS.text) }).strict();
  const useCase = z
    .object({
      title: line(LANDING_LIMITS.title),
      body: line(LANDING_LIMITS.text),
      points: z.array(line(LANDING_LIMITS.title)).min(1).max(4),
    })
    .strict();
  return z
    .object({
      headline: line(LANDING_LIMITS.headline),
      subheadline: line(LANDING_LIMITS.text),
      benefits: z.array(block).min(1).max(6),
      steps: z.array(block).length(3, 'steps must be exactly 3'),
      use_cases: z.object({ hr: useCase, marketing: useCase, finance: useCase }).strict(),
      faq: z
        .array(z.object({ question: line(LANDING_LIMITS.title * 2), answer: line(LANDING_LIMITS.text) }).strict())
        .length(3, 'faq must be exactly 3'),
      /**
       * The brand strip: the instance's own catalogue size and a few of its brands, filled in by
       * the server from the catalogue when the copy is generated (never by an LLM). Pages written
       * before it existed have none and show no strip.
       */
      brands: z
        .object({ lead: line(LANDING_LIMITS.title), names: z.array(line(LANDING_LIMITS.keyword)).max(8) })
        .strict()
        .optional(),
    })
    .strict();
}

/** A page's generated copy, edited by the operator before publishing. */
export const LandingCopySchema = copyShape((max) => safeText({ min: 1, max }));
/** The same in answers: plain strings (response schemas carry no checks or transforms). */
export const LandingCopyOutSchema = copyShape(() => z.string());
export type LandingCopy = z.infer<typeof LandingCopySchema>;

export const GenerateLandingCopyBodySchema = z
  .object({
    primary_keyword: keyword,
    supporting_keywords: supportingKeywords.optional(),
    audience_segment: AudienceSegmentSchema,
    offer_type: OfferTypeSchema,
    /** Varies the wording; a new one each press of Generate. */
    seed: z.int().min(0).max(2_147_483_647).optional(),
  })
  .strict();
export type GenerateLandingCopyBody = z.infer<typeof GenerateLandingCopyBodySchema>;

export const GenerateLandingCopyResponseSchema = z.object({ success: z.literal(true), copy: LandingCopyOutSchema });
export type GenerateLandingCopyResponse = z.infer<typeof GenerateLandingCopyResponseSchema>;

export const HeroImageBodySchema = z.object({ hero_visual: HeroVisualSchema, primary_keyword: keyword }).strict();
export type HeroImageBody = z.infer<typeof HeroImageBodySchema>;

export const HeroImageResponseSchema = z.object({
  success: z.literal(true),
  /** A `data:image/svg+xml;base64,…` URL (the site's CSP allows data: images). */
  imageUrl: z.string(),
});
export type HeroImageResponse = z.infer<typeof HeroImageResponseSchema>;

/** What publishing and editing set: the preview's fields and the copy. */
export const LandingPageInputSchema = z
  .object({
    primary_keyword: keyword,
    supporting_keywords: supportingKeywords.default(''),
    audience_segment: AudienceSegmentSchema,
    offer_type: OfferTypeSchema,
    hero_visual: HeroVisualSchema,
    utm_campaign: utmCampaign.default(''),
    copy: LandingCopySchema,
  })
  .strict();
export type LandingPageInput = z.input<typeof LandingPageInputSchema>;
export type LandingPageData = z.output<typeof LandingPageInputSchema>;

export const UpdateLandingPageBodySchema = z
  .object({
    supporting_keywords: supportingKeywords.optional(),
    audience_segment: AudienceSegmentSchema.optional(),
    offer_type: OfferTypeSchema.optional(),
    hero_visual: HeroVisualSchema.optional(),
    utm_campaign: utmCampaign.optional(),
    copy: LandingCopySchema.optional(),
  })
  .strict();
export type UpdateLandingPageBody = z.infer<typeof UpdateLandingPageBodySchema>;

export const LandingPageParamsSchema = z.object({
  slug: z
    .string()
    .max(LANDING_LIMITS.slug, 'slug must be at most 80 characters')
    .regex(LANDING_SLUG_PATTERN, 'slug must be lower-case letters, digits and single hyphens'),
});

export const LandingPageStatusSchema = z.enum(['published', 'unpublished']);

export const LandingPageSummarySchema = z.object({
  slug: z.string(),
  primary_keyword: z.string(),
  offer_type: OfferTypeSchema,
  status: LandingPageStatusSchema,
  created_at: z.string(),
  updated_at: z.string(),
  published_at: z.string().nullable(),
  created_by_email: z.string().nullable(),
});
export type LandingPageSummary = z.infer<typeof LandingPageSummarySchema>;

export const LandingPageSchema = LandingPageSummarySchema.extend({
  supporting_keywords: z.string(),
  audience_segment: AudienceSegmentSchema,
  hero_visual: HeroVisualSchema,
  utm_campaign: z.string(),
  copy: LandingCopyOutSchema,
  /** The hero as a `data:image/svg+xml;base64,…` URL. */
  hero_image_url: z.string(),
});
export type LandingPage = z.infer<typeof LandingPageSchema>;

export const LandingPageResponseSchema = z.object({ success: z.literal(true), page: LandingPageSchema });
export type LandingPageResponse = z.infer<typeof LandingPageResponseSchema>;

/** The public read: the page without who made it. */
export const PublishedLandingPageSchema = LandingPageSchema.omit({ created_by_email: true });
export const PublishedLandingPageResponseSchema = z.object({
  success: z.literal(true),
  page: PublishedLandingPageSchema,
});
export type PublishedLandingPage = z.infer<typeof PublishedLandingPageSchema>;

export const ListLandingPagesResponseSchema = listEnvelope(LandingPageSummarySchema);
export type ListLandingPagesResponse = z.infer<typeof ListLandingPagesResponseSchema>;

export const DeleteLandingPageResponseSchema = z.object({ success: z.literal(true), deleted: z.literal(true) });
