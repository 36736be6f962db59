import type { PublishedLandingPage } from '@giftrelay/contracts';
import type { LandingPreview } from '@/features/landing-pages';
import { usePageMeta } from '@/lib/page-meta';

/** The page's metadata: the published page's or the preview's, or loading's. */
export function usePageMetaOf(slug: string, page: PublishedLandingPage | LandingPreview | null, isPreview: boolean) {
  usePageMeta(
    page
      ? {
          title: page.primary_keyword,
          description: page.copy.subheadline,
          keywords: [page.primary_keyword],
          path: `/lp/${slug}`,
          noindex: isPreview,
        }
      : { title: 'Loading landing page...', noindex: true },
  );
}

export const loading = (
  <p role="status" className="mx-auto max-w-6xl px-4 py-24 text-center text-muted-foreground">
    Loading landing page...
  </p>
);

/** What /lp/{slug} shows while the page is read (or its code and the runtime load). */
export function LandingPageLoading({ slug }: { slug: string }) {
  usePageMetaOf(slug, null, false);
  return loading;
}
