import { ctaLabel } from '@giftrelay/contracts/landing-page-basics';
import { useQueryClient } from '@tanstack/react-query';
import { Link } from 'react-router';
import { toast } from 'sonner';
import { Button } from '@/components/ui/button';
import { buttonVariants } from '@/components/ui/button-variants';
import { paths } from '@/config/paths';
import { publishedLandingPageQueryOptions } from '../api/published-landing-page';
import { usePublishLandingPage } from '../api/saved-landing-pages';
import type { LandingPreview } from '../utils/preview-storage';

/**
 * Above a preview from session storage: it is this browser's only, until the operator publishes
 * it (to the server, at this same address).
 */
export function PreviewBar({
  slug,
  preview,
  isLive,
  onPublished,
}: {
  slug: string;
  preview: LandingPreview;
  isLive: boolean;
  onPublished: () => void;
}) {
  const publish = usePublishLandingPage();
  const queryClient = useQueryClient();
  const onPublish = () =>
    publish.mutate(
      {
        slug,
        page: {
          primary_keyword: preview.primary_keyword,
          supporting_keywords: preview.supporting_keywords,
          audience_segment: preview.audience_segment,
          offer_type: preview.offer_type,
          hero_visual: preview.hero_visual,
          utm_campaign: preview.utm_campaign,
          copy: preview.copy,
        },
      },
      {
        onSuccess: (page) => {
          queryClient.setQueryData(publishedLandingPageQueryOptions(slug).queryKey, page);
          toast.success('Landing Page Published!', { description: `Anyone can open /lp/${slug} now.` });
          onPublished();
        },
        onError: (err) => toast.error('Publishing Failed', { description: err.message || 'Please try again.' }),
      },
    );
  return (
    <div className="border-b bg-secondary text-secondary-foreground">
      <div className="mx-auto flex max-w-6xl flex-col gap-3 px-4 py-3 sm:flex-row sm:items-center sm:justify-between">
        <p className="text-sm">
          <span className="font-semibold">Preview.</span>{' '}
          {isLive
            ? 'A published version is live at this address; publishing replaces it.'
            : 'Only this browser sees it until you publish it.'}{' '}
          Offer: {ctaLabel(preview.offer_type)}.
        </p>
        <div className="flex gap-2">
          <Link to={paths.landingPageGenerator} className={buttonVariants({ variant: 'outline', size: 'sm' })}>
            Back to generator
          </Link>
          <Button size="sm" onClick={onPublish} disabled={publish.isPending}>
            {publish.isPending ? 'Publishing...' : isLive ? 'Publish changes' : 'Publish'}
          </Button>
        </div>
      </div>
    </div>
  );
}
