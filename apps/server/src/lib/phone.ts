import { getCountryCallingCode, parsePhoneNumberFromString, validatePhoneNumberLength } from 'libphonenumber-js/max';
import metadata from 'libphonenumber-js/max/metadata';
import { AppError } from './errors';

/**
 * Why a number cannot take texts: the stable reason (the first word of the error's detail) and a
 * sentence that names the country when the number has one (issue 32, decision 082).
 */
export type PhoneProblemReason =
  | 'not_e164'
  | 'unknown_country_code'
  | 'too_short'
  | 'too_long'
  | 'invalid_for_country'
  | 'not_mobile';

const regionNames = new Intl.DisplayNames(['en'], { type: 'region' });
const countryName = (code: string) => `${regionNames.of(code) ?? code} (+${getCountryCallingCode(code as never)})`;

/**
 * Numbers set aside for drama and documentation reach nobody, and the docs, the built-in mailbox
 * and the tests use them: North America's 555-0100 to 555-0199 in every area code (+1 NXX 555 01XX),
 * the UK's 07700 900000 to 900999 and Australia's 0491 570 000 to 0491 579 999. libphonenumber
 * calls them invalid (no real line has them), so they are let through here by name.
 */
const FICTIONAL = [/^\+1[2-9]\d{2}55501\d{2}$/, /^\+447700900\d{3}$/, /^\+6149157\d{4}$/];

// Types of number that cannot receive a text message.
const NOT_MOBILE = new Set(['FIXED_LINE', 'PREMIUM_RATE', 'TOLL_FREE', 'SHARED_COST', 'UAN', 'VOICEMAIL', 'PAGER']);

function mainCountry(callingCode: string): string | undefined {
  const codes = (metadata as unknown as { country_calling_codes: Record<string, string[]> }).country_calling_codes;
  for (const n of [3, 2, 1]) {
    const country = codes[callingCode.slice(0, n)]?.[0];
    if (country && country !== '001') return country;
  }
  return undefined;
}

/** The problem with `input` as a mobile number in E.164, or null with the number normalised. */
export function phoneProblem(
  input: string,
): { number: string; problem: null } | { number: null; problem: { reason: PhoneProblemReason; message: string } } {
  const fail = (reason: PhoneProblemReason, message: string) => ({ number: null, problem: { reason, message } });
  // E.164: a plus, the country code, the number; people write spaces, dots, dashes and brackets.
  const compact = input.replace(/[\s().-]/g, '');
  if (!/^\+\d{1,20}$/.test(compact))
    return fail('not_e164', 'must be in international format with its country code, such as +447700900123');
  if (FICTIONAL.some((re) => re.test(compact))) return { number: compact, problem: null };
  const length = validatePhoneNumberLength(compact);
  if (length === 'INVALID_COUNTRY' || length === 'NOT_A_NUMBER')
    return fail('unknown_country_code', `${compact.slice(0, 4)}… does not start with a country calling code`);
  const parsed = parsePhoneNumberFromString(compact);
  // A number too short to place still has a calling code: its main country names it (+44: the UK).
  const callingCode = parsed?.countryCallingCode ?? /^\+(\d{1,3})/.exec(compact)?.[1] ?? '';
  const country = parsed?.country ?? mainCountry(callingCode);
  const where = country ? ` for ${countryName(country)}` : ` for +${callingCode}`;
  if (length === 'TOO_SHORT' || length === 'INVALID_LENGTH') return fail('too_short', `is too short${where}`);
  if (length === 'TOO_LONG') return fail('too_long', `is too long${where}`);
  if (!parsed?.isValid()) return fail('invalid_for_country', `is not a valid number${where}`);
  const type = parsed.getType();
  if (type && NOT_MOBILE.has(type))
    return fail('not_mobile', `is a ${type.toLowerCase().replace(/_/g, ' ')} number${where}: it cannot receive texts`);
  return { number: parsed.number, problem: null };
}

/** The number in E.164, or 400 PHONE_INVALID naming the field, the reason and the country. */
export function checkPhone(input: string, path = 'body.phone'): string {
  const { number, problem } = phoneProblem(input);
  if (number) return number;
  const field = path.split('.').pop();
  throw new AppError('PHONE_INVALID', `${field} ${problem?.message}`, [
    { path, message: `${problem?.reason}: ${field} ${problem?.message}` },
  ]);
}
