import type { ApiKeyScope, Role } from '@giftrelay/contracts';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { sql } from 'kysely';
import type { Config } from '../../config';
import { looksLikeApiKey } from '../../lib/api-key-secret';
import { unauthorized } from '../../lib/errors';
import { noRule, requireRole, requireScope, rolesFor } from './access';
import { type AccessTokens, createAccessTokens } from './access-tokens';
import { apiKeyVerifier } from './api-key-verifier';
import {
  type AuthContext,
  apiKeyIsActive,
  credentialEnded,
  credentialParameters,
  type SessionAuth,
  sessionEnded,
  sessionIsActive,
  type UncheckedCredential,
} from './credentials';

// The plugin's public face, as one module: callers import `plugins/auth` and nothing under it.
export { sessionOf } from './access';
export { ACCESS_TOKEN_AUDIENCE, ACCESS_TOKEN_TTL_SECONDS, type AccessTokens } from './access-tokens';
export {
  type ApiKeyAuth,
  type AuthContext,
  apiKeyIsActive,
  credentialEnded,
  credentialIsActive,
  credentialParameters,
  type SessionAuth,
  sessionEnded,
  sessionIsActive,
  type UncheckedCredential,
} from './credentials';

declare module 'fastify' {
  interface FastifyInstance {
    accessTokens: AccessTokens;
    /**
     * Use as `preHandler` where the route checks the credential itself, inside its own statement:
     * verifies the bearer token or API key only and sets `request.token`. Answers 401 like
     * `authenticate` for a missing, invalid or expired one, and 403 like it for a key without the
     * route's scope.
     */
    verifyToken(request: FastifyRequest): Promise<void>;
    /** Throws 401 UNAUTHORIZED unless the credential is live (see UncheckedCredential). */
    checkSession(token: UncheckedCredential): Promise<void>;
    /**
     * Use as `preHandler`: checks the bearer access token and its session, or the API key, then
     * sets `request.auth`. Answers 401 UNAUTHORIZED when the token is missing, invalid or expired,
     * its session has ended or the key is revoked or expired; 403 FORBIDDEN when a key lacks the
     * route's `config.apiKeyScope` (a route without one is for signed-in users only).
     */
    authenticate(request: FastifyRequest): Promise<void>;
  }
  interface FastifyRequest {
    /** Set by `app.authenticate`; read it only in routes that use it. */
    auth: AuthContext;
    /** Set by `app.verifyToken`; read it only in routes that use it. */
    token: UncheckedCredential;
  }
  interface FastifyContextConfig {
    /**
     * The scope an API key needs to call this route. Unset, the route refuses keys (403): it is
     * for signed-in users only (managing keys, the account itself).
     */
    apiKeyScope?: ApiKeyScope;
  }
}

/**
 * Authentication as one named plugin, from four parts: access tokens (`access-tokens.ts`), API
 * keys (`api-key-verifier.ts`), the live-credential checks (`credentials.ts`) and who may call a
 * route (`access.ts`). Each check also looks the session up, so logging out or changing the
 * password ends the tokens at once instead of when they expire.
 */
export const authPlugin = fp(
  async (app: FastifyInstance, opts: { config: Config }) => {
    const tokens = await createAccessTokens(app, opts.config);
    app.decorate('accessTokens', tokens.accessTokens);

    const sessionQuery = app.db
      .selectFrom('auth_sessions as s')
      .innerJoin('users as u', 'u.id', 's.user_id')
      .innerJoin('memberships as m', (j) =>
        j.onRef('m.user_id', '=', 's.user_id').onRef('m.organisation_id', '=', 's.organisation_id'),
      )
      .select(['s.organisation_id', 'm.role', 'u.email'])
      .where('s.id', '=', sql<string>`$1`)
      .where('s.user_id', '=', sql<string>`$2`)
      // The token's organisation must be its session's: a token re-signed with another `org` is
      // refused here, for every route, not read as the session's organisation (decision 054).
      .where('s.organisation_id', '=', sql<string>`$3`)
      .where('s.revoked_at', 'is', null)
      .where('s.expires_at', '>', sql<Date>`now()`)
      .compile();

    const bearer = (request: FastifyRequest): string => {
      const header = request.headers.authorization;
      const match = header?.match(/^Bearer\s+(\S+)$/i);
      if (!match?.[1]) throw unauthorized('Missing bearer token', 'bearer');
      return match[1];
    };
    // Whether the credential is live, and the member's role (for a session), told apart so that an
    // ended session is a 401 and a role the route refuses a 403.
    const liveCredential = `SELECT CASE WHEN $1::text = 'api_key' THEN ${apiKeyIsActive('$2', '$4')}
    ELSE ${sessionIsActive('$2', '$3', '$4')} END AS live,
  (SELECT m.role FROM memberships m WHERE m.user_id = $3::uuid AND m.organisation_id = $4::uuid) AS role`;
    const keys = apiKeyVerifier(app);

    app.decorateRequest('auth', null as unknown as SessionAuth);
    app.decorateRequest('token', null as unknown as Extract<UncheckedCredential, { kind: 'session' }>);
    app.decorate('verifyToken', async (request: FastifyRequest) => {
      const token = bearer(request);
      if (looksLikeApiKey(token)) {
        // Scopes, organisation and expiry never change, so they may come from memory; whether the
        // key is revoked is checked by the route's own statement (or `checkSession`).
        const key = await keys.recall(token);
        requireScope(request, key.scopes);
        keys.touch(key.id);
        request.token = {
          kind: 'api_key',
          apiKeyId: key.id,
          organisationId: key.organisationId,
          userId: key.createdBy,
        };
        return;
      }
      const { sessionId, userId, organisationId } = await tokens.verify(token);
      const roles = rolesFor(request);
      if (roles.length === 0) throw noRule();
      request.token = { kind: 'session', sessionId, userId, organisationId, roles };
    });
    app.decorate('checkSession', async (token: UncheckedCredential) => {
      const [kind, id, userId, organisationId] = credentialParameters(token);
      const [row] = (
        await app.database.query<{ live: boolean; role: Role | null }>(
          liveCredential,
          [kind, id, userId, organisationId],
          'auth_live_credential',
        )
      ).rows;
      if (!row?.live) throw credentialEnded(token);
      if (token.kind === 'session' && row.role) requireRole(row.role, token.roles);
    });
    app.decorate('authenticate', async (request: FastifyRequest) => {
      const token = bearer(request);
      if (looksLikeApiKey(token)) {
        // Looked up on every request, revocation included: a revoked key is refused at once.
        const key = await keys.lookUp(token);
        requireScope(request, key.scopes);
        keys.touch(key.id);
        request.auth = {
          kind: 'api_key',
          apiKeyId: key.id,
          organisationId: key.organisationId,
          scopes: key.scopes,
          userId: key.createdBy,
        };
        return;
      }
      const { sessionId, userId, organisationId } = await tokens.verify(token);
      // Every authenticated request runs this: built once by the query builder, then sent as a
      // prepared statement (parsed once per connection, no query building per request).
      const [row] = (
        await app.database.query<{ organisation_id: string; role: Role; email: string }>(
          sessionQuery.sql,
          [sessionId, userId, organisationId],
          'auth_session',
        )
      ).rows;
      if (!row) throw sessionEnded();
      requireRole(row.role, rolesFor(request));
      request.auth = {
        kind: 'session',
        userId,
        organisationId: row.organisation_id,
        role: row.role,
        email: row.email,
        sessionId,
      };
    });
  },
  { name: 'auth', dependencies: ['db'] },
);
