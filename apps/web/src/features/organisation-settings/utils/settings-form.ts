import {
  BRAND_COLOUR_PATTERN,
  DEFAULT_MESSAGE_MAX,
  LOGO_MAX_BYTES,
  LOGO_MEDIA_TYPES,
  type LogoMediaType,
  ORGANISATION_NAME_MAX,
  type OrganisationSettings,
  REMINDER_DAYS,
  REWARD_EXPIRY_DAYS,
  SENDER_NAME_MAX,
  type UpdateOrganisationInput,
  VOID_AFTER_DAYS,
} from '@giftrelay/contracts';
import { parseAmount, toDecimalString } from '@giftrelay/money';
import { z } from 'zod';

/** The form's fields, as typed (text); `toUpdate` turns them into the API's body. */
export const settingsFormSchema = (currency: string) =>
  z.object({
    name: z
      .string()
      .trim()
      .min(1, 'Please name your organisation')
      .max(ORGANISATION_NAME_MAX, `At most ${ORGANISATION_NAME_MAX} characters`),
    senderName: z
      .string()
      .trim()
      .max(SENDER_NAME_MAX, `At most ${SENDER_NAME_MAX} characters`)
      .refine((v) => !/[<>@"\\]/.test(v), 'A name, not an address: no < > @ " or \\'),
    replyTo: z
      .string()
      .trim()
      .refine((v) => v === '' || z.email().safeParse(v).success, 'Enter an email address, or leave it empty'),
    brandColour: z.string().refine((v) => v === '' || BRAND_COLOUR_PATTERN.test(v), 'A colour such as #4f46e5'),
    defaultMessage: z.string().max(DEFAULT_MESSAGE_MAX, `At most ${DEFAULT_MESSAGE_MAX} characters`),
    lowBalanceThreshold: z
      .string()
      .trim()
      .refine((v) => v === '' || parseAmount(v, currency) !== undefined, `An amount in ${currency}, such as 500`),
    reminderDays: days(REMINDER_DAYS),
    voidAfterDays: days(VOID_AFTER_DAYS),
    expiryDays: days(REWARD_EXPIRY_DAYS),
  });

/** A number of whole days within `range`, or empty for "never". */
const days = (range: { min: number; max: number }) =>
  z
    .string()
    .trim()
    .refine(
      (v) => v === '' || (/^\d{1,3}$/.test(v) && Number(v) >= range.min && Number(v) <= range.max),
      `A whole number of days from ${range.min} to ${range.max}, or empty for never`,
    );
const daysOrNull = (v: string) => (v.trim() === '' ? null : Number(v.trim()));
export type SettingsFormValues = z.input<ReturnType<typeof settingsFormSchema>>;

export function formValuesOf(s: OrganisationSettings): SettingsFormValues {
  return {
    name: s.name,
    senderName: s.sender_name ?? '',
    replyTo: s.reply_to ?? '',
    brandColour: s.brand_colour ?? '',
    defaultMessage: s.default_message ?? '',
    lowBalanceThreshold:
      s.low_balance_threshold_minor === null ? '' : toDecimalString(s.low_balance_threshold_minor, s.billing_currency),
    reminderDays: s.reminder_after_days === null ? '' : String(s.reminder_after_days),
    voidAfterDays: s.void_unopened_after_days === null ? '' : String(s.void_unopened_after_days),
    expiryDays: s.reward_expiry_days === null ? '' : String(s.reward_expiry_days),
  };
}

export function toUpdate(v: SettingsFormValues, currency: string): UpdateOrganisationInput {
  const threshold = v.lowBalanceThreshold.trim();
  return {
    name: v.name.trim(),
    sender_name: v.senderName.trim() || null,
    reply_to: v.replyTo.trim() || null,
    brand_colour: v.brandColour ? v.brandColour.toLowerCase() : null,
    default_message: v.defaultMessage.trim() || null,
    low_balance_threshold_minor: threshold === '' ? null : (parseAmount(threshold, currency) ?? null),
    reminder_after_days: daysOrNull(v.reminderDays),
    void_unopened_after_days: daysOrNull(v.voidAfterDays),
    reward_expiry_days: daysOrNull(v.expiryDays),
  };
}

/** Why a chosen file cannot be a logo, before it is sent; null when it may be. */
export function logoFileProblem(file: { type: string; size: number }): string | null {
  if (!(LOGO_MEDIA_TYPES as readonly string[]).includes(file.type)) return 'Choose a PNG or SVG file';
  if (file.size > LOGO_MAX_BYTES) return `The logo must be at most ${LOGO_MAX_BYTES / 1024} KB`;
  return null;
}

export const isLogoType = (type: string): type is LogoMediaType =>
  (LOGO_MEDIA_TYPES as readonly string[]).includes(type);

/** The file's bytes in base64, as the upload takes them. */
export async function fileToBase64(file: Blob): Promise<string> {
  const bytes = new Uint8Array(await file.arrayBuffer());
  let binary = '';
  for (let i = 0; i < bytes.length; i += 0x8000) binary += String.fromCharCode(...bytes.subarray(i, i + 0x8000));
  return btoa(binary);
}
