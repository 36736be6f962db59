import { randomBytes } from 'node:crypto';
import { isUuid } from '@giftrelay/contracts';
import type { FastifyInstance } from 'fastify';
import { errors as joseErrors, jwtVerify, SignJWT } from 'jose';
import { LRUCache } from 'lru-cache';
import type { Config } from '../../config';
import { unauthorized } from '../../lib/errors';

export interface AccessTokens {
  /** Lifetime of an access token, in seconds. */
  ttlSeconds: number;
  sign(claims: { userId: string; sessionId: string; organisationId: string }): Promise<{
    token: string;
    expiresAt: number;
  }>;
}

export const ACCESS_TOKEN_TTL_SECONDS = 15 * 60;
export const ACCESS_TOKEN_AUDIENCE = 'giftrelay-api';
const ALGORITHM = 'HS256';
const KEY_ID = 'access-token-v1';

/** What a verified access token names. */
export interface AccessClaims {
  sessionId: string;
  userId: string;
  organisationId: string;
  exp: number;
}

/**
 * Access tokens: short-lived JWTs (HS256, pinned) naming a session. The key comes from
 * AUTH_SECRET, or is generated on first start and kept in the database, so every process and
 * every restart agrees on it. `verify` answers the claims of a well-signed, unexpired token, or a
 * 401; whether its session is still live is the caller's check.
 */
export async function createAccessTokens(
  app: FastifyInstance,
  config: Pick<Config, 'authSecret' | 'publicUrl'>,
): Promise<{ accessTokens: AccessTokens; verify(token: string): Promise<AccessClaims> }> {
  const secret = config.authSecret ? new TextEncoder().encode(config.authSecret) : await storedKey(app);
  // Imported once: handing jose the raw bytes makes it import the key again on every request.
  const key = await crypto.subtle.importKey('raw', secret, { name: 'HMAC', hash: 'SHA-256' }, false, [
    'sign',
    'verify',
  ]);
  const issuer = config.publicUrl;

  const accessTokens: AccessTokens = {
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
  };

  // A token's signature and claims never change, so a verified token is remembered (until it
  // expires) and not verified again on every request; the session is still checked every time.
  // Concurrent requests with one unseen token share one verification. Failures are not kept.
  const verified = new LRUCache<string, AccessClaims>({
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
  async function verifyAccessToken(token: string): Promise<AccessClaims> {
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

  return { accessTokens, verify: verifyAccessToken };
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
