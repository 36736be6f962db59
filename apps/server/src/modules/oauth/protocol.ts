import { API_KEY_SCOPES, type ApiKeyScope, textProblem } from '@giftrelay/contracts';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { auditGrantRevoked } from './audit';
import { mcpResourceUrl } from './principal';
import * as repo from './repository';
import { hashSecret, newClientId, newSecret, s256, secretKind } from './secrets';

/** Lifetimes (decision 075): codes are exchanged at once; access tokens are short; refresh tokens rotate. */
export const CODE_TTL_SECONDS = 5 * 60;
export const ACCESS_TTL_SECONDS = 60 * 60;
export const REFRESH_TTL_SECONDS = 30 * 24 * 60 * 60;
export const REDIRECT_URIS_MAX = 10;
export const REDIRECT_URI_MAX_LENGTH = 2048;
export const CLIENT_NAME_MAX = 100;

/** An RFC 6749 §5.2 (or RFC 7591 §3.2.2) error: `{error, error_description}`, never the API's own body. */
export class OAuthError extends Error {
  constructor(
    readonly error: string,
    readonly description: string,
    readonly status = 400,
  ) {
    super(description);
    this.name = 'OAuthError';
  }
}

const LOOPBACK_HOSTS = new Set(['localhost', '127.0.0.1', '[::1]']);
const LOOPBACK_IPS = new Set(['127.0.0.1', '[::1]']);

/**
 * Why a redirect URI is refused, or null. OAuth 2.1 §2.3.1 and §8.4: https anywhere, http only on
 * the loopback interface; absolute, no fragment, no user info, no whitespace or control characters.
 */
export function redirectUriProblem(uri: unknown): string | null {
  if (typeof uri !== 'string' || uri.length === 0) return 'each redirect URI must be a non-empty string';
  if (uri.length > REDIRECT_URI_MAX_LENGTH)
    return `each redirect URI must be at most ${REDIRECT_URI_MAX_LENGTH} characters`;
  // Code points outside printable ASCII are refused outright: a URI is sent encoded.
  if (!/^[\x21-\x7e]+$/.test(uri)) return 'a redirect URI must be printable ASCII without spaces';
  let url: URL;
  try {
    url = new URL(uri);
  } catch {
    return 'a redirect URI must be an absolute URL';
  }
  if (uri.includes('#')) return 'a redirect URI must not have a fragment';
  if (url.username || url.password) return 'a redirect URI must not carry user information';
  if (url.protocol === 'https:') return null;
  if (url.protocol === 'http:' && LOOPBACK_HOSTS.has(url.hostname)) return null;
  return 'a redirect URI must use https, or http on localhost, 127.0.0.1 or [::1]';
}

/**
 * Whether `given` is one of the registered URIs: exactly, except that a loopback IP literal's port
 * may differ (OAuth 2.1 §8.4.2: native apps take whatever port is free at the time).
 */
export function matchesRegistered(registered: readonly string[], given: string): boolean {
  if (registered.includes(given)) return true;
  let url: URL;
  try {
    url = new URL(given);
  } catch {
    return false;
  }
  if (url.protocol !== 'http:' || !LOOPBACK_IPS.has(url.hostname) || given.includes('#')) return false;
  const withoutPort = (u: URL) => `${u.protocol}//${u.hostname}${u.pathname}${u.search}`;
  return registered.some((r) => {
    const reg = new URL(r);
    return reg.protocol === 'http:' && LOOPBACK_IPS.has(reg.hostname) && withoutPort(reg) === withoutPort(url);
  });
}

/** A client's name as shown on the consent page: control characters and lone surrogates dropped, spaces collapsed. */
export function sanitizeClientName(name: unknown): string {
  if (typeof name !== 'string') return 'Unnamed assistant';
  const cleaned = [...name.slice(0, 1000)]
    .filter((ch) => textProblem(ch) === null)
    .join('')
    .replace(/\s+/g, ' ')
    .trim()
    .slice(0, CLIENT_NAME_MAX)
    .trim();
  return cleaned || 'Unnamed assistant';
}

const RegistrationSchema = z.object({
  redirect_uris: z.array(z.unknown()).min(1).max(REDIRECT_URIS_MAX),
  client_name: z.unknown().optional(),
  token_endpoint_auth_method: z.unknown().optional(),
  grant_types: z.unknown().optional(),
  response_types: z.unknown().optional(),
  scope: z.unknown().optional(),
});

