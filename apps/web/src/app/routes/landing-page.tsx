import { Suspense, useEffect, useState } from 'react';
import { useParams } from 'react-router';
import {
  clearPreview,
  hasStoredPreview,
  LandingPageView,
  type LandingPreview,
  loadPreview,
  PreviewBar,
  setPreviewMode,
  usePublishedLandingPage,
} from '@/features/landing-pages';
import { usePageMeta } from '@/lib/page-meta';
import { useAfterHydration } from '@/lib/use-hydrated';
import { Component as NotFound } from './not-found';

/**
 * /lp/{slug}: the page published at this address (the server has already sent its content), or the
 * generator's preview kept in this browser's session storage; else the 404 page (decision 051).
 * A browser that keeps no preview (every visitor's) renders the published page alone, which
 * hydrates in one pass.
 */
export function Component() {
  const { slug = '' } = useParams();
  const [keepsPreview] = useState(hasStoredPreview);
  return keepsPreview ? <WithPreview key={slug} slug={slug} /> : <Published slug={slug} />;
}

type PublishedQuery = ReturnType<typeof usePublishedLandingPage>;

function usePageMetaOf(slug: string, page: PublishedQuery['data'] | LandingPreview | null, isPreview: boolean) {
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

const loading = (
  <p role="status" className="mx-auto max-w-6xl px-4 py-24 text-center text-muted-foreground">
    Loading landing page...
  </p>
);

/** The published page (loading, or the 404 page when there is none). */
function PublishedPage({ published }: { published: PublishedQuery }) {
  if (published.isPending) return loading;
  if (!published.data) return <NotFound />;
  return <LandingPageView content={{ ...published.data, heroImageUrl: published.data.hero_image_url }} />;
}

function Published({ slug }: { slug: string }) {
  const published = usePublishedLandingPage(slug, true);
  setPreviewMode(false);
  usePageMetaOf(slug, published.data ?? null, false);
  return <PublishedPage published={published} />;
}

/** The generator's preview when this browser keeps one for this slug, else the published page. */
function WithPreview({ slug }: { slug: string }) {
  // Read once its checks have loaded: undefined until then.
  const [stored, setStored] = useState<LandingPreview | null | undefined>(undefined);
  useEffect(() => {
    let current = true;
    loadPreview(slug).then(
      (preview) => current && setStored(preview),
      () => current && setStored(null),
    );
    return () => {
      current = false;
    };
  }, [slug]);
  // The server rendered a published page without this browser's storage: the preview shows once
  // the page is live, so hydration finds what the server rendered.
  const preview = useAfterHydration(stored ?? null, null);
  const published = usePublishedLandingPage(slug, true);
  // A preview's views are not the public's (nor those of one that may be a preview, until read).
  setPreviewMode(stored !== null);
  usePageMetaOf(slug, preview ?? published.data ?? null, preview !== null);

  if (preview) {
    return (
      <>
        <Suspense>
          <PreviewBar
            slug={slug}
            preview={preview}
            isLive={Boolean(published.data)}
            onPublished={() => {
              clearPreview();
              setStored(null);
            }}
          />
        </Suspense>
        <LandingPageView content={{ ...preview, slug }} />
      </>
    );
  }
  if (stored === undefined && !published.data) return loading;
  return <PublishedPage published={published} />;
}
