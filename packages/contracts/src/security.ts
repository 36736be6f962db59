import { z } from 'zod';
import { CurrentPasswordSchema, EmailSchema, LinkTokenSchema } from './auth';
import { opaqueToken } from './primitives';

/**
 * Two-factor sign-in and changing one's address (issue 15, decision 037). A second factor is a
 * 6-digit code from an authenticator app (TOTP, RFC 6238, 30-second steps), or one of ten
 * single-use recovery codes shown when two-factor sign-in is turned on.
 */

export const TOTP_DIGITS = 6;
export const RECOVERY_CODE_COUNT = 10;
/** Minutes between a correct password and the code, and the wrong codes allowed in them. */
export const TWO_FACTOR_CHALLENGE_MINUTES = 5;
export const TWO_FACTOR_CHALLENGE_ATTEMPTS = 5;
export const EMAIL_CHANGE_LINK_HOURS = 24;

const TOTP_PATTERN = /^\d{6}$/;
/** Two groups of five, letters and digits, the dash optional: `k7m2p-x9q4r`. */
const RECOVERY_PATTERN = /^[a-z0-9]{5}-?[a-z0-9]{5}$/;

export const isTotpCode = (code: string) => TOTP_PATTERN.test(code);

const CODE_MESSAGE = 'code must be the 6 digits your authenticator app shows, or a recovery code';

/** A TOTP code or a recovery code; spaces are ignored and letters compared in lower case. */
export const SecondFactorCodeSchema = z
  .string({ error: CODE_MESSAGE })
  .max(40, CODE_MESSAGE)
  .transform((v) => v.replace(/\s+/g, '').toLowerCase())
  .refine((v) => TOTP_PATTERN.test(v) || RECOVERY_PATTERN.test(v), CODE_MESSAGE);

/** Only the authenticator's code (turning two-factor on, new recovery codes). */
export const TotpCodeSchema = z
  .string({ error: 'code must be the 6 digits your authenticator app shows' })
  .max(40, 'code must be the 6 digits your authenticator app shows')
  .transform((v) => v.replace(/\s+/g, ''))
  .refine((v) => TOTP_PATTERN.test(v), 'code must be the 6 digits your authenticator app shows');

/** grant_type=two_factor: the token a correct password answered, and the second factor. */
export const TwoFactorGrantSchema = z.object({
  two_factor_token: opaqueToken({ max: 200, message: 'is not a two-factor token from this API' }),
  code: SecondFactorCodeSchema,
});
export type TwoFactorGrant = z.infer<typeof TwoFactorGrantSchema>;

/** What a correct password answers when the account has two-factor sign-in. */
export const TwoFactorChallengeSchema = z.object({
  success: z.literal(true),
  two_factor_required: z.literal(true),
  /** Send it back with grant_type=two_factor and the code; it lasts `expires_in` seconds. */
  two_factor_token: z.string(),
  expires_in: z.number().int(),
});
export type TwoFactorChallenge = z.infer<typeof TwoFactorChallengeSchema>;

export const TwoFactorStatusSchema = z.object({
  enabled: z.boolean(),
  enabled_at: z.string().nullable(),
  /** Recovery codes not used yet. */
  recovery_codes_left: z.number().int(),
  /** The organisations that require it of this person (as an owner): it cannot be turned off while any does. */
  required_by: z.array(z.object({ id: z.uuid(), name: z.string() })),
});
export type TwoFactorStatus = z.infer<typeof TwoFactorStatusSchema>;
export const TwoFactorStatusResponseSchema = TwoFactorStatusSchema.extend({ success: z.literal(true) });

export const TwoFactorSetupBodySchema = z.object({ current_password: CurrentPasswordSchema }).strict();
export type TwoFactorSetupBody = z.infer<typeof TwoFactorSetupBodySchema>;

export const TwoFactorSetupResponseSchema = z.object({
  success: z.literal(true),
  /** Base32, for typing into an app that cannot scan. */
  secret: z.string(),
  otpauth_uri: z.string(),
  /** The URI as a QR code, an SVG document. */
  qr_svg: z.string(),
});
export type TwoFactorSetup = z.infer<typeof TwoFactorSetupResponseSchema>;

export const TotpCodeBodySchema = z.object({ code: TotpCodeSchema }).strict();
export type TotpCodeBody = z.input<typeof TotpCodeBodySchema>;

export const RecoveryCodesResponseSchema = z.object({
  success: z.literal(true),
  /** Shown this once: only their hashes are kept. */
  recovery_codes: z.array(z.string()),
});
export type RecoveryCodesResponse = z.infer<typeof RecoveryCodesResponseSchema>;

export const DisableTwoFactorBodySchema = z
  .object({ current_password: CurrentPasswordSchema, code: SecondFactorCodeSchema })
  .strict();
export type DisableTwoFactorBody = z.input<typeof DisableTwoFactorBodySchema>;

/** POST /api/v1/auth/email: a link goes to the new address; the address changes when it is opened. */
export const ChangeEmailBodySchema = z.object({ email: EmailSchema, current_password: CurrentPasswordSchema }).strict();
export type ChangeEmailBody = z.infer<typeof ChangeEmailBodySchema>;

export const ConfirmEmailChangeBodySchema = z.object({ token: LinkTokenSchema }).strict();

export const ConfirmEmailChangeResponseSchema = z.object({
  success: z.literal(true),
  message: z.string(),
  email: z.string(),
});

export const SECURITY_MESSAGES = {
  emailChangeSent: (email: string) => `We sent a link to ${email}. Open it to confirm your new address.`,
  emailChanged: (email: string) => `Your email address is now ${email}.`,
  twoFactorEnabled: 'Two-factor sign-in is on.',
  twoFactorDisabled: 'Two-factor sign-in is off.',
  wrongCode: 'That code is not correct. Codes change every 30 seconds; each works once.',
} as const;
