import { z } from 'zod';
import { EMAIL_MAX_LENGTH, type Role } from './auth';
import { RewardExpiryDaysSchema } from './expiry';
import { safeText } from './primitives';

/**
 * Organisation settings (issue 15, decision 033): what recipients see of the sender (name, reply-to,
 * colour, logo), the send dialog's default message and the low-balance threshold.
 */

/**
 * The roles that may change the settings and read the audit log; every member may read the
 * settings. One list, so the central role table can take it over in one place.
 */
export const ORGANISATION_MANAGER_ROLES = ['owner', 'admin'] as const satisfies readonly Role[];
export const canManageOrganisation = (role: Role | string): boolean =>
  (ORGANISATION_MANAGER_ROLES as readonly string[]).includes(role);

export const ORGANISATION_NAME_MAX = 100;
export const SENDER_NAME_MAX = 80;
export const DEFAULT_MESSAGE_MAX = 500;
/** The largest logo accepted, in bytes (512 KiB). */
export const LOGO_MAX_BYTES = 512 * 1024;
/** A PNG logo's sides, in pixels. */
export const LOGO_MIN_SIDE = 16;
export const LOGO_MAX_SIDE = 4096;
export const LOGO_MEDIA_TYPES = ['image/png', 'image/svg+xml'] as const;
export type LogoMediaType = (typeof LOGO_MEDIA_TYPES)[number];
/** What the From line says after the sender's name: "Acme People Team via GiftRelay". */
export const SENDER_SUFFIX = 'via GiftRelay';
/** GiftRelay's own colour: the email and claim page use it when the organisation sets none. */
export const DEFAULT_BRAND_COLOUR = '#4f46e5';
export const BRAND_COLOUR_PATTERN = /^#[0-9a-fA-F]{6}$/;

/** The From line's name for a sender: "Acme People Team via GiftRelay". */
export const senderDisplayName = (sender: string) => `${sender} ${SENDER_SUFFIX}`;

/**
 * The text colour readable on `hex` (WCAG relative luminance): white on dark colours, near-black
 * on light ones, so a pale brand colour never hides a button's label.
 */
export function textColourOn(hex: string): '#ffffff' | '#0f172a' {
  const channel = (i: number) => {
    const c = Number.parseInt(hex.slice(1 + i * 2, 3 + i * 2), 16) / 255;
    return c <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
  };
  const l = 0.2126 * channel(0) + 0.7152 * channel(1) + 0.0722 * channel(2);
  // Contrast with white is (1.05)/(l+0.05); with #0f172a (l≈0.0086) it is (l+0.05)/0.0586.
  return 1.05 / (l + 0.05) >= (l + 0.05) / 0.0586 ? '#ffffff' : '#0f172a';
}

// "" clears an optional setting, as null does: a form sends an emptied field as "".
const blankToNull = <T>(v: T | null | undefined) => (v === '' ? null : v);

/** The largest threshold, in minor units (migration 0063's bound). */
export const LOW_BALANCE_THRESHOLD_MAX_MINOR = 100_000_000_000;
const THRESHOLD_MESSAGE = `low_balance_threshold_minor must be a whole number of minor units from 0 to ${LOW_BALANCE_THRESHOLD_MAX_MINOR}, or null`;

const NAME_MESSAGE = `name must be 1 to ${ORGANISATION_NAME_MAX} characters`;

/** Reminders of unopened rewards (decision 040): after this many days, at most two. */
export const REMINDER_DAYS = { min: 1, max: 30, default: 3 } as const;
export const MAX_REMINDERS = 2;
/** Automatic voids of unopened rewards, off by default; the recipient is told this many days before. */
export const VOID_AFTER_DAYS = { min: 7, max: 365 } as const;
export const VOID_NOTICE_DAYS = 3;
const REMINDER_MESSAGE = `reminder_after_days must be a whole number of days from ${REMINDER_DAYS.min} to ${REMINDER_DAYS.max}, or null`;
const VOID_AFTER_MESSAGE = `void_unopened_after_days must be a whole number of days from ${VOID_AFTER_DAYS.min} to ${VOID_AFTER_DAYS.max}, or null`;

