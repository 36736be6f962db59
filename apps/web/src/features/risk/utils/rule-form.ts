import {
  CURRENCY_CODES,
  RISK_COUNT_MAX,
  RISK_LIST_MAX,
  RISK_PERIOD_DAYS_MAX,
  type RiskAction,
  type RiskRule,
  type RiskRuleBody,
  RiskRuleBodySchema,
  type RiskRuleKind,
} from '@giftrelay/contracts';
import { formatMoney, parseAmount } from '@giftrelay/money';

/**
 * Settings → Risk's rule form (decision 083): what a person types, read into the API's body and
 * checked by the API's own schema (RiskRuleBodySchema) before it is sent, so the form refuses what
 * the server would, in words for a person rather than the API's field names.
 */
export interface RuleForm {
  kind: RiskRuleKind;
  action: RiskAction;
  reason: string;
  /** Domains or addresses, one a line (commas and spaces separate too). */
  entries: string;
  match: 'deny' | 'allow';
  list: 'flag' | 'allow';
  count: string;
  periodDays: string;
  amount: string;
  currency: string;
}

export type RuleField = 'entries' | 'count' | 'periodDays' | 'amount' | 'currency' | 'reason' | 'action';
export type RuleErrors = Partial<Record<RuleField | 'form', string>>;

/** What each kind is called, and one sentence on what it catches, for the form and the list. */
export const RULE_KINDS: Record<RiskRuleKind, { label: string; explains: string }> = {
  recipient_domain: {
    label: 'Recipient domain',
    explains:
      'Catches rewards to addresses at the domains you list (deny list), or at any domain but those (allow list).',
  },
  disposable_email: {
    label: 'Disposable address',
    explains: 'Catches rewards to throwaway addresses (mailinator.com and thousands like it, from a maintained list).',
  },
  recipient_velocity: {
    label: 'Same recipient too often',
    explains:
      'Catches a reward when one address has had more than this many from your organisation in the period: the API, the send dialog and batches all count.',
  },
  amount_above: {
    label: 'Reward above an amount',
    explains: 'Catches a single reward whose face value is above this amount (other currencies at the day’s rate).',
  },
  daily_total_above: {
    label: 'Daily total above an amount',
    explains: 'Catches the order that takes your organisation’s total for the day (UTC) above this amount.',
  },
  claim_country_mismatch: {
    label: 'Claimed from another country',
    explains:
      'Catches a reward when its claim page is opened from a country other than the reward’s: the code is not shown until someone releases it.',
  },
  claims_per_address: {
    label: 'Many claims from one address',
    explains:
      'Catches a reward when more than this many different rewards were opened from the same internet address in the period: the code is not shown until someone releases it.',
  },
  recipient_list: {
    label: 'Recipient list',
    explains:
      'Flag: catches rewards to the addresses you list. Allow: those addresses skip every other rule of yours (platform rules still apply).',
  },
};

export const RULE_KIND_ORDER = Object.keys(RULE_KINDS) as RiskRuleKind[];
export const RULE_KIND_LABELS = Object.fromEntries(RULE_KIND_ORDER.map((k) => [k, RULE_KINDS[k].label])) as Record<
  RiskRuleKind,
  string
>;

export const CURRENCY_LABELS = Object.fromEntries(CURRENCY_CODES.map((c) => [c, c])) as Record<string, string>;

export const emptyRuleForm = (kind: RiskRuleKind = 'recipient_domain', currency = 'USD'): RuleForm => ({
  kind,
  action: 'hold',
  reason: '',
  entries: '',
  match: 'deny',
  list: 'flag',
  count: '',
  periodDays: '30',
  amount: '',
  currency,
});

/** A saved rule as the form shows it, to edit. */
export function formOfRule(rule: RiskRule): RuleForm {
  const form = { ...emptyRuleForm(rule.kind), action: rule.action, reason: rule.reason ?? '' };
  switch (rule.kind) {
    case 'recipient_domain':
      return { ...form, entries: rule.domains.join('\n'), match: rule.match };
    case 'recipient_list':
      return { ...form, entries: rule.emails.join('\n'), list: rule.list };
    case 'recipient_velocity':
      return { ...form, count: String(rule.max_rewards), periodDays: String(rule.period_days) };
    case 'claims_per_address':
      return { ...form, count: String(rule.max_claims), periodDays: String(rule.period_days) };
    case 'amount_above':
    case 'daily_total_above':
      return { ...form, amount: String(rule.amount), currency: rule.currency };
    default:
      return form;
  }
}

const splitEntries = (text: string) =>
  text
    .split(/[\s,;]+/)
    .map((e) => e.trim())
    .filter(Boolean);

/** A whole number as typed, or the text itself so the schema refuses it. */
const wholeNumber = (text: string): number | string => (/^\d{1,9}$/.test(text.trim()) ? Number(text.trim()) : text);

