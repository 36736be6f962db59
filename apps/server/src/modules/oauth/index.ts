/** The module's public entry: what other modules may use (decision 018). */

export { revokeGrantsOfRemovedMember } from './consent';
export { oauthPlugin } from './plugin';
export {
  type AgentCaps,
  type GrantPrincipal,
  protectedResourceMetadataUrl,
  resolveOAuthAccessToken,
} from './principal';