export const UpdateOrganisationBodySchema = z
  .object({
    name: safeText({
      min: 1,
      max: ORGANISATION_NAME_MAX,
      required: NAME_MESSAGE,
      tooShort: NAME_MESSAGE,
      tooLong: NAME_MESSAGE,
    }),
    /** What recipients see as the sender; null: the organisation's name. */
    sender_name: safeText({
      max: SENDER_NAME_MAX,
      tooLong: `sender_name must be at most ${SENDER_NAME_MAX} characters`,
    })
      .refine((v) => !/[<>@"\\]/.test(v), 'sender_name is a name, not an address: it must not contain < > @ " or \\')
      .nullable()
      .transform(blankToNull),
    /** Where recipients' replies go; null: nowhere (the sender is a no-reply address). */
    reply_to: z
      .string({ error: 'reply_to must be an email address' })
      .trim()
      .max(EMAIL_MAX_LENGTH, `reply_to must be at most ${EMAIL_MAX_LENGTH} characters`)
      .refine((v) => v === '' || z.email().safeParse(v).success, 'reply_to must be an email address')
      .nullable()
      .transform(blankToNull),
    /** `#rrggbb`; null: GiftRelay's colour. */
    brand_colour: z
      .string({ error: 'brand_colour must be a colour such as #4f46e5' })
      .max(7, 'brand_colour must be a colour such as #4f46e5')
      .regex(BRAND_COLOUR_PATTERN, 'brand_colour must be a colour such as #4f46e5')
      .transform((v) => v.toLowerCase())
      .nullable(),
    /** The send dialog's message when the sender writes none of their own. */
    default_message: safeText({
      max: DEFAULT_MESSAGE_MAX,
      multiline: true,
      tooLong: `default_message must be at most ${DEFAULT_MESSAGE_MAX} characters`,
    })
      .nullable()
      .transform(blankToNull),
    /** In the billing currency's minor units (2500 is 25.00 USD); null: no `balance.low` event. */
    low_balance_threshold_minor: z
      .number({ error: THRESHOLD_MESSAGE })
      .int(THRESHOLD_MESSAGE)
      .min(0, THRESHOLD_MESSAGE)
      .max(LOW_BALANCE_THRESHOLD_MAX_MINOR, THRESHOLD_MESSAGE)
      .nullable(),
    /** Owners must sign in with two factors; owners alone change it, and only when every owner has it on. */
    owners_need_two_factor: z.boolean({ error: 'owners_need_two_factor must be true or false' }),
    /** Days after delivery before an unopened reward's recipient is reminded, and again after twice as many; null: never. */
    reminder_after_days: z
      .number({ error: REMINDER_MESSAGE })
      .int(REMINDER_MESSAGE)
      .min(REMINDER_DAYS.min, REMINDER_MESSAGE)
      .max(REMINDER_DAYS.max, REMINDER_MESSAGE)
      .nullable(),
    /** Days after delivery before unopened rewards are voided and refunded; null: never (the default). */
    void_unopened_after_days: z
      .number({ error: VOID_AFTER_MESSAGE })
      .int(VOID_AFTER_MESSAGE)
      .min(VOID_AFTER_DAYS.min, VOID_AFTER_MESSAGE)
      .max(VOID_AFTER_DAYS.max, VOID_AFTER_MESSAGE)
      .nullable(),
    /** Days after sending before a reward expires, unless its order says otherwise; null: never (decision 081). */
    reward_expiry_days: RewardExpiryDaysSchema,
  })
  .partial()
  .strict();
export type UpdateOrganisationBody = z.infer<typeof UpdateOrganisationBodySchema>;
export type UpdateOrganisationInput = z.input<typeof UpdateOrganisationBodySchema>;

// Base64 of at most LOGO_MAX_BYTES bytes.
const LOGO_BASE64_MAX = Math.ceil(LOGO_MAX_BYTES / 3) * 4;
const LOGO_TOO_LARGE = `the logo must be at most ${LOGO_MAX_BYTES / 1024} KB`;

export const UploadLogoBodySchema = z
  .object({
    media_type: z.enum(LOGO_MEDIA_TYPES, { error: 'media_type must be image/png or image/svg+xml' }),
    /** The file, base64-encoded. */
    data: z
      .string({ error: 'data must be the file in base64' })
      .min(1, 'data must be the file in base64')
      .max(LOGO_BASE64_MAX, LOGO_TOO_LARGE)
      .regex(/^[A-Za-z0-9+/]+={0,2}$/, 'data must be the file in base64'),
  })
  .strict();
export type UploadLogoBody = z.infer<typeof UploadLogoBodySchema>;

export const OrganisationLogoSchema = z.object({
  /** On this site, public and cacheable for ever (a new upload gets a new URL). */
  url: z.string(),
  media_type: z.enum(LOGO_MEDIA_TYPES),
  width: z.number().int(),
  height: z.number().int(),
  size_bytes: z.number().int(),
});
export type OrganisationLogo = z.infer<typeof OrganisationLogoSchema>;

export const OrganisationSettingsSchema = z.object({
  id: z.uuid(),
  name: z.string(),
  sender_name: z.string().nullable(),
  /** The From line's name on recipient emails, as it will be sent. */
  email_from_name: z.string(),
  reply_to: z.string().nullable(),
  brand_colour: z.string().nullable(),
  logo: OrganisationLogoSchema.nullable(),
  default_message: z.string().nullable(),
  billing_currency: z.string(),
  low_balance_threshold: z.number().nullable().meta({ description: 'In the billing currency’s major unit' }),
  low_balance_threshold_minor: z.number().int().nullable(),
  /** Owners must sign in with two factors (decision 037). */
  owners_need_two_factor: z.boolean(),
  /** Reminders of unopened rewards after this many days (and twice as many); null: none (decision 040). */
  reminder_after_days: z.number().int().nullable(),
  /** Unopened rewards voided and refunded after this many days; null: never. */
  void_unopened_after_days: z.number().int().nullable(),
  /** Rewards expire this many days after they are sent, unless the order says otherwise; null: never (decision 081). */
  reward_expiry_days: z.number().int().nullable(),
  /** Whether the caller may change these settings (owners and admins). */
  can_edit: z.boolean(),
});
export type OrganisationSettings = z.infer<typeof OrganisationSettingsSchema>;

export const OrganisationSettingsResponseSchema = OrganisationSettingsSchema.extend({ success: z.literal(true) });
export type OrganisationSettingsResponse = z.infer<typeof OrganisationSettingsResponseSchema>;

export const OrganisationLogoParamsSchema = z.object({ id: z.uuid('id must be a logo id') });
