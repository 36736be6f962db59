import {
  AUDIENCE_LABELS,
  AUDIENCE_SEGMENTS,
  type AudienceSegment,
  HERO_VISUAL_LABELS,
  HERO_VISUALS,
  type HeroVisual,
  LANDING_LIMITS,
  OFFER_LABELS,
  OFFER_TYPES,
  type OfferType,
} from '@giftrelay/contracts';
import { Sparkles } from 'lucide-react';
import { type FormEvent, useState } from 'react';
import { useNavigate } from 'react-router';
import { toast } from 'sonner';
import { Button } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { Choice } from '@/components/ui/choice';
import { FormField } from '@/components/ui/form-field';
import { Input } from '@/components/ui/input';
import { Spinner } from '@/components/ui/spinner';
import { paths } from '@/config/paths';
import { useGenerateLandingPage } from '../api/generate-landing-page';
import { savePreview } from '../utils/preview-storage';

/** The landing-page generator (spec section 2): the form, then the preview at /lp/{slug}. */
export function LandingPageGenerator() {
  const navigate = useNavigate();
  const generate = useGenerateLandingPage();
  const [keyword, setKeyword] = useState('');
  const [utmCampaign, setUtmCampaign] = useState('');
  const [supporting, setSupporting] = useState('');
  const [audience, setAudience] = useState<AudienceSegment>('hr_leaders');
  const [offer, setOffer] = useState<OfferType>('free_account');
  const [heroVisual, setHeroVisual] = useState<HeroVisual>('card_stack');

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    const primary = keyword.trim();
    if (!primary) {
      toast.error('Missing Information', { description: 'Please provide at least a primary keyword.' });
      return;
    }
    generate.mutate(
      {
        primary_keyword: primary,
        supporting_keywords: supporting.trim(),
        audience_segment: audience,
        offer_type: offer,
        hero_visual: heroVisual,
        seed: Math.floor(Math.random() * 2_147_483_647),
      },
      {
        onSuccess: ({ copy, heroImageUrl }) => {
          const slug = savePreview({
            primary_keyword: primary,
            supporting_keywords: supporting.trim(),
            audience_segment: audience,
            offer_type: offer,
            hero_visual: heroVisual,
            utm_campaign: utmCampaign.trim(),
            heroImageUrl,
            generatedAt: new Date().toISOString(),
            copy,
          });
          toast.success('Landing Page Generated!', { description: 'Opening preview...' });
          navigate(paths.landingPage(slug));
        },
        onError: (err) => toast.error('Generation Failed', { description: err.message || 'Please try again.' }),
      },
    );
  };

  return (
    <Card className="p-5 sm:p-6">
      <form onSubmit={onSubmit} className="grid gap-5" noValidate>
        <div className="grid gap-5 md:grid-cols-2">
          <FormField id="lp-keyword" label="Primary Keyword (required)">
            <Input
              id="lp-keyword"
              value={keyword}
              maxLength={LANDING_LIMITS.keyword}
              placeholder="e.g. employee gift cards"
              onChange={(e) => setKeyword(e.target.value)}
            />
          </FormField>
          <FormField id="lp-utm" label="UTM Campaign ID">
            <Input
              id="lp-utm"
              value={utmCampaign}
              maxLength={LANDING_LIMITS.utmCampaign}
              placeholder="e.g. q4-hr-search"
              onChange={(e) => setUtmCampaign(e.target.value)}
            />
          </FormField>
        </div>
        <FormField id="lp-supporting" label="Supporting Keywords">
          <Input
            id="lp-supporting"
            value={supporting}
            maxLength={LANDING_LIMITS.supportingKeywords}
            placeholder="Comma-separated, e.g. spot awards, recognition"
            onChange={(e) => setSupporting(e.target.value)}
          />
        </FormField>
        <div className="grid gap-5 md:grid-cols-3">
          <Choice
            label="Target Audience"
            value={audience}
            options={AUDIENCE_SEGMENTS}
            labels={AUDIENCE_LABELS}
            onChange={setAudience}
          />
          <Choice label="Offer Type" value={offer} options={OFFER_TYPES} labels={OFFER_LABELS} onChange={setOffer} />
          <Choice
            label="Hero Visual Style"
            value={heroVisual}
            options={HERO_VISUALS}
            labels={HERO_VISUAL_LABELS}
            onChange={setHeroVisual}
          />
        </div>
        <div>
          <Button type="submit" size="lg" disabled={generate.isPending}>
            {generate.isPending ? (
              <>
                <Spinner label="Generating" className="text-primary-foreground" /> Generating...
              </>
            ) : (
              <>
                <Sparkles aria-hidden className="h-4 w-4" /> Generate Landing Page
              </>
            )}
          </Button>
        </div>
      </form>
    </Card>
  );
}
