import { z } from 'zod';

/**
 * Edge checks for every string the API takes (docs/decisions/015-edge-validation.md). PostgreSQL
 * cannot store NUL in text and a lone UTF-16 surrogate is not valid UTF-8, so either would reach
 * the database as an error; other control characters are invisible in the UI, the CSV export and
 * emails, and have no business in a name or a code. They are refused at the edge with
 * 400 VALIDATION_ERROR naming the field, before anything is stored.
 */

export const CONTROL_CHARACTER_MESSAGE = 'must not contain control characters';
export const LONE_SURROGATE_MESSAGE = 'must be valid Unicode text (it has an unpaired surrogate)';

// Tab, line feed, carriage return: allowed in multi-line fields only.
const LINE_BREAKS = new Set([0x09, 0x0a, 0x0d]);

/**
 * The problem with `value` as text the API stores or compares, or null when there is none:
 * C0 controls, DEL and the C1 controls (`multiline` keeps tab and line breaks), then a UTF-16
 * surrogate without its pair. One pass over the code units, no regular expression.
 */
export function textProblem(value: string, opts: { multiline?: boolean } = {}): string | null {
  for (let i = 0; i < value.length; i++) {
    const c = value.charCodeAt(i);
    if (c < 0x20 || (c >= 0x7f && c <= 0x9f)) {
      if (!(opts.multiline && LINE_BREAKS.has(c))) return CONTROL_CHARACTER_MESSAGE;
    } else if (c >= 0xd800 && c <= 0xdbff) {
      const next = value.charCodeAt(i + 1);
      if (!(next >= 0xdc00 && next <= 0xdfff)) return LONE_SURROGATE_MESSAGE;
      i++;
    } else if (c >= 0xdc00 && c <= 0xdfff) {
      return LONE_SURROGATE_MESSAGE;
    }
  }
  return null;
}

/** A refinement to add to any string schema: refuses control characters and lone surrogates. */
export function refineText(value: string, ctx: z.core.$RefinementCtx<string>, opts: { multiline?: boolean } = {}) {
  const problem = textProblem(value, opts);
  if (problem) ctx.addIssue({ code: 'custom', message: problem, input: value });
}

export interface TextOptions {
  /** Longest accepted length, after trimming (required: every string has a cap). */
  max: number;
  min?: number;
  /** Tab and line breaks allowed (a gift message, a contact message). */
  multiline?: boolean;
  /** Trim surrounding white space first (default true). */
  trim?: boolean;
  /** The message for a missing or non-string value. */
  required?: string;
  tooLong?: string;
  tooShort?: string;
}

/**
 * A string the API accepts: capped, free of control characters (except line breaks in
 * multi-line fields) and of lone surrogates. The cap is checked before the content so a huge
 * value costs no regular-expression work.
 */
export function safeText(opts: TextOptions) {
  const base = z.string(opts.required ? { error: opts.required } : undefined);
  let schema = opts.trim === false ? base : base.trim();
  if (opts.min !== undefined) schema = schema.min(opts.min, opts.tooShort ?? `must be at least ${opts.min} characters`);
  schema = schema.max(opts.max, opts.tooLong ?? `must be at most ${opts.max} characters`);
  return schema.superRefine((value, ctx) => refineText(value, ctx, { multiline: opts.multiline }));
}

/**
 * An opaque token from this API (a cursor, a link token, a claim token): URL-safe base64 and
 * dots only, so anything else is refused before it is decoded.
 */
export function opaqueToken(opts: { max: number; message: string }) {
  return z
    .string({ error: opts.message })
    .min(1, opts.message)
    .max(opts.max, opts.message)
    .regex(/^[A-Za-z0-9_.-]+$/, opts.message);
}

const Uuid = z.uuid();
/** True for a UUID as the database stores ids (any version). */
export const isUuid = (value: unknown): value is string => Uuid.safeParse(value).success;

/**
 * An amount in the major unit as the API accepts it: the JSON number 25.5, or the text "25",
 * "25.5" or "25.50" (digits, optionally a point and one to three decimals). Refused here: "25.",
 * " 25 ", "1e3", "0x10", "", negative, NaN, Infinity, more than twelve whole digits. Whether the
 * decimals fit the currency ("25.000" is fine in KWD, not in USD) is checked where the currency is
 * known, by `parseAmount(value, currency, { exact: true })` of @giftrelay/money. The value keeps
 * its type so no float rounds it on the way.
 */
export const AMOUNT_PATTERN = /^\d{1,12}(\.\d{1,3})?$/;
export const AMOUNT_MESSAGE = 'must be an amount such as 25, 25.5 or "25.50"';

/** The amount as text (25.5 → "25.5"), or null when it is not an amount in the accepted form. */
export function amountText(value: number | string): string | null {
  const text = typeof value === 'number' ? (Number.isFinite(value) && value >= 0 ? String(value) : null) : value;
  return text !== null && AMOUNT_PATTERN.test(text) ? text : null;
}

export const AmountSchema = z
  .union([z.number({ error: AMOUNT_MESSAGE }), z.string({ error: AMOUNT_MESSAGE }).max(20, AMOUNT_MESSAGE)], {
    error: AMOUNT_MESSAGE,
  })
  .superRefine((value, ctx) => {
    if (amountText(value) === null) ctx.addIssue({ code: 'custom', message: AMOUNT_MESSAGE, input: value });
  })
  .meta({ description: 'An amount in the major unit: 25, 25.5 or "25.50"', example: 25.5 });
