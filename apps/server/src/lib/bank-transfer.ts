import { createHash } from 'node:crypto';
import { textProblem } from '@giftrelay/contracts';
import { z } from 'zod';

/**
 * Funding by bank transfer (issue 17, decision 047): the account live organisations pay into, from
 * BANK_TRANSFER_* (checked at boot by config.ts), and the reference each organisation quotes.
 */
export interface BankTransferConfig {
  beneficiary: string;
  bankName: string;
  /** An account number, or an IBAN (printed in groups of four). */
  account: string;
  routing: string | null;
  swift: string | null;
  bankAddress: string | null;
}

const text = (max: number) =>
  z
    .string()
    .trim()
    .max(max, `must be at most ${max} characters`)
    .refine((v) => textProblem(v) === null, 'must not contain control characters');

/** The BANK_TRANSFER_* variables, for config.ts's schema. */
export const BANK_TRANSFER_ENV = {
  BANK_TRANSFER_BENEFICIARY: text(140).optional(),
  BANK_TRANSFER_BANK: text(140).optional(),
  BANK_TRANSFER_ACCOUNT: z
    .string()
    .transform((v) => v.replace(/\s+/g, '').toUpperCase())
    .refine(
      (v) => (looksLikeIban(v) ? ibanIsValid(v) : /^[0-9A-Z-]{4,34}$/.test(v)),
      'must be an account number (4 to 34 letters, digits or -) or an IBAN with a correct check number',
    )
    .optional(),
  BANK_TRANSFER_ROUTING: z
    .string()
    .transform((v) => v.trim())
    .refine(
      (v) => /^[0-9A-Za-z -]{4,20}$/.test(v) && (!/^\d{9}$/.test(v) || abaIsValid(v)),
      'must be a routing number or sort code (4 to 20 letters, digits, spaces or -; a 9-digit ABA number must pass its check digit)',
    )
    .optional(),
  BANK_TRANSFER_SWIFT: z
    .string()
    .transform((v) => v.trim().toUpperCase())
    .refine((v) => /^[A-Z]{6}[A-Z0-9]{2}([A-Z0-9]{3})?$/.test(v), 'must be a SWIFT/BIC code of 8 or 11 characters')
    .optional(),
  BANK_TRANSFER_BANK_ADDRESS: text(200).optional(),
};

type Env = { [K in keyof typeof BANK_TRANSFER_ENV]?: string };

/**
 * The bank account from the parsed variables: null when none is set, or the problems when some
 * are (a beneficiary, a bank and an account are needed, with a routing number or a SWIFT code).
 */
export function bankTransferFrom(e: Env): { config: BankTransferConfig | null; problems: string[] } {
  const set = (Object.keys(BANK_TRANSFER_ENV) as (keyof Env)[]).some((name) => e[name]);
  if (!set) return { config: null, problems: [] };
  const problems: string[] = [];
  for (const name of ['BANK_TRANSFER_BENEFICIARY', 'BANK_TRANSFER_BANK', 'BANK_TRANSFER_ACCOUNT'] as const) {
    if (!e[name]) problems.push(`${name} must be set when any BANK_TRANSFER_* variable is: bank transfers need it`);
  }
  if (!e.BANK_TRANSFER_ROUTING && !e.BANK_TRANSFER_SWIFT) {
    problems.push('BANK_TRANSFER_ROUTING or BANK_TRANSFER_SWIFT must be set: a payer needs one to reach the bank');
  }
  if (problems.length) return { config: null, problems };
  return {
    config: {
      beneficiary: e.BANK_TRANSFER_BENEFICIARY as string,
      bankName: e.BANK_TRANSFER_BANK as string,
      account: e.BANK_TRANSFER_ACCOUNT as string,
      routing: e.BANK_TRANSFER_ROUTING || null,
      swift: e.BANK_TRANSFER_SWIFT || null,
      bankAddress: e.BANK_TRANSFER_BANK_ADDRESS || null,
    },
    problems: [],
  };
}

const looksLikeIban = (v: string) => /^[A-Z]{2}\d{2}/.test(v);

/** ISO 13616: the country and check digits moved to the end, letters as 10–35, mod 97 is 1. */
export function ibanIsValid(iban: string): boolean {
  if (!/^[A-Z]{2}\d{2}[A-Z0-9]{11,30}$/.test(iban)) return false;
  const moved = iban.slice(4) + iban.slice(0, 4);
  let rest = 0;
  for (const ch of moved) {
    const n = ch >= 'A' ? String(ch.charCodeAt(0) - 55) : ch;
    for (const d of n) rest = (rest * 10 + Number(d)) % 97;
  }
  return rest === 1;
}

/** An ABA routing number's check digit: 3-7-1 weights, sum divisible by 10. */
export function abaIsValid(routing: string): boolean {
  const weights = [3, 7, 1];
  const sum = [...routing].reduce((s, d, i) => s + Number(d) * (weights[i % 3] as number), 0);
  return sum % 10 === 0;
}

/** An IBAN as people copy it: groups of four. */
export const displayAccount = (account: string) =>
  looksLikeIban(account) ? (account.match(/.{1,4}/g) ?? [account]).join(' ') : account;

// Crockford's base 32: no I, L, O or U, so a reference read aloud or retyped is not misread.
const CROCKFORD = '0123456789ABCDEFGHJKMNPQRSTVWXYZ';

/**
 * The reference an organisation quotes on its transfers: `GR-` and ten characters (50 bits) of a
 * hash of its id. Stable without being stored, 13 characters (UK Faster Payments allow 18), and
 * with 100,000 organisations the chance that two share one is about 1 in 200,000 (decision 047).
 */
export function bankReference(organisationId: string): string {
  const digest = createHash('sha256').update(`giftrelay bank reference v1:${organisationId}`).digest();
  let bits = 0n;
  for (const byte of digest.subarray(0, 7)) bits = (bits << 8n) | BigInt(byte);
  let code = '';
  for (let i = 0; i < 10; i++) code += CROCKFORD[Number((bits >> BigInt(6 + 5 * (9 - i))) & 31n)];
  return `GR-${code}`;
}
