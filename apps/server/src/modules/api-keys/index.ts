/** The module's public entry: what other modules may use (decision 018). */

export { apiKeysPlugin } from './plugin';
export { revokeEveryKeyOf, revokeSandboxKeys } from './repository';
export { revokeKeysOfRemovedMember } from './service';
