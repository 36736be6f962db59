import { lazy, Suspense, useState } from 'react';
import { useParams } from 'react-router';
import { hasStoredPreview, LandingPageView, renderedLandingPage, setPreviewMode } from '@/features/landing-pages';
import { WithAppRuntime } from '../runtime';
import { LandingPageLoading, usePageMetaOf } from './landing-page-shared';

const LiveLandingPage = lazy(() => import('./landing-page-live').then((m) => ({ default: m.LiveLandingPage })));

/**
 * /lp/{slug}: the page published at this address (the server has already sent its content), or the
 * generator's preview kept in this browser's session storage; else the 404 page (decision 051).
 * A browser that keeps no preview (every visitor's) renders the page the server sent alone, which
 * hydrates in one pass without the runtime (the route is withoutRuntime, app/router.tsx): no query
 * client, toaster or session until the lead form is sent (docs/decisions/006).
 */
export function Component() {
  const { slug = '' } = useParams();
  const [keepsPreview] = useState(hasStoredPreview);
  // Kept after the first navigation drops the server's data (a hash change is one).
  const [rendered] = useState(() => renderedLandingPage(slug));
  const page = rendered?.slug === slug ? rendered : undefined;
  if (page && !keepsPreview) return <Rendered slug={slug} page={page} mayBePreview={false} />;
  // Reached from another page, or a browser keeping a preview: read through the API, with the runtime.
  const fallback = page ? <Rendered slug={slug} page={page} mayBePreview /> : <LandingPageLoading slug={slug} />;
  return (
    <WithAppRuntime fallback={fallback}>
      <Suspense fallback={fallback}>
        <LiveLandingPage slug={slug} keepsPreview={keepsPreview} />
      </Suspense>
    </WithAppRuntime>
  );
}

type RenderedPage = NonNullable<ReturnType<typeof renderedLandingPage>>;

/** The page as the server rendered it (and as a browser keeping a preview hydrates it). */
function Rendered({ slug, page, mayBePreview }: { slug: string; page: RenderedPage; mayBePreview: boolean }) {
  // Until read, a stored preview may be this page's: its views are not the public's.
  setPreviewMode(mayBePreview);
  usePageMetaOf(slug, page, false);
  return <LandingPageView content={{ ...page, heroImageUrl: page.hero_image_url }} />;
}