const GRANT_TYPES = ['authorization_code', 'refresh_token'];

/** RFC 7591 dynamic registration of a public client. */
export async function registerClient(app: FastifyInstance, body: unknown) {
  const parsed = RegistrationSchema.safeParse(body);
  if (!parsed.success) {
    throw new OAuthError(
      'invalid_client_metadata',
      `redirect_uris must be a list of 1 to ${REDIRECT_URIS_MAX} URIs, in a JSON object`,
    );
  }
  const meta = parsed.data;
  for (const uri of meta.redirect_uris) {
    const problem = redirectUriProblem(uri);
    if (problem) throw new OAuthError('invalid_redirect_uri', problem);
  }
  const uris = [...new Set(meta.redirect_uris as string[])];
  if (meta.token_endpoint_auth_method !== undefined && meta.token_endpoint_auth_method !== 'none') {
    throw new OAuthError(
      'invalid_client_metadata',
      'only public clients are registered here: token_endpoint_auth_method must be "none" (PKCE proves the client)',
    );
  }
  const listOf = (v: unknown, allowed: string[], name: string) => {
    if (v === undefined) return allowed;
    if (!Array.isArray(v) || v.length === 0 || !v.every((x) => typeof x === 'string' && allowed.includes(x))) {
      throw new OAuthError('invalid_client_metadata', `${name} must be a list of: ${allowed.join(', ')}`);
    }
    return [...new Set(v as string[])];
  };
  const grantTypes = listOf(meta.grant_types, GRANT_TYPES, 'grant_types');
  const responseTypes = listOf(meta.response_types, ['code'], 'response_types');
  const id = newClientId();
  const name = sanitizeClientName(meta.client_name);
  const createdAt = await repo.insertClient(app.db, { id, name, redirectUris: uris });
  return {
    client_id: id,
    client_id_issued_at: Math.floor(createdAt.getTime() / 1000),
    client_name: name,
    redirect_uris: uris,
    token_endpoint_auth_method: 'none',
    grant_types: grantTypes,
    response_types: responseTypes,
  };
}

/** The scopes a `scope` parameter names, in the canonical order; all of them when absent. Null: unknown ones. */
export function parseScope(scope: string | undefined): ApiKeyScope[] | null {
  if (scope === undefined || scope.trim() === '') return [...API_KEY_SCOPES];
  const names = scope.trim().split(/ +/);
  if (!names.every((n) => (API_KEY_SCOPES as readonly string[]).includes(n))) return null;
  return API_KEY_SCOPES.filter((s) => names.includes(s));
}

export interface AuthorizationParams {
  client_id?: string;
  redirect_uri?: string;
  response_type?: string;
  code_challenge?: string;
  code_challenge_method?: string;
  state?: string;
  scope?: string;
  resource?: string;
}

/** The outcome of checking an authorization request: a page of ours, or the client's redirect URI with an error. */
export type AuthorizationCheck =
  | { ok: true; client: { id: string; name: string }; redirectUri: string; scopes: ApiKeyScope[] }
  | { ok: false; page: string }
  | { ok: false; redirect: string };

const CHALLENGE = /^[A-Za-z0-9_-]{43}$/;

export function redirectWith(redirectUri: string, params: Record<string, string | undefined>): string {
  const url = new URL(redirectUri);
  for (const [k, v] of Object.entries(params)) if (v !== undefined) url.searchParams.set(k, v);
  return url.toString();
}

/**
 * Checks an authorization request (RFC 6749 §4.1.1 with OAuth 2.1's PKCE and RFC 8707's
 * resource). The client and redirect URI first: until both are known good, a problem is shown on
 * a page of ours and nothing is sent to the URI (§4.1.2.1). After that, a problem answers the
 * client's redirect URI with the error and the state, which /oauth/authorize offers as a link
 * rather than following (RFC 9700 §4.11.2).
 */
