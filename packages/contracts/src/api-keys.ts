import { z } from 'zod';
import { BudgetSchema } from './budgets';
import { listEnvelope } from './lists';
import { opaqueToken, safeText } from './primitives';

/** What an API key may do; each `/api/v1` route a key may use names the one it needs. */
export const API_KEY_SCOPES = [
  'orders:write',
  'orders:read',
  'catalog:read',
  'balance:read',
  'webhooks:write',
  'risk:read',
  'risk:write',
] as const;
export const ApiKeyScopeSchema = z.enum(API_KEY_SCOPES, {
  error: `Each scope must be one of: ${API_KEY_SCOPES.join(', ')}`,
});
export type ApiKeyScope = z.infer<typeof ApiKeyScopeSchema>;

/** What each scope lets a key or an assistant do, in words (the key dialog and the OAuth consent page). */
export const API_KEY_SCOPE_LABELS: Record<ApiKeyScope, string> = {
  'orders:write': 'Send rewards',
  'orders:read': 'Read orders and reports',
  'catalog:read': 'Read the catalogue',
  'balance:read': 'Read the balance',
  'webhooks:write': 'Manage webhooks',
  'risk:read': 'Read risk rules and reviews',
  'risk:write': 'Manage risk rules and decide reviews',
};

/** The two presets: `read_only` reads orders, catalogue and balance; `full` may do everything. */
export const API_KEY_PRESETS = {
  read_only: ['orders:read', 'catalog:read', 'balance:read'],
  full: [...API_KEY_SCOPES],
} as const satisfies Record<string, readonly ApiKeyScope[]>;
export type ApiKeyPreset = keyof typeof API_KEY_PRESETS;

/** The scopes a request names: a preset's, or the list given (in the canonical order, once each). */
export function resolveScopes(scopes: ApiKeyPreset | readonly ApiKeyScope[]): ApiKeyScope[] {
  const given: readonly ApiKeyScope[] = typeof scopes === 'string' ? API_KEY_PRESETS[scopes] : scopes;
  return API_KEY_SCOPES.filter((s) => given.includes(s));
}

/** `gr_test_` for sandbox organisations; `gr_live_` is reserved for a live provider. */
export const API_KEY_MODES = ['test', 'live'] as const;
export const ApiKeyModeSchema = z.enum(API_KEY_MODES);
/** A key as issued: its mode's prefix, then 43 characters of URL-safe base64 (256 random bits). */
export const API_KEY_PATTERN = /^gr_(test|live)_[A-Za-z0-9_-]{43}$/;
export const API_KEY_NAME_MAX = 100;
/** Active keys one organisation may hold at once. */
export const API_KEYS_ACTIVE_MAX = 50;
/** The furthest expiry a key may be given, in days. */
export const API_KEY_EXPIRY_MAX_DAYS = 3 * 366;

export const ApiKeySchema = z.object({
  id: z.uuid(),
  name: z.string(),
  mode: ApiKeyModeSchema,
  /** The key's start, `gr_test_`, and its last four characters, to tell keys apart. */
  prefix: z.string(),
  last_four: z.string(),
  scopes: z.array(ApiKeyScopeSchema),
  expires_at: z.string().nullable(),
  created_at: z.string(),
  /** The user who created the key (null once that user is gone). */
  created_by: z.object({ id: z.uuid(), email: z.string() }).nullable(),
  /**
   * True when the key's creator is no longer a member of the organisation (removed, or gone): the
   * key still works until it is revoked (decision 063).
   */
  creator_left: z.boolean(),
  revoked_at: z.string().nullable(),
  /** When the key was last used, to the minute. */
  last_used_at: z.string().nullable(),
});
export type ApiKey = z.infer<typeof ApiKeySchema>;

const SCOPES_MESSAGE = `scopes must be "read_only", "full" or a list of: ${API_KEY_SCOPES.join(', ')}`;

export const CreateApiKeyBodySchema = z.object({
  name: safeText({
    min: 1,
    max: API_KEY_NAME_MAX,
    required: 'Please name the key',
    tooShort: 'Please name the key',
    tooLong: `Name must be at most ${API_KEY_NAME_MAX} characters`,
  }),
  scopes: z.union([z.enum(['read_only', 'full']), z.array(ApiKeyScopeSchema).min(1).max(API_KEY_SCOPES.length)], {
    error: SCOPES_MESSAGE,
  }),
  /** When the key stops working (ISO 8601 with an offset); absent or null for never. */
  expires_at: z.iso
    .datetime({ offset: true, error: 'expires_at must be a date and time such as 2027-01-31T00:00:00Z' })
    .nullish(),
});
export type CreateApiKeyBody = z.infer<typeof CreateApiKeyBodySchema>;

export const CreateApiKeyResponseSchema = ApiKeySchema.extend({
  success: z.literal(true),
  /** The key itself: shown this once, never again. */
  key: z.string(),
});
export type CreateApiKeyResponse = z.infer<typeof CreateApiKeyResponseSchema>;

export const ApiKeyResponseSchema = ApiKeySchema.extend({ success: z.literal(true) });

export const ListApiKeysQuerySchema = z.object({
  limit: z.coerce
    .number({ error: 'limit must be a whole number from 1 to 100' })
    .int('limit must be a whole number from 1 to 100')
    .min(1, 'limit must be a whole number from 1 to 100')
    .max(100, 'limit must be a whole number from 1 to 100')
    .default(50),
  cursor: opaqueToken({ max: 512, message: 'is not a cursor from this API' }).optional(),
});
export type ListApiKeysQuery = z.infer<typeof ListApiKeysQuerySchema>;

/** A listed key carries its monthly budget and where it stands (null without one, decision 090). */
export const ListedApiKeySchema = ApiKeySchema.extend({ budget: BudgetSchema.nullable() });
export type ListedApiKey = z.infer<typeof ListedApiKeySchema>;
export const ListApiKeysResponseSchema = listEnvelope(ListedApiKeySchema);
export type ListApiKeysResponse = z.infer<typeof ListApiKeysResponseSchema>;

export const ApiKeyIdParamsSchema = z.object({ id: z.uuid('id must be an API key id') });
