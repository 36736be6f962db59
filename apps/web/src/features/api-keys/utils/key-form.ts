import {
  API_KEY_PRESETS,
  API_KEY_SCOPE_LABELS,
  type ApiKey,
  type ApiKeyPreset,
  type ApiKeyScope,
  type CreateApiKeyBody,
  resolveScopes,
} from '@giftrelay/contracts';

export const EXPIRY_CHOICES = [
  { value: 'never', label: 'Never', days: null },
  { value: '7', label: 'In 7 days', days: 7 },
  { value: '30', label: 'In 30 days', days: 30 },
  { value: '90', label: 'In 90 days', days: 90 },
  { value: '365', label: 'In a year', days: 365 },
] as const;
export type ExpiryChoice = (typeof EXPIRY_CHOICES)[number]['value'];

export const SCOPE_LABELS = API_KEY_SCOPE_LABELS;

export type Access = ApiKeyPreset | 'custom';

/** The request body for the dialog's choices. */
export function keyRequest(
  name: string,
  access: Access,
  custom: ApiKeyScope[],
  expiry: ExpiryChoice,
  now = Date.now(),
): CreateApiKeyBody {
  const days = EXPIRY_CHOICES.find((c) => c.value === expiry)?.days ?? null;
  return {
    name,
    scopes: access === 'custom' ? resolveScopes(custom) : access,
    expires_at: days === null ? null : new Date(now + days * 86_400_000).toISOString(),
  };
}

/** "Full access", "Read only" or the scopes themselves. */
export function describeScopes(scopes: readonly ApiKeyScope[]): string {
  const same = (preset: readonly ApiKeyScope[]) =>
    preset.length === scopes.length && preset.every((s) => scopes.includes(s));
  if (same(API_KEY_PRESETS.full)) return 'Full access';
  if (same(API_KEY_PRESETS.read_only)) return 'Read only';
  return scopes.join(', ');
}

export type KeyState = 'active' | 'revoked' | 'expired';
export function keyState(key: Pick<ApiKey, 'revoked_at' | 'expires_at'>, now = Date.now()): KeyState {
  if (key.revoked_at) return 'revoked';
  if (key.expires_at && new Date(key.expires_at).getTime() <= now) return 'expired';
  return 'active';
}

/** A curl command the new key may run: the balance, else the latest orders, else the catalogue. */
export function curlSnippet(origin: string, key: string, scopes: readonly ApiKeyScope[]): string {
  const path = scopes.includes('balance:read')
    ? '/api/v1/balance'
    : scopes.includes('orders:read')
      ? '/api/v1/orders?limit=5'
      : '/api/v1/products?limit=5';
  return `curl "${origin}${path}" \\\n  -H "Authorization: Bearer ${key}"`;
}