/** The API's body for the form, before it is checked. */
function draftBody(form: RuleForm): Record<string, unknown> {
  const common = {
    kind: form.kind,
    action: form.action,
    ...(form.reason.trim() ? { reason: form.reason.trim() } : {}),
  };
  switch (form.kind) {
    case 'recipient_domain':
      return { ...common, domains: splitEntries(form.entries), match: form.match };
    case 'recipient_list':
      return { ...common, emails: splitEntries(form.entries), list: form.list };
    case 'recipient_velocity':
      return { ...common, max_rewards: wholeNumber(form.count), period_days: wholeNumber(form.periodDays) };
    case 'claims_per_address':
      return { ...common, max_claims: wholeNumber(form.count), period_days: wholeNumber(form.periodDays) };
    case 'amount_above':
    case 'daily_total_above':
      return { ...common, amount: form.amount.trim(), currency: form.currency };
    default:
      return common;
  }
}

const FIELD_OF: Record<string, RuleField> = {
  domains: 'entries',
  emails: 'entries',
  max_rewards: 'count',
  max_claims: 'count',
  period_days: 'periodDays',
  amount: 'amount',
  currency: 'currency',
  reason: 'reason',
  action: 'action',
};

const countMessage = `A whole number from 1 to ${RISK_COUNT_MAX.toLocaleString('en-US')}`;

/** The form's words for a refused field; a list's entry is named. */
function messageFor(form: RuleForm, field: RuleField, path: PropertyKey[], entries: string[]): string {
  switch (field) {
    case 'entries': {
      const what = form.kind === 'recipient_domain' ? 'domain' : 'email address';
      if (entries.length === 0) return `Enter at least one ${what}.`;
      if (entries.length > RISK_LIST_MAX) return `At most ${RISK_LIST_MAX} entries in one rule.`;
      const bad = typeof path[1] === 'number' ? entries[path[1]] : undefined;
      return form.kind === 'recipient_domain'
        ? `“${bad ?? ''}” is not a domain name such as example.com.`
        : `“${bad ?? ''}” is not an email address.`;
    }
    case 'count':
      return countMessage;
    case 'periodDays':
      return `A number of days from 1 to ${RISK_PERIOD_DAYS_MAX}`;
    case 'amount':
      return `An amount in ${form.currency}, such as 250`;
    case 'currency':
      return 'Choose a currency';
    case 'reason':
      return 'At most 200 characters, without control characters';
    case 'action':
      return 'Choose hold or block';
  }
}

/** The body to send, or each field's first problem. */
export function readRuleForm(form: RuleForm): { body: RiskRuleBody } | { errors: RuleErrors } {
  const draft = draftBody(form);
  const errors: RuleErrors = {};
  if (form.kind === 'amount_above' || form.kind === 'daily_total_above') {
    const minor = parseAmount(form.amount, form.currency);
    if (minor === undefined || minor <= 0) errors.amount = messageFor(form, 'amount', [], []);
  }
  const parsed = RiskRuleBodySchema.safeParse(draft);
  if (!parsed.success) {
    const entries = splitEntries(form.entries);
    for (const issue of parsed.error.issues) {
      const field = FIELD_OF[String(issue.path[0])];
      if (field && !errors[field]) errors[field] = messageFor(form, field, issue.path, entries);
    }
    if (Object.keys(errors).length === 0) errors.form = parsed.error.issues[0]?.message ?? 'Check the rule.';
  }
  if (Object.keys(errors).length > 0 || !parsed.success) return { errors };
  return { body: parsed.data };
}

const plural = (n: number, one: string, many = `${one}s`) => `${n.toLocaleString('en-US')} ${n === 1 ? one : many}`;

/** What a saved rule catches, in one line for the list. */
export function describeRule(rule: RiskRule): string {
  switch (rule.kind) {
    case 'recipient_domain':
      return rule.match === 'allow'
        ? `Any domain but ${rule.domains.join(', ')}`
        : `Addresses at ${rule.domains.join(', ')}`;
    case 'disposable_email':
      return 'Throwaway addresses from a maintained list';
    case 'recipient_velocity':
      return `More than ${plural(rule.max_rewards, 'reward')} to one address in ${plural(rule.period_days, 'day')}`;
    case 'amount_above':
      return `A reward above ${formatMoney(rule.amount_minor, rule.currency)}`;
    case 'daily_total_above':
      return `The day’s total above ${formatMoney(rule.amount_minor, rule.currency)}`;
    case 'claim_country_mismatch':
      return 'A claim page opened from another country than the reward’s';
    case 'claims_per_address':
      return `More than ${plural(rule.max_claims, 'claim')} from one internet address in ${plural(rule.period_days, 'day')}`;
    case 'recipient_list':
      return `${rule.list === 'allow' ? 'Allowed' : 'Flagged'}: ${rule.emails.join(', ')}`;
  }
}

/** Hold or block in words; an allow list does neither. */
export function actionLabel(rule: RiskRule): string {
  if (rule.kind === 'recipient_list' && rule.list === 'allow') return 'Allows';
  return rule.action === 'block' ? 'Blocks' : 'Holds for review';
}
