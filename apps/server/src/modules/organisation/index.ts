/** The module's public entry: what other modules may use (decision 018). */
export { brandingOf, logoPath, type SenderBranding, senderBranding } from './branding';
export { modeOf, type Scope, sandboxOf } from './mode';
export { organisationPlugin } from './plugin';
export type { Branding } from './repository';
export { setLive } from './repository';
