import { z } from 'zod';
import { API_KEY_SCOPES, ApiKeyScopeSchema } from './api-keys';
import { isCurrencyCode } from './currency';
import { listEnvelope } from './lists';

/**
 * OAuth 2.1 for the MCP server (issue 33, decision 075): the web app's side of it. The protocol
 * endpoints themselves (/oauth/authorize, /oauth/token, …) speak RFC 6749, not this API; these
 * are the consent page's and Settings → Developers' calls. Scopes are the API keys' scopes.
 */

/** What /oauth/authorize passed on to the consent page, checked again on every call (nothing here is trusted). */
const requestText = (name: string, max: number) =>
  z
    .string({ error: `${name} is required` })
    .min(1, `${name} is required`)
    .max(max, `${name} is too long`);
export const OAuthAuthorizationRequestSchema = z.object({
  client_id: requestText('client_id', 100),
  redirect_uri: requestText('redirect_uri', 2048),
  response_type: requestText('response_type', 20),
  code_challenge: requestText('code_challenge', 128),
  code_challenge_method: requestText('code_challenge_method', 10),
  state: z.string().max(1024, 'state is too long').optional(),
  scope: z.string().max(500, 'scope is too long').optional(),
  resource: requestText('resource', 2048),
});
export type OAuthAuthorizationRequest = z.infer<typeof OAuthAuthorizationRequestSchema>;

export const OAUTH_MODES = ['sandbox', 'live'] as const;
export const OAuthModeSchema = z.enum(OAUTH_MODES, { error: 'mode must be sandbox or live' });

export const OAuthAuthorizationResponseSchema = z.object({
  success: z.literal(true),
  client: z.object({ id: z.string(), name: z.string(), redirect_host: z.string() }),
  requested_scopes: z.array(ApiKeyScopeSchema),
  /** Organisations the person may grant for (owner or admin there); empty: they cannot grant. */
  organisations: z.array(z.object({ id: z.uuid(), name: z.string(), live: z.boolean(), current: z.boolean() })),
});
export type OAuthAuthorizationResponse = z.infer<typeof OAuthAuthorizationResponseSchema>;

/** A spend cap in minor units: a positive whole number, or null for none. */
const capMinor = z
  .number({ error: 'must be a whole number of minor units, or null' })
  .int('must be a whole number of minor units')
  .positive('must be above zero')
  .max(1e12, 'must be at most 1,000,000,000,000 minor units')
  .nullable();

export const OAUTH_DOMAINS_MAX = 50;
const DOMAIN = /^(?=.{1,253}$)([a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?\.)+[a-z]{2,63}$/;

export const OAuthCapsSchema = z.object({
  per_reward_minor: capMinor,
  per_day_minor: capMinor,
  per_month_minor: capMinor,
  currency: z
    .string({ error: 'currency must be an ISO 4217 code' })
    .refine(isCurrencyCode, 'currency must be an ISO 4217 code such as USD'),
});
export type OAuthCaps = z.infer<typeof OAuthCapsSchema>;

export const ApproveOAuthBodySchema = OAuthAuthorizationRequestSchema.extend({
  organisation_id: z.uuid('organisation_id must be an organisation id'),
  mode: OAuthModeSchema,
  scopes: z.array(ApiKeyScopeSchema).min(1, 'pick at least one scope').max(API_KEY_SCOPES.length),
  caps: OAuthCapsSchema,
  /** Recipient domains the assistant may send to (lower case, no wildcards); null for any. */
  allowed_domains: z
    .array(z.string().trim().toLowerCase().regex(DOMAIN, 'each domain must be a host name such as example.com'))
    .min(1, 'give at least one domain, or null for any')
    .max(OAUTH_DOMAINS_MAX, `at most ${OAUTH_DOMAINS_MAX} domains`)
    .nullable(),
});
export type ApproveOAuthBody = z.infer<typeof ApproveOAuthBodySchema>;

/** Where the browser goes next: the client's redirect URI with the code (or the error) and the state. */
export const OAuthRedirectResponseSchema = z.object({ success: z.literal(true), redirect_to: z.string() });
export type OAuthRedirectResponse = z.infer<typeof OAuthRedirectResponseSchema>;

export const OAuthGrantSchema = z.object({
  id: z.uuid(),
  client_name: z.string(),
  mode: OAuthModeSchema,
  scopes: z.array(ApiKeyScopeSchema),
  caps: OAuthCapsSchema,
  allowed_domains: z.array(z.string()).nullable(),
  approved_by: z.object({ id: z.uuid(), email: z.string() }).nullable(),
  created_at: z.string(),
  /** When an access token of the grant was last used, to the minute. */
  last_used_at: z.string().nullable(),
  revoked_at: z.string().nullable(),
});
export type OAuthGrant = z.infer<typeof OAuthGrantSchema>;

export const ListOAuthGrantsResponseSchema = listEnvelope(OAuthGrantSchema);
export type ListOAuthGrantsResponse = z.infer<typeof ListOAuthGrantsResponseSchema>;
export const OAuthGrantResponseSchema = OAuthGrantSchema.extend({ success: z.literal(true) });
export const OAuthGrantIdParamsSchema = z.object({ id: z.uuid('id must be a grant id') });
