import { useState } from 'react';
import { useParams } from 'react-router';
import {
  clearPreview,
  LandingPageView,
  PreviewBar,
  readPreview,
  setPreviewMode,
  usePublishedLandingPage,
} from '@/features/landing-pages';
import { usePageMeta } from '@/lib/page-meta';
import { Component as NotFound } from './not-found';

/**
 * /lp/{slug}: the page published at this address (the server has already sent its content), or the
 * generator's preview kept in this browser's session storage; else the 404 page (decision 051).
 */
export function Component() {
  const { slug = '' } = useParams();
  const [preview, setPreview] = useState(() => readPreview(slug));
  const published = usePublishedLandingPage(slug, true);
  const page = preview ?? published.data;
  setPreviewMode(preview !== null);

  usePageMeta(
    page
      ? {
          title: page.primary_keyword,
          description: page.copy.subheadline,
          keywords: [page.primary_keyword],
          path: `/lp/${slug}`,
          noindex: preview !== null,
        }
      : { title: 'Loading landing page...', noindex: true },
  );

  if (preview) {
    return (
      <>
        <PreviewBar
          slug={slug}
          preview={preview}
          isLive={Boolean(published.data)}
          onPublished={() => {
            clearPreview();
            setPreview(null);
          }}
        />
        <LandingPageView content={{ ...preview, slug }} />
      </>
    );
  }
  if (published.isPending) {
    return (
      <p role="status" className="mx-auto max-w-6xl px-4 py-24 text-center text-muted-foreground">
        Loading landing page...
      </p>
    );
  }
  if (!published.data) return <NotFound />;
  return <LandingPageView content={{ ...published.data, heroImageUrl: published.data.hero_image_url }} />;
}