export async function checkAuthorization(app: FastifyInstance, q: AuthorizationParams): Promise<AuthorizationCheck> {
  if (typeof q.client_id !== 'string' || !/^grc_[A-Za-z0-9_-]{22,64}$/.test(q.client_id)) {
    return { ok: false, page: 'This application is not registered here (unknown client_id).' };
  }
  const client = await repo.findClient(app.db, q.client_id);
  if (!client) return { ok: false, page: 'This application is not registered here (unknown client_id).' };
  if (typeof q.redirect_uri !== 'string' || !matchesRegistered(client.redirect_uris, q.redirect_uri)) {
    return { ok: false, page: 'The redirect URI is not one this application registered.' };
  }
  const fail = (error: string, description: string) => ({
    ok: false as const,
    redirect: redirectWith(q.redirect_uri as string, {
      error,
      error_description: description,
      state: q.state,
      iss: issuerOf(app.config.publicUrl),
    }),
  });
  if (q.response_type !== 'code') return fail('unsupported_response_type', 'response_type must be code');
  if (q.code_challenge_method !== 'S256') {
    return fail('invalid_request', 'PKCE is required: code_challenge_method must be S256');
  }
  if (typeof q.code_challenge !== 'string' || !CHALLENGE.test(q.code_challenge)) {
    return fail('invalid_request', 'code_challenge must be the base64url SHA-256 of the code verifier (43 characters)');
  }
  if (q.state !== undefined && (q.state.length > 1024 || textProblem(q.state) !== null)) {
    return fail('invalid_request', 'state must be printable text of at most 1024 characters');
  }
  if (q.resource !== mcpResourceUrl(app.config.publicUrl)) {
    return fail('invalid_target', `resource must be ${mcpResourceUrl(app.config.publicUrl)}`);
  }
  const scopes = parseScope(q.scope);
  if (!scopes) return fail('invalid_scope', `scope may name: ${API_KEY_SCOPES.join(' ')}`);
  return { ok: true, client: { id: client.id, name: client.client_name }, redirectUri: q.redirect_uri, scopes };
}

/** The issuer identifier (RFC 8414): the site's origin. */
export const issuerOf = (publicUrl: string): string => new URL(publicUrl).origin;

export interface TokenAnswer {
  access_token: string;
  token_type: 'Bearer';
  expires_in: number;
  refresh_token: string;
  scope: string;
}

async function issueTokens(
  trx: Parameters<typeof repo.insertTokens>[0],
  grantId: string,
  scopes: readonly string[],
): Promise<TokenAnswer> {
  const access = newSecret('access');
  const refresh = newSecret('refresh');
  const now = Date.now();
  await repo.insertTokens(trx, [
    { hash: access.hash, grantId, kind: 'access', expiresAt: new Date(now + ACCESS_TTL_SECONDS * 1000) },
    { hash: refresh.hash, grantId, kind: 'refresh', expiresAt: new Date(now + REFRESH_TTL_SECONDS * 1000) },
  ]);
  return {
    access_token: access.value,
    token_type: 'Bearer',
    expires_in: ACCESS_TTL_SECONDS,
    refresh_token: refresh.value,
    scope: scopes.join(' '),
  };
}

const invalidGrant = (why: string) => new OAuthError('invalid_grant', why);

function checkResource(app: FastifyInstance, given: string | undefined, granted: string) {
  if (given !== undefined && given !== granted) {
    throw new OAuthError('invalid_target', `resource must be ${mcpResourceUrl(app.config.publicUrl)}`);
  }
}

/**
 * The token endpoint (RFC 6749 §3.2 with OAuth 2.1): `authorization_code` with the PKCE verifier,
 * or `refresh_token`, which rotates. A code presented twice, or a rotated refresh token presented
 * again, is taken as stolen: the grant and all its tokens are revoked (OAuth 2.1 §4.1.3, §4.3.1).
 * Revocations caused here commit even though the request fails.
 */
export async function token(app: FastifyInstance, p: Record<string, string>): Promise<TokenAnswer> {
  const clientId = p.client_id;
  if (!clientId)
    throw new OAuthError('invalid_client', 'client_id is required (public clients send it in the body)', 401);
  if (p.grant_type === 'authorization_code') return exchangeCode(app, clientId, p);
  if (p.grant_type === 'refresh_token') return refresh(app, clientId, p);
  if (!p.grant_type) throw new OAuthError('invalid_request', 'grant_type is required');
  throw new OAuthError('unsupported_grant_type', 'grant_type must be authorization_code or refresh_token');
}

