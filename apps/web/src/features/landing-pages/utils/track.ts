import type { TrackedEvent } from '@/lib/analytics';

/**
 * The page's analytics events (page_view, cta_click, lead_submitted) through the site's tracker
 * (lib/analytics, decision 049). A preview's events are not the public's: an operator looking at
 * a page before publishing it does not count.
 */
let isPreview = false;
export const setPreviewMode = (preview: boolean) => {
  isPreview = preview;
};

let tracker: Promise<typeof import('@/lib/analytics')> | undefined;

/** Sent in order; the tracker (and its contracts) loads with the first event, after the page. */
export function trackLanding(event: TrackedEvent) {
  if (isPreview) return;
  tracker ??= import('@/lib/analytics');
  void tracker.then(({ track }) => track(event));
}
