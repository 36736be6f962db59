import { z } from 'zod';
import { PlanIdSchema } from './leads';
import { opaqueToken } from './primitives';

/** The spec's limits and messages: the sign-in form and the API apply the same rules. */
export const EMAIL_MAX_LENGTH = 255;
export const PASSWORD_MIN_LENGTH = 6;
// Bounds the work a single request can ask of the password hasher.
export const PASSWORD_MAX_LENGTH = 1024;

export const EmailSchema = z
  .string({ error: 'Email is required' })
  .trim()
  .min(1, 'Email is required')
  .max(EMAIL_MAX_LENGTH, `Email must be at most ${EMAIL_MAX_LENGTH} characters`)
  .pipe(z.email({ error: 'Invalid email address' }));

export const NewPasswordSchema = z
  .string({ error: 'Password is required' })
  .min(PASSWORD_MIN_LENGTH, `Password must be at least ${PASSWORD_MIN_LENGTH} characters`)
  .max(PASSWORD_MAX_LENGTH, `Password must be at most ${PASSWORD_MAX_LENGTH} characters`);

/** Signing in checks only that something was typed: a wrong password is a wrong password. */
export const CurrentPasswordSchema = z
  .string({ error: 'Password is required' })
  .min(1, 'Password is required')
  .max(PASSWORD_MAX_LENGTH, `Password must be at most ${PASSWORD_MAX_LENGTH} characters`);

export const CredentialsSchema = z.object({ email: EmailSchema, password: NewPasswordSchema });
export type Credentials = z.infer<typeof CredentialsSchema>;

/** `plan`: the plan chosen on the pricing page (/login?mode=signup&plan=growth); Starter when absent. */
export const SignUpBodySchema = CredentialsSchema.extend({ plan: PlanIdSchema.optional() });
export type SignUpBody = z.infer<typeof SignUpBodySchema>;

export const GrantTypeSchema = z.enum(['password', 'refresh_token', 'two_factor'], {
  error: 'grant_type must be password, refresh_token or two_factor',
});
export const TokenQuerySchema = z.object({ grant_type: GrantTypeSchema });

export const PasswordGrantSchema = z.object({ email: EmailSchema, password: CurrentPasswordSchema });
export type PasswordGrant = z.infer<typeof PasswordGrantSchema>;

/** Browsers leave `refresh_token` out and send the httpOnly cookie instead (see SESSION_COOKIE_HEADER). */
export const RefreshGrantSchema = z.object({
  refresh_token: opaqueToken({ max: 200, message: 'is not a refresh token from this API' }).optional(),
});
export type RefreshGrant = z.infer<typeof RefreshGrantSchema>;

/** What the token endpoint accepts, for either grant; the route checks the fields its grant needs. */
export const TokenBodySchema = z.object({
  email: z
    .string()
    .max(EMAIL_MAX_LENGTH * 4)
    .optional(),
  password: z.string().max(PASSWORD_MAX_LENGTH).optional(),
  refresh_token: z.string().max(200).optional(),
  two_factor_token: z.string().max(200).optional(),
  code: z.string().max(40).optional(),
});

// In a module of its own so the browser's session code can use it without loading zod.
export { SESSION_COOKIE_HEADER } from './session-cookie';

// The roles, from the most to the least a person may do (decision 032; `permissions.ts`).
export const RoleSchema = z.enum(['owner', 'admin', 'sender', 'viewer']);
export type Role = z.infer<typeof RoleSchema>;

export const OrganisationSchema = z.object({
  id: z.string(),
  name: z.string(),
  sandbox: z.boolean(),
  billing_currency: z.string(),
  /** The plan chosen at sign-up; every plan pays the same processing fee. */
  plan: PlanIdSchema,
  created_at: z.string(),
});
export type Organisation = z.infer<typeof OrganisationSchema>;

export const USER_NAME_MAX = 100;

export const UserSchema = z.object({
  id: z.string(),
  email: z.string(),
  /** The person's name, as they set it in Settings → Profile; null until then. */
  name: z.string().nullable(),
  email_confirmed_at: z.string().nullable(),
  created_at: z.string(),
  role: RoleSchema,
  organisation: OrganisationSchema,
});
export type User = z.infer<typeof UserSchema>;

export const SessionSchema = z.object({
  success: z.literal(true),
  access_token: z.string(),
  /** Empty when the refresh token went into the httpOnly cookie. */
  refresh_token: z.string(),
  expires_in: z.number().int(),
  /** Seconds since the Unix epoch. */
  expires_at: z.number().int(),
  token_type: z.literal('bearer'),
  user: UserSchema,
  /** True when this sign-in (password, or a verified email) is the user's first; false on a refresh. */
  first_sign_in: z.boolean(),
});
export type Session = z.infer<typeof SessionSchema>;

export const UserResponseSchema = z.object({ success: z.literal(true), user: UserSchema });
export type UserResponse = z.infer<typeof UserResponseSchema>;

export const MessageResponseSchema = z.object({ success: z.literal(true), message: z.string() });
export type MessageResponse = z.infer<typeof MessageResponseSchema>;

export const EmailBodySchema = z.object({ email: EmailSchema });
export type EmailBody = z.infer<typeof EmailBodySchema>;

export const LinkTokenSchema = z
  .string()
  .min(1, 'The link is incomplete')
  .max(200, 'The link is not valid')
  .regex(/^[A-Za-z0-9_.-]+$/, 'The link is not valid');

/**
 * Whoever opens the link decides the password (decision 054): `password` becomes the account's.
 * Without it the sign-up's password stays, which an address signed up more than once refuses.
 */
export const VerifyEmailBodySchema = z.object({ token: LinkTokenSchema, password: NewPasswordSchema.optional() });
/** Verifying signs the person in: the answer carries a session, like a sign-in's. */
export const VerifyEmailResponseSchema = z.object({
  success: z.literal(true),
  message: z.string(),
  email: z.string(),
  session: SessionSchema.omit({ success: true }),
});
export type VerifyEmailResponse = z.infer<typeof VerifyEmailResponseSchema>;

export const ResetPasswordBodySchema = z.object({ token: LinkTokenSchema, password: NewPasswordSchema });
export type ResetPasswordBody = z.infer<typeof ResetPasswordBodySchema>;

export const ChangePasswordBodySchema = z.object({
  current_password: CurrentPasswordSchema,
  password: NewPasswordSchema,
});
export type ChangePasswordBody = z.infer<typeof ChangePasswordBodySchema>;

/** The answers that must not reveal whether an address has an account. */
export const AUTH_MESSAGES = {
  signedUp: 'Check your email to verify.',
  resent: 'If that address has an account waiting for verification, a new link is on its way.',
  recover: 'If that address has an account, a link to reset the password is on its way.',
  verified: 'Your email is verified. You can sign in now.',
  passwordReset: 'Your password has been changed. Sign in with the new one.',
  passwordChanged: 'Your password has been changed. Other sessions have been signed out.',
  invalidCredentials: 'Invalid email or password',
  emailNotConfirmed: 'Email not confirmed. Check your inbox for the verification link, or send a new one.',
} as const;
