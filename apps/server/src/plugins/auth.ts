import { randomBytes } from 'node:crypto';
import { isUuid, type Role } from '@giftrelay/contracts';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { errors as joseErrors, jwtVerify, SignJWT } from 'jose';
import { sql } from 'kysely';
import { LRUCache } from 'lru-cache';
import type { Config } from '../config';
import { unauthorized } from '../lib/errors';

/** Who is calling, set by `app.authenticate`. */
export interface AuthContext {
  userId: string;
  organisationId: string;
  role: Role;
  email: string;
  sessionId: string;
}

export interface AccessTokens {
  /** Lifetime of an access token, in seconds. */
  ttlSeconds: number;
  sign(claims: { userId: string; sessionId: string; organisationId: string }): Promise<{
    token: string;
    expiresAt: number;
  }>;
}

/**
 * A verified access token whose session has not been checked yet (`app.verifyToken`): the route
 * must check it before it answers or writes anything, in its own statement (SESSION_IS_ACTIVE) or
 * with `app.checkSession`.
 */
export interface UncheckedSession {
  userId: string;
  sessionId: string;
  /** The organisation the token was issued for; the session must still belong to it. */
  organisationId: string;
}

/**
 * SQL that is true while the session named by three parameters (session id, user id, organisation
 * id, in that order) is live and its user still a member of the organisation: the check
 * `app.authenticate` makes, to fold into a route's own statement.
 */
export function sessionIsActive(sessionId: string, userId: string, organisationId: string): string {
  return `EXISTS (SELECT 1 FROM auth_sessions s JOIN memberships m ON m.user_id = s.user_id AND m.organisation_id = s.organisation_id
    WHERE s.id = ${sessionId}::uuid AND s.user_id = ${userId}::uuid AND s.organisation_id = ${organisationId}::uuid
      AND s.revoked_at IS NULL AND s.expires_at > now())`;
}

declare module 'fastify' {
  interface FastifyInstance {
    accessTokens: AccessTokens;
    /**
     * Use as `preHandler` where the route checks the session itself, inside its own statement:
     * verifies the bearer token only and sets `request.token`. Answers 401 like `authenticate`
     * for a missing, invalid or expired token.
     */
    verifyToken(request: FastifyRequest): Promise<void>;
    /** Throws 401 UNAUTHORIZED unless the token's session is live (see UncheckedSession). */
    checkSession(token: UncheckedSession): Promise<void>;
    /**
     * Use as `preHandler`: checks the bearer access token and its session, then sets
     * `request.auth`. Answers 401 UNAUTHORIZED when the token is missing, invalid or expired, or
     * its session has ended.
     */
    authenticate(request: FastifyRequest): Promise<void>;
  }
  interface FastifyRequest {
    /** Set by `app.authenticate`; read it only in routes that use it. */
    auth: AuthContext;
    /** Set by `app.verifyToken`; read it only in routes that use it. */
    token: UncheckedSession;
  }
}

export const ACCESS_TOKEN_TTL_SECONDS = 15 * 60;
export const ACCESS_TOKEN_AUDIENCE = 'giftrelay-api';
const ALGORITHM = 'HS256';
const KEY_ID = 'access-token-v1';

export const sessionEnded = () => unauthorized('Session has ended', 'bearer');

/**
 * Access tokens: short-lived JWTs (HS256, pinned) naming a session. The key comes from
 * AUTH_SECRET, or is generated on first start and kept in the database, so every process and
 * every restart agrees on it. Each check also looks the session up, so logging out or changing
 * the password ends the tokens at once instead of when they expire.
 */
