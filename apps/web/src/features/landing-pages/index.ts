/** The feature's barrel: everything outside the feature imports it from here (decision 018). */

export { usePublishedLandingPage } from './api/published-landing-page';
export { renderedLandingPage } from './api/rendered-landing-page';
export { LandingPageGenerator } from './components/landing-page-generator';
export { LandingPageView } from './components/landing-page-view';
export { PreviewBar } from './components/lazy-preview-bar';
export { SavedLandingPages } from './components/saved-landing-pages';
export type { LandingPreview } from './utils/preview-storage';
export { clearPreview, hasStoredPreview, loadPreview } from './utils/stored-preview';
export { setPreviewMode } from './utils/track';
