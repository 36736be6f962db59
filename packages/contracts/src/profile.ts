import { z } from 'zod';
import { USER_NAME_MAX } from './auth';
import { listEnvelope } from './lists';
import { safeText } from './primitives';

/**
 * Profile and security (issue 15, decision 034): the signed-in person's name, and their sessions
 * (every device they are signed in on, in every organisation), each of which they may end.
 */

const NAME_MESSAGE = `name must be 1 to ${USER_NAME_MAX} characters, or null`;

/** PATCH /api/v1/auth/user: what a person may change of themselves here. */
export const UpdateProfileBodySchema = z
  .object({
    name: safeText({
      min: 1,
      max: USER_NAME_MAX,
      required: NAME_MESSAGE,
      tooShort: NAME_MESSAGE,
      tooLong: NAME_MESSAGE,
    })
      .nullable()
      .transform((v) => (v === '' ? null : v)),
  })
  .strict();
export type UpdateProfileBody = z.infer<typeof UpdateProfileBodySchema>;

export const AuthSessionSchema = z.object({
  id: z.uuid(),
  /** What the browser or client said it is, in a few words: "Chrome on macOS". */
  device: z.string(),
  /** The address it signed in from (behind a proxy: as TRUST_PROXY reads it); null if unknown. */
  ip_address: z.string().nullable(),
  organisation: z.object({ id: z.uuid(), name: z.string() }),
  created_at: z.string(),
  /** Its last sign-in or token refresh (access tokens live 15 minutes between them). */
  last_seen_at: z.string(),
  /** The session this request is made with. */
  current: z.boolean(),
});
export type AuthSession = z.infer<typeof AuthSessionSchema>;

export const ListSessionsResponseSchema = listEnvelope(AuthSessionSchema);
export type ListSessionsResponse = z.infer<typeof ListSessionsResponseSchema>;

export const SessionIdParamsSchema = z.object({ id: z.uuid('id must be a session id') });

export const RevokeOtherSessionsResponseSchema = z.object({
  success: z.literal(true),
  /** How many sessions ended. */
  revoked: z.number().int(),
});
