import {
  type GenerateLandingCopyBody,
  GenerateLandingCopyResponseSchema,
  type HeroImageBody,
  HeroImageResponseSchema,
} from '@giftrelay/contracts';
import { useMutation } from '@tanstack/react-query';
import { api } from '@/lib/api-client';

export const generateLandingCopy = async (body: GenerateLandingCopyBody) =>
  GenerateLandingCopyResponseSchema.parse(await api.post('/api/v1/operator/landing-pages/generate', body)).copy;

/** generate-hero-image: the built-in renderer's SVG for the style, as a data: URL. */
export const generateHeroImage = async (body: HeroImageBody) =>
  HeroImageResponseSchema.parse(await api.post('/api/v1/operator/landing-pages/hero-image', body)).imageUrl;

/** Writes the copy and draws the hero together. */
export function useGenerateLandingPage() {
  return useMutation({
    mutationFn: async (input: GenerateLandingCopyBody & HeroImageBody) => {
      const [copy, heroImageUrl] = await Promise.all([
        generateLandingCopy({
          primary_keyword: input.primary_keyword,
          supporting_keywords: input.supporting_keywords,
          audience_segment: input.audience_segment,
          offer_type: input.offer_type,
          seed: input.seed,
        }),
        generateHeroImage({ hero_visual: input.hero_visual, primary_keyword: input.primary_keyword }),
      ]);
      return { copy, heroImageUrl };
    },
  });
}
