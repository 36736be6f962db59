import { randomBytes } from 'node:crypto';
import { type AccessLevel, type ApiKeyScope, accessOf, isUuid, ROLES_FOR_LEVEL, type Role } from '@giftrelay/contracts';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { errors as joseErrors, jwtVerify, SignJWT } from 'jose';
import { sql } from 'kysely';
import { LRUCache } from 'lru-cache';
import type { Config } from '../config';
import { hashApiKey, isApiKeyShaped, looksLikeApiKey } from '../lib/api-key-secret';
import { AppError, unauthorized } from '../lib/errors';

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

export interface AccessTokens {
  /** Lifetime of an access token, in seconds. */
  ttlSeconds: number;
  sign(claims: { userId: string; sessionId: string; organisationId: string }): Promise<{
    token: string;
    expiresAt: number;
  }>;
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

/** The session behind a request that only a signed-in user may make (a key never gets this far). */
export function sessionOf(request: FastifyRequest): SessionAuth {
  if (request.auth.kind !== 'session') throw apiKeyRefused();
  return request.auth;
}

export const ACCESS_TOKEN_TTL_SECONDS = 15 * 60;
export const ACCESS_TOKEN_AUDIENCE = 'giftrelay-api';
const ALGORITHM = 'HS256';
const KEY_ID = 'access-token-v1';

export const sessionEnded = () => unauthorized('Session has ended', 'bearer');
const apiKeyEnded = () => unauthorized('API key is invalid, revoked or expired', 'bearer');
/** The 401 for a credential found ended by a route's own check. */
export const credentialEnded = (c: UncheckedCredential) => (c.kind === 'api_key' ? apiKeyEnded() : sessionEnded());
const apiKeyRefused = () => new AppError('FORBIDDEN', 'API keys cannot use this endpoint: it needs a signed-in user');
const ROLE_NAMES: Record<Role, string> = {
  owner: 'an owner',
  admin: 'an admin',
  sender: 'a sender',
  viewer: 'a viewer',
};
const roleRefused = (role: Role, allowed: readonly Role[]) =>
  new AppError('FORBIDDEN', `As ${ROLE_NAMES[role]} you cannot do this: it needs the role ${allowed.join(' or ')}`, [
    { path: 'role', message: `needs ${allowed.join(' or ')}` },
  ]);

/**
 * The roles a route allows, from its rule in OPERATION_ACCESS (packages/contracts, decision 032).
 * A route nobody wrote a rule for allows no one.
 */
function rolesFor(request: FastifyRequest): readonly Role[] {
  const level: AccessLevel | undefined = accessOf(request.routeOptions.schema?.operationId);
  if (!level) return [];
  return level === 'public' ? ROLES_FOR_LEVEL.read : ROLES_FOR_LEVEL[level];
}

const noRule = () => new AppError('FORBIDDEN', 'This endpoint has no role rule: nobody may call it');

/** Throws 403 FORBIDDEN unless the role may call the route. */
function requireRole(role: Role, allowed: readonly Role[]) {
  if (allowed.length === 0) throw noRule();
  if (!allowed.includes(role)) throw roleRefused(role, allowed);
}

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
      const { sessionId, userId, organisationId } = await verifyAccessToken(token);
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
      const { sessionId, userId, organisationId } = await verifyAccessToken(token);
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

function requireScope(request: FastifyRequest, scopes: readonly ApiKeyScope[]) {
  const needed = request.routeOptions.config.apiKeyScope;
  if (!needed) throw apiKeyRefused();
  if (!scopes.includes(needed)) throw new AppError('FORBIDDEN', `This API key lacks the ${needed} scope`);
}

interface KnownKey {
  id: string;
  organisationId: string;
  scopes: ApiKeyScope[];
  createdBy: string | null;
  /** Epoch milliseconds, or null for never. */
  expiresAt: number | null;
}

/**
 * Finds API keys by the SHA-256 of the key (decision 026). `lookUp` asks the database every time
 * and finds only live keys; `recall` remembers a live key's fixed facts (organisation, scopes,
 * expiry) for a few minutes, for routes whose own statement checks revocation. `touch` records a
 * key's use: at most once a minute per key and process, after the answer, never awaited by it.
 */
function apiKeyVerifier(app: FastifyInstance) {
  const query = app.db
    .selectFrom('api_keys')
    .select(['id', 'organisation_id', 'scopes', 'created_by', 'expires_at'])
    .where('key_hash', '=', sql<string>`$1`)
    .where('revoked_at', 'is', null)
    .where(sql<boolean>`(expires_at IS NULL OR expires_at > now())`)
    .compile();
  const refuse = () => apiKeyEnded();

  async function lookUp(token: string): Promise<KnownKey> {
    if (!isApiKeyShaped(token)) throw refuse();
    type Row = {
      id: string;
      organisation_id: string;
      scopes: ApiKeyScope[];
      created_by: string | null;
      expires_at: Date | null;
    };
    const [row] = (await app.database.query<Row>(query.sql, [hashApiKey(token)], 'auth_api_key')).rows;
    if (!row) throw refuse();
    return {
      id: row.id,
      organisationId: row.organisation_id,
      scopes: row.scopes,
      createdBy: row.created_by,
      expiresAt: row.expires_at ? new Date(row.expires_at).getTime() : null,
    };
  }

  // Keyed by the key's hash, so no key sits in memory longer than its request.
  const known = new LRUCache<string, KnownKey, string>({
    max: 10_000,
    ttl: 5 * 60_000,
    fetchMethod: (_hash, _stale, { context }) => lookUp(context),
  });

  const touched = new LRUCache<string, number>({ max: 10_000 });
  const pending = new Set<Promise<unknown>>();
  // The first use of a UTC day is audited; later ones only move last_used_at (once a minute).
  const touchText = `WITH b AS (SELECT id, organisation_id, last_used_at AS before FROM api_keys WHERE id = $1::uuid),
u AS (
  UPDATE api_keys k SET last_used_at = now() FROM b
  WHERE k.id = b.id AND k.revoked_at IS NULL
    AND (k.last_used_at IS NULL OR k.last_used_at < now() - interval '1 minute')
  RETURNING k.id, k.organisation_id, b.before
)
INSERT INTO audit_events (organisation_id, action, api_key_id)
SELECT organisation_id, 'api_key.used', id FROM u
WHERE before IS NULL OR before < date_trunc('day', now())`;
  app.addHook('onClose', async () => {
    await Promise.allSettled([...pending]);
  });

  return {
    lookUp,
    async recall(token: string): Promise<KnownKey> {
      if (!isApiKeyShaped(token)) throw refuse();
      const key = await known.fetch(hashApiKey(token), { context: token });
      if (!key) throw refuse();
      if (key.expiresAt !== null && key.expiresAt <= Date.now()) throw refuse();
      return key;
    },
    touch(id: string) {
      const now = Date.now();
      const last = touched.get(id);
      if (last !== undefined && now - last < 60_000) return;
      touched.set(id, now);
      const done: Promise<unknown> = app.database
        .query(touchText, [id], 'api_key_touch')
        .catch((err: unknown) => app.log.warn({ err }, 'could not record an API key’s use'))
        .finally(() => pending.delete(done));
      pending.add(done);
    },
  };
}

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
