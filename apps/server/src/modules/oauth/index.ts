/** The module's public entry: what other modules may use (decision 018). */

export {
  type AgentCaps,
  type GrantPrincipal,
  protectedResourceMetadataUrl,
  resolveOAuthAccessToken,
} from './principal';
