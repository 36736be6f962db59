import { LANDING_PREVIEW_KEY } from '@giftrelay/contracts/landing-page-basics';
import type { LandingPreview } from './preview-storage';

// What /lp/{slug} needs of the generator's preview before it knows whether there is one: no zod
// here; reading and checking a stored preview (./preview-storage.ts) loads when there is one.

export const previewStorage = (): Storage | undefined => {
  try {
    return typeof window === 'undefined' ? undefined : window.sessionStorage;
  } catch {
    // Storage blocked by the browser's settings: no preview, nothing breaks.
    return undefined;
  }
};

/** Whether this browser keeps a preview at all (of any page). */
export const hasStoredPreview = (): boolean => Boolean(previewStorage()?.getItem(LANDING_PREVIEW_KEY));

/** The stored preview when it is this slug's (and well-formed), else null. */
export const loadPreview = (slug: string): Promise<LandingPreview | null> =>
  import('./preview-storage').then((m) => m.readPreview(slug));

export function clearPreview() {
  previewStorage()?.removeItem(LANDING_PREVIEW_KEY);
}
