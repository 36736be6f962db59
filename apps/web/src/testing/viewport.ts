/** What happy-dom adds to its window to drive it from a test. */
interface HappyDomWindow {
  happyDOM: { setViewport(viewport: { width?: number; height?: number }): void };
}

/** A phone's width (the spec's mobile layout is below 768 px). */
export const PHONE_WIDTH = 375;
/** A laptop's width, well above the mobile breakpoint. */
export const DESKTOP_WIDTH = 1280;

/**
 * Sizes the happy-dom window so `matchMedia` (and so `useIsMobile`) answers as a real browser of
 * that width would; call before rendering. happy-dom only: other environments have no viewport.
 */
export function setViewportWidth(width: number, height = 800) {
  (window as unknown as HappyDomWindow).happyDOM.setViewport({ width, height });
}