export const authPlugin = fp(
  async (app: FastifyInstance, opts: { config: Config }) => {
    const secret = opts.config.authSecret ? new TextEncoder().encode(opts.config.authSecret) : await storedKey(app);
    // Imported once: handing jose the raw bytes makes it import the key again on every request.
    const key = await crypto.subtle.importKey('raw', secret, { name: 'HMAC', hash: 'SHA-256' }, false, [
      'sign',
      'verify',
    ]);
    const issuer = opts.config.publicUrl;

    app.decorate('accessTokens', {
      ttlSeconds: ACCESS_TOKEN_TTL_SECONDS,
      async sign(claims) {
        const now = Math.floor(Date.now() / 1000);
        const expiresAt = now + ACCESS_TOKEN_TTL_SECONDS;
        const token = await new SignJWT({ sid: claims.sessionId, org: claims.organisationId })
          .setProtectedHeader({ alg: ALGORITHM, typ: 'JWT', kid: KEY_ID })
          .setSubject(claims.userId)
          .setIssuer(issuer)
          .setAudience(ACCESS_TOKEN_AUDIENCE)
          .setIssuedAt(now)
          .setExpirationTime(expiresAt)
          .sign(key);
        return { token, expiresAt };
      },
    } satisfies AccessTokens);

    // A token's signature and claims never change, so a verified token is remembered (until it
    // expires) and not verified again on every request; the session is still checked every time.
    // Concurrent requests with one unseen token share one verification. Failures are not kept.
    type Claims = { sessionId: string; userId: string; organisationId: string; exp: number };
    const verified = new LRUCache<string, Claims>({
      max: 10_000,
      perf: { now: () => Date.now() },
      ttlResolution: 0,
      fetchMethod: async (token, _stale, { options }) => {
        const { payload } = await jwtVerify(token, key, {
          algorithms: [ALGORITHM],
          issuer,
          audience: ACCESS_TOKEN_AUDIENCE,
          requiredClaims: ['sub', 'sid', 'exp', 'iat'],
        });
        // Well signed is not well formed: a token made with a leaked or test key, or by an older
        // version, must not carry a non-UUID id to the session query (a 500 there, not a 401).
        if (
          !isUuid(payload.sid) ||
          !isUuid(payload.sub) ||
          !isUuid(payload.org) ||
          typeof payload.exp !== 'number' ||
          !Number.isSafeInteger(payload.exp)
        ) {
          throw new Error('bad claims');
        }
        // Kept until the token expires, not a moment longer.
        options.ttl = Math.max(1, payload.exp * 1000 - Date.now());
        return { sessionId: payload.sid, userId: payload.sub, organisationId: payload.org, exp: payload.exp };
      },
    });
    async function verifyAccessToken(token: string): Promise<Claims> {
      try {
        const claims = await verified.fetch(token);
        if (!claims) throw new Error('not verified');
        return claims;
      } catch (err) {
        throw unauthorized(
          err instanceof joseErrors.JWTExpired ? 'Access token expired' : 'Invalid access token',
          'bearer',
        );
      }
    }

    const sessionQuery = app.db
      .selectFrom('auth_sessions as s')
      .innerJoin('users as u', 'u.id', 's.user_id')
      .innerJoin('memberships as m', (j) =>
        j.onRef('m.user_id', '=', 's.user_id').onRef('m.organisation_id', '=', 's.organisation_id'),
      )
      .select(['s.organisation_id', 'm.role', 'u.email'])
      .where('s.id', '=', sql<string>`$1`)
      .where('s.user_id', '=', sql<string>`$2`)
      .where('s.revoked_at', 'is', null)
      .where('s.expires_at', '>', sql<Date>`now()`)
      .compile();

    const bearerClaims = (request: FastifyRequest) => {
      const header = request.headers.authorization;
      const match = header?.match(/^Bearer\s+(\S+)$/i);
      if (!match?.[1]) throw unauthorized('Missing bearer token', 'bearer');
      return verifyAccessToken(match[1]);
    };
    const liveSession = `SELECT ${sessionIsActive('$1', '$2', '$3')} AS live`;

    app.decorateRequest('auth', null as unknown as AuthContext);
    app.decorateRequest('token', null as unknown as UncheckedSession);
    app.decorate('verifyToken', async (request: FastifyRequest) => {
      const { sessionId, userId, organisationId } = await bearerClaims(request);
      request.token = { sessionId, userId, organisationId };
    });
    app.decorate('checkSession', async (token: UncheckedSession) => {
      const [row] = (
        await app.database.query<{ live: boolean }>(
          liveSession,
          [token.sessionId, token.userId, token.organisationId],
          'auth_live_session',
        )
      ).rows;
      if (!row?.live) throw sessionEnded();
    });
    app.decorate('authenticate', async (request: FastifyRequest) => {
      const { sessionId, userId } = await bearerClaims(request);
      // Every authenticated request runs this: built once by the query builder, then sent as a
      // prepared statement (parsed once per connection, no query building per request).
      const [row] = (
        await app.database.query<{ organisation_id: string; role: Role; email: string }>(
          sessionQuery.sql,
          [sessionId, userId],
          'auth_session',
        )
      ).rows;
      if (!row) throw sessionEnded();
      request.auth = { userId, organisationId: row.organisation_id, role: row.role, email: row.email, sessionId };
    });
  },
  { name: 'auth', dependencies: ['db'] },
);

async function storedKey(app: FastifyInstance): Promise<Uint8Array> {
  await app.db
    .insertInto('auth_signing_keys')
    .values({ id: KEY_ID, secret: randomBytes(64) })
    .onConflict((oc) => oc.column('id').doNothing())
    .execute();
  const row = await app.db
    .selectFrom('auth_signing_keys')
    .select('secret')
    .where('id', '=', KEY_ID)
    .executeTakeFirstOrThrow();
  return new Uint8Array(row.secret);
}
