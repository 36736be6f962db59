/** The module's public entry: what other modules may use (decision 018). */
export { landingPagesPlugin } from './plugin';
export { publishedCampaign, publishedSlugs } from './repository';
