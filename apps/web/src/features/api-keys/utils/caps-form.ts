import type { AgentCaps, AgentCapsBody } from '@giftrelay/contracts';
import { parseAmount, toMajor } from '@giftrelay/money';

/** The caps dialog's fields: amounts as the person types them (major units), domains as a list. */
export interface CapsForm {
  currency: string;
  perReward: string;
  perDay: string;
  perMonth: string;
  domains: string;
}

export function capsToForm(caps: AgentCaps): CapsForm {
  const major = (m: number | null) => (m === null ? '' : String(toMajor(m, caps.currency)));
  return {
    currency: caps.currency,
    perReward: major(caps.per_reward_minor),
    perDay: major(caps.per_day_minor),
    perMonth: major(caps.per_month_minor),
    domains: caps.allowed_domains?.join(', ') ?? '',
  };
}

/** The request body, or the first field's problem: an empty amount is no cap, empty domains any. */
export function formToCaps(form: CapsForm): { body: AgentCapsBody } | { field: keyof CapsForm; message: string } {
  const amount = (field: 'perReward' | 'perDay' | 'perMonth') => {
    const text = form[field].trim();
    if (!text) return null;
    const minor = parseAmount(text, form.currency, { exact: true });
    return minor === undefined || minor === 0 ? undefined : minor;
  };
  const fields = ['perReward', 'perDay', 'perMonth'] as const;
  const values = fields.map(amount);
  const bad = values.indexOf(undefined);
  if (bad >= 0) {
    return { field: fields[bad] as keyof CapsForm, message: `Enter an amount in ${form.currency}, or leave it empty` };
  }
  const domains = form.domains
    .split(/[\s,]+/)
    .map((d) => d.trim().toLowerCase())
    .filter(Boolean);
  return {
    body: {
      currency: form.currency,
      per_reward_minor: values[0] ?? null,
      per_day_minor: values[1] ?? null,
      per_month_minor: values[2] ?? null,
      allowed_domains: domains.length ? domains : null,
    },
  };
}
