import { createTracker } from './tracker';

export { ANALYTICS_SESSION_KEY } from '@giftrelay/contracts/analytics-session';
export { isOperatorBrowser, markOperatorBrowser } from './operator-browser';
export { analyticsSessionId } from './session';
export { ANALYTICS_ENDPOINT, createTracker, type TrackedEvent } from './tracker';

const tracker = createTracker();

/**
 * Records a landing-page event: `track({ type: 'page_view', slug, utm_campaign, primary_keyword })`,
 * `track({ type: 'cta_click', slug, cta_type: 'primary', … })`, `track({ type: 'lead_submitted', slug, … })`.
 * Batched, sent in the background, never throws (decision 049).
 */
export const track = tracker.track;
