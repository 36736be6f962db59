import { Suspense, useEffect, useState } from 'react';
import {
  clearPreview,
  LandingPageView,
  type LandingPreview,
  loadPreview,
  PreviewBar,
  setPreviewMode,
  usePublishedLandingPage,
} from '@/features/landing-pages';
import { useAfterHydration } from '@/lib/use-hydrated';
import { loading, usePageMetaOf } from './landing-page-shared';
import { Component as NotFound } from './not-found';

type PublishedQuery = ReturnType<typeof usePublishedLandingPage>;

/**
 * /lp/{slug} read through the API (react-query, so with the runtime): a page reached from another
 * page, or in a browser keeping the generator's preview. Loaded only then (./landing-page.tsx).
 */
export function LiveLandingPage({ slug, keepsPreview }: { slug: string; keepsPreview: boolean }) {
  return keepsPreview ? <WithPreview key={slug} slug={slug} /> : <Published slug={slug} />;
}

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
