import type { ApiKeyScope, Role } from '@giftrelay/contracts';
import { unauthorized } from '../../lib/errors';

/** Who is calling, set by `app.authenticate`: a signed-in user, or an organisation's API key. */
export type AuthContext = SessionAuth | ApiKeyAuth;

export interface SessionAuth {
  kind: 'session';
  userId: string;
  organisationId: string;
  role: Role;
  email: string;
  sessionId: string;
}

export interface ApiKeyAuth {
  kind: 'api_key';
  apiKeyId: string;
  organisationId: string;
  scopes: ApiKeyScope[];
  /** Who created the key (null once that user is gone): orders the key places name them. */
  userId: string | null;
}

/**
 * A verified credential not yet checked as live (`app.verifyToken`): an access token whose session
 * may have ended, or an API key that may have been revoked since this process last looked. The
 * route must check it before it answers or writes anything, in its own statement
 * (`credentialIsActive`) or with `app.checkSession`.
 */
export type UncheckedCredential =
  | {
      kind: 'session';
      userId: string;
      sessionId: string;
      /** The organisation the token was issued for; the session must still belong to it. */
      organisationId: string;
      /** The roles the route allows (its rule in OPERATION_ACCESS); the check refuses the others. */
      roles: readonly Role[];
    }
  | { kind: 'api_key'; apiKeyId: string; organisationId: string; userId: string | null };

/**
 * SQL that is true while the session named by three parameters (session id, user id, organisation
 * id, in that order) is live and its user still a member of the organisation: the check
 * `app.authenticate` makes, to fold into a route's own statement. With a fourth (a text[] of
 * roles), the member's role must also be one of them.
 */
export function sessionIsActive(sessionId: string, userId: string, organisationId: string, roles?: string): string {
  return `EXISTS (SELECT 1 FROM auth_sessions s JOIN memberships m ON m.user_id = s.user_id AND m.organisation_id = s.organisation_id
    WHERE s.id = ${sessionId}::uuid AND s.user_id = ${userId}::uuid AND s.organisation_id = ${organisationId}::uuid
      AND s.revoked_at IS NULL AND s.expires_at > now()${roles ? ` AND m.role = ANY(${roles}::text[])` : ''})`;
}

/** SQL that is true while the API key (id, organisation id) is neither revoked nor expired. */
export function apiKeyIsActive(apiKeyId: string, organisationId: string): string {
  return `EXISTS (SELECT 1 FROM api_keys k WHERE k.id = ${apiKeyId}::uuid AND k.organisation_id = ${organisationId}::uuid
      AND k.revoked_at IS NULL AND (k.expires_at IS NULL OR k.expires_at > now()))`;
}

/**
 * SQL that is true while an UncheckedCredential is live and allowed, from five parameters: its
 * kind (`session` or `api_key`), its id (session or key), the user id (sessions only; null for a
 * key), the organisation id and the roles the route allows (sessions only). See
 * `credentialParameters`. A session whose role the route refuses is not live here: the route
 * then calls `app.checkSession`, which tells 401 from 403.
 */
export function credentialIsActive(
  kind: string,
  id: string,
  userId: string,
  organisationId: string,
  roles: string,
): string {
  return `CASE WHEN ${kind}::text = 'api_key' THEN ${apiKeyIsActive(id, organisationId)}
    ELSE ${sessionIsActive(id, userId, organisationId, roles)} END`;
}

/** The five values `credentialIsActive` reads, in its order. */
export function credentialParameters(
  c: UncheckedCredential,
): [string, string, string | null, string, readonly Role[] | null] {
  return c.kind === 'api_key'
    ? ['api_key', c.apiKeyId, null, c.organisationId, null]
    : ['session', c.sessionId, c.userId, c.organisationId, c.roles];
}

export const sessionEnded = () => unauthorized('Session has ended', 'bearer');
export const apiKeyEnded = () => unauthorized('API key is invalid, revoked or expired', 'bearer');
/** The 401 for a credential found ended by a route's own check. */
export const credentialEnded = (c: UncheckedCredential) => (c.kind === 'api_key' ? apiKeyEnded() : sessionEnded());
