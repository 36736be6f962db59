import { type ChoiceSet, findCountry } from '@giftrelay/contracts';

type Rule = NonNullable<ChoiceSet['rule']>;

/** A rule in words: "Retail cards from United States in USD that accept the value". */
export function describeRule(rule: Rule): string {
  const country = rule.country ? (findCountry(rule.country)?.name ?? rule.country) : undefined;
  return [
    rule.category ? `${rule.category} cards` : 'Cards',
    country && `from ${country}`,
    rule.currency && `in ${rule.currency}`,
    'that accept the value',
  ]
    .filter(Boolean)
    .join(' ');
}

/** What a set offers, in one line for its list. */
export function describeChoiceSet(set: Pick<ChoiceSet, 'product_codes' | 'rule'>): string {
  if (set.rule) return describeRule(set.rule);
  const codes = set.product_codes ?? [];
  return `${codes.length} card${codes.length === 1 ? '' : 's'}: ${codes.join(', ')}`;
}
