// Zod-free, for the landing pages' tracker (apps/web/src/lib/analytics), which must not bring zod
// and every schema into a published page's download: `@giftrelay/contracts/analytics-session`.

/** The session-storage key of the visitor's analytics session id (a random UUID, one per tab). */
export const ANALYTICS_SESSION_KEY = 'giftrelay_analytics_session';
