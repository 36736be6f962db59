import {
  type ApproveOAuthBody,
  type OAuthAuthorizationRequest,
  OAuthAuthorizationRequestSchema,
  type OAuthCaps,
  parseMajor,
} from '@giftrelay/contracts';

/** The authorization request from the page's query string, or null when it is not one. */
export function requestFromSearch(search: URLSearchParams): OAuthAuthorizationRequest | null {
  const parsed = OAuthAuthorizationRequestSchema.safeParse(Object.fromEntries(search));
  return parsed.success ? parsed.data : null;
}

export interface CapsInput {
  currency: string;
  perReward: string;
  perDay: string;
  perMonth: string;
}

type CapsResult = { ok: true; caps: OAuthCaps } | { ok: false; errors: Partial<Record<keyof CapsInput, string>> };

/** The caps as typed (major units, empty for none) in minor units, exactly, or what is wrong with each. */
export function capsFrom(input: CapsInput): CapsResult {
  const currency = input.currency.trim().toUpperCase();
  const errors: Partial<Record<keyof CapsInput, string>> = {};
  if (!/^[A-Z]{3}$/.test(currency)) errors.currency = 'Use a three-letter currency code such as USD';
  const minor = (key: 'perReward' | 'perDay' | 'perMonth'): number | null => {
    const text = input[key].trim();
    if (text === '') return null;
    const value = errors.currency ? null : parseMajor(text, currency);
    if (value === null || value <= 0) {
      errors[key] = 'Enter an amount above zero such as 50 or 49.99, or leave it empty for no cap';
      return null;
    }
    return value;
  };
  const caps = {
    per_reward_minor: minor('perReward'),
    per_day_minor: minor('perDay'),
    per_month_minor: minor('perMonth'),
    currency,
  };
  return Object.keys(errors).length ? { ok: false, errors } : { ok: true, caps };
}

/** Domains typed one per line or separated by commas; an empty list allows any recipient. */
export function domainsFrom(text: string): string[] | null {
  const domains = [
    ...new Set(
      text
        .split(/[\s,]+/)
        .map((d) => d.trim().toLowerCase().replace(/^@/, ''))
        .filter(Boolean),
    ),
  ];
  return domains.length ? domains : null;
}

export function approveBody(
  request: OAuthAuthorizationRequest,
  choice: Pick<ApproveOAuthBody, 'organisation_id' | 'mode' | 'scopes' | 'caps' | 'allowed_domains'>,
): ApproveOAuthBody {
  return { ...request, ...choice };
}
