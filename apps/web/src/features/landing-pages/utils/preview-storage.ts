import {
  AudienceSegmentSchema,
  HeroVisualSchema,
  LANDING_PREVIEW_KEY,
  LandingCopyOutSchema,
  landingPageSlug,
  OfferTypeSchema,
} from '@giftrelay/contracts';
import { z } from 'zod';
import { previewStorage as storage } from './stored-preview';

/**
 * The generator's preview (spec section 3): kept in session storage under landing_page_preview
 * with the spec's fields, plus the generated copy, until the tab closes. /lp/{slug} shows it when
 * the server has no published page there.
 */
export const LandingPreviewSchema = z.object({
  primary_keyword: z.string().min(1),
  supporting_keywords: z.string(),
  audience_segment: AudienceSegmentSchema,
  offer_type: OfferTypeSchema,
  hero_visual: HeroVisualSchema,
  utm_campaign: z.string(),
  heroImageUrl: z.string().startsWith('data:image/svg+xml'),
  generatedAt: z.iso.datetime({ offset: true }),
  copy: LandingCopyOutSchema,
});
export type LandingPreview = z.infer<typeof LandingPreviewSchema>;

export function savePreview(preview: LandingPreview): string {
  storage()?.setItem(LANDING_PREVIEW_KEY, JSON.stringify(preview));
  return landingPageSlug(preview.primary_keyword);
}

/** The stored preview when it is this slug's (and well-formed), else null. */
export function readPreview(slug: string): LandingPreview | null {
  const raw = storage()?.getItem(LANDING_PREVIEW_KEY);
  if (!raw) return null;
  try {
    const parsed = LandingPreviewSchema.safeParse(JSON.parse(raw));
    if (!parsed.success) return null;
    return landingPageSlug(parsed.data.primary_keyword) === slug ? parsed.data : null;
  } catch {
    return null;
  }
}
