const LONE_SURROGATE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/g;

/**
 * Text as the database can keep it: NUL and lone surrogates (which neither PostgreSQL text nor
 * jsonb can hold) become U+FFFD. For text that comes from outside and is kept to be shown back
 * (a batch's cell, a webhook receiver's answer), not for input that is checked and refused.
 */
export function storableText(value: string): string {
  return value.replace(LONE_SURROGATE, '\uFFFD').replaceAll('\u0000', '\uFFFD');
}