async function exchangeCode(app: FastifyInstance, clientId: string, p: Record<string, string>): Promise<TokenAnswer> {
  const { code, code_verifier: verifier, redirect_uri: redirectUri } = p;
  if (!code || secretKind(code) !== 'code') throw invalidGrant('The authorization code is not valid');
  if (!verifier || !/^[A-Za-z0-9._~-]{43,128}$/.test(verifier)) {
    throw new OAuthError('invalid_request', 'code_verifier must be 43 to 128 characters of A-Z a-z 0-9 - . _ ~');
  }
  const outcome = await app.db.transaction().execute(async (trx) => {
    const hash = hashSecret(code);
    const row = await repo.lockCode(trx, hash);
    // Another client's call is refused without touching the code: only its own client can spend it.
    if (!row || row.client_id !== clientId) return { error: invalidGrant('The authorization code is not valid') };
    if (row.used_at) {
      await revokeAfterTheft(trx, row.grant_id, 'code_replayed');
      return { error: invalidGrant('The authorization code was already used; the grant is revoked') };
    }
    // Spent from here on, whatever follows: a wrong verifier does not get a second guess.
    await repo.markCodeUsed(trx, hash);
    if (row.revoked_at) return { error: invalidGrant('The grant was revoked') };
    if (row.expires_at.getTime() <= Date.now()) return { error: invalidGrant('The authorization code has expired') };
    if (redirectUri !== row.redirect_uri)
      return { error: invalidGrant('redirect_uri differs from the authorization request') };
    if (s256(verifier) !== row.code_challenge)
      return { error: invalidGrant('The code verifier does not match the challenge') };
    checkResource(app, p.resource, row.resource);
    return { answer: await issueTokens(trx, row.grant_id, row.scopes) };
  });
  if (outcome.error) throw outcome.error;
  return outcome.answer as TokenAnswer;
}

async function refresh(app: FastifyInstance, clientId: string, p: Record<string, string>): Promise<TokenAnswer> {
  const given = p.refresh_token;
  if (!given || secretKind(given) !== 'refresh') throw invalidGrant('The refresh token is not valid');
  const outcome = await app.db.transaction().execute(async (trx) => {
    const row = await repo.lockToken(trx, hashSecret(given));
    if (row?.kind !== 'refresh' || row.client_id !== clientId) {
      return { error: invalidGrant('The refresh token is not valid') };
    }
    if (row.rotated_at) {
      await revokeAfterTheft(trx, row.grant_id, 'refresh_reused');
      return { error: invalidGrant('The refresh token was already used; the grant is revoked') };
    }
    if (row.revoked_at || row.grant_revoked_at) return { error: invalidGrant('The grant was revoked') };
    if (row.expires_at.getTime() <= Date.now()) return { error: invalidGrant('The refresh token has expired') };
    // As every use of its access tokens does: the grant lasts while its approver may still grant.
    if (!row.approved_by || !(await repo.canGrant(trx, row.approved_by, row.organisation_id))) {
      return {
        error: invalidGrant(
          'Whoever approved this grant can no longer grant access; ask an owner or admin to connect the app again',
        ),
      };
    }
    checkResource(app, p.resource, row.resource);
    if (p.scope !== undefined) {
      const asked = parseScope(p.scope);
      if (!asked?.every((s) => row.scopes.includes(s))) {
        return { error: new OAuthError('invalid_scope', 'scope may not ask for more than was granted') };
      }
    }
    await repo.markRotated(trx, hashSecret(given));
    // Tokens carry the grant's scopes; the answer's `scope` says so (RFC 6749 §5.1) whatever was asked.
    return { answer: await issueTokens(trx, row.grant_id, row.scopes) };
  });
  if (outcome.error) throw outcome.error;
  return outcome.answer as TokenAnswer;
}

async function revokeAfterTheft(
  trx: Parameters<typeof repo.revokeGrant>[0],
  grantId: string,
  reason: 'code_replayed' | 'refresh_reused',
) {
  const revoked = await repo.revokeGrant(trx, { id: grantId, by: null, reason });
  if (revoked) await auditGrantRevoked(trx, { organisationId: revoked.organisationId, grantId, userId: null, reason });
}

/** RFC 7009: revokes the token if it is the client's; answers nothing either way (200 for unknown tokens too). */
export async function revoke(app: FastifyInstance, p: Record<string, string>): Promise<void> {
  if (!p.client_id)
    throw new OAuthError('invalid_client', 'client_id is required (public clients send it in the body)', 401);
  if (!p.token) throw new OAuthError('invalid_request', 'token is required');
  const kind = secretKind(p.token);
  if (kind !== 'access' && kind !== 'refresh') return;
  await repo.revokeToken(app.db, hashSecret(p.token), p.client_id);
}
