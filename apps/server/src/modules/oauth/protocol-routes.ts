import { API_KEY_SCOPES, escapeHtml } from '@giftrelay/contracts';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { RateLimitRule } from '../../plugins/rate-limits';
import { mcpResourceUrl, protectedResourceMetadataUrl } from './principal';
import {
  type AuthorizationParams,
  checkAuthorization,
  issuerOf,
  OAuthError,
  registerClient,
  revoke,
  token,
} from './protocol';

/** Registrations per address: an assistant registers once per install, a script thousands of times. */
export const REGISTER_RATE_LIMIT: RateLimitRule = { name: 'oauth-register:ip', limit: 20, windowSeconds: 60 * 60 };
/** Token and revocation calls per address: generous for assistants, a wall for guessing. */
export const TOKEN_RATE_LIMIT: RateLimitRule = { name: 'oauth-token:ip', limit: 120, windowSeconds: 60 };

const FORM_LIMIT = 16 * 1024;
const hidden = { hide: true } as const;

/** A form body (RFC 6749 §3.2) as single values; a repeated parameter is refused (§3.1). */
function parseForm(text: string): Record<string, string> {
  const params = new URLSearchParams(text);
  const out: Record<string, string> = Object.create(null);
  for (const [k, v] of params) {
    if (k in out) throw new OAuthError('invalid_request', `${k.slice(0, 40)} is repeated`);
    out[k] = v;
  }
  return out;
}

/** The query of an authorization request: single strings only (a repeated parameter is no parameter). */
function singleParams(query: unknown): AuthorizationParams {
  const out: Record<string, string> = {};
  for (const [k, v] of Object.entries((query ?? {}) as Record<string, unknown>)) if (typeof v === 'string') out[k] = v;
  return out;
}

/** MCP clients may run in a browser: the metadata, registration and token endpoints answer any origin (no cookies are read). */
function cors(reply: FastifyReply) {
  reply.header('access-control-allow-origin', '*');
  reply.header('access-control-allow-headers', 'authorization, content-type, mcp-protocol-version');
  reply.header('access-control-allow-methods', 'GET, POST, OPTIONS');
}

/** `back`: the client's redirect URI with the error, offered as a link (never followed for the person). */
const errorPage = (message: string, back?: string) => `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<title>Cannot connect this application · GiftRelay</title>
<style>body{font-family:system-ui,sans-serif;max-width:36rem;margin:3rem auto;padding:0 1rem;line-height:1.5;color:#1a1a1a}</style>
</head><body><main><h1>Cannot connect this application</h1><p>${escapeHtml(message)}</p>
<p>Nothing was shared with it. Start again from the application, or ask its maker to register it again.</p>
${back ? `<p><a href="${escapeHtml(back)}">Return to ${escapeHtml(new URL(back).host)}</a></p>\n` : ''}<p><a href="/">Back to GiftRelay</a></p></main></body></html>`;

/**
 * The OAuth protocol endpoints (decision 075): metadata (RFC 9728, RFC 8414), registration
 * (RFC 7591), authorization, token and revocation (RFC 6749, RFC 7009, OAuth 2.1). They speak
 * OAuth's shapes, not the API's, so they stay out of the OpenAPI document; errors are
 * `{error, error_description}`.
 */
export async function oauthProtocolRoutes(app: FastifyInstance) {
  const publicUrl = app.config.publicUrl;
  const issuer = issuerOf(publicUrl);

  app.addContentTypeParser(
    'application/x-www-form-urlencoded',
    { parseAs: 'string', bodyLimit: FORM_LIMIT },
    (_request, body, done) => {
      try {
        done(null, parseForm(body as string));
      } catch (err) {
        done(err as Error, undefined);
      }
    },
  );
  app.setErrorHandler((err: Error & { statusCode?: number }, request, reply) => {
    cors(reply);
    reply.header('cache-control', 'no-store');
    if (err instanceof OAuthError) {
      if (err.status === 401) reply.header('www-authenticate', 'Basic realm="oauth"');
      return reply.status(err.status).send({ error: err.error, error_description: err.description });
    }
    const status = err.statusCode ?? 500;
    if (status === 429) {
      const retry = (err as { headers?: Record<string, string> }).headers?.['retry-after'];
      if (retry) reply.header('retry-after', retry);
      return reply.status(429).send({ error: 'slow_down', error_description: err.message });
    }
    if (status >= 400 && status < 500) {
      // A body that is not JSON or not a form, too large, or malformed: still OAuth's shape.
      return reply.status(status).send({ error: 'invalid_request', error_description: err.message });
    }
    request.log.error({ err }, 'oauth request failed');
    return reply.status(500).send({ error: 'server_error', error_description: 'Something went wrong' });
  });

  const resourceMetadata = async (_request: FastifyRequest, reply: FastifyReply) => {
    cors(reply);
    reply.header('cache-control', 'public, max-age=3600');
    return {
      resource: mcpResourceUrl(publicUrl),
      authorization_servers: [issuer],
      scopes_supported: [...API_KEY_SCOPES],
      bearer_methods_supported: ['header'],
      resource_name: 'GiftRelay',
      resource_documentation: `${issuer}/docs`,
    };
  };
  // The path-suffixed document is the one RFC 9728 §3.1 names for /mcp; the bare one serves clients that ask the root.
  app.get('/.well-known/oauth-protected-resource', { schema: hidden }, resourceMetadata);
  app.get('/.well-known/oauth-protected-resource/mcp', { schema: hidden }, resourceMetadata);
  if (new URL(protectedResourceMetadataUrl(publicUrl)).pathname !== '/.well-known/oauth-protected-resource/mcp') {
    throw new Error('the protected resource metadata URL and its route disagree');
  }

  app.get('/.well-known/oauth-authorization-server', { schema: hidden }, async (_request, reply) => {
    cors(reply);
    reply.header('cache-control', 'public, max-age=3600');
    return {
      issuer,
      authorization_endpoint: `${issuer}/oauth/authorize`,
      token_endpoint: `${issuer}/oauth/token`,
      registration_endpoint: `${issuer}/oauth/register`,
      revocation_endpoint: `${issuer}/oauth/revoke`,
      response_types_supported: ['code'],
      response_modes_supported: ['query'],
      grant_types_supported: ['authorization_code', 'refresh_token'],
      code_challenge_methods_supported: ['S256'],
      token_endpoint_auth_methods_supported: ['none'],
      revocation_endpoint_auth_methods_supported: ['none'],
      scopes_supported: [...API_KEY_SCOPES],
      authorization_response_iss_parameter_supported: true,
      service_documentation: `${issuer}/docs`,
    };
  });

  for (const url of ['/oauth/register', '/oauth/token', '/oauth/revoke']) {
    app.options(url, { schema: hidden }, async (_request, reply) => {
      cors(reply);
      return reply.status(204).send();
    });
  }

  app.post('/oauth/register', { schema: hidden }, async (request, reply) => {
    cors(reply);
    await app.rateLimits.consume(REGISTER_RATE_LIMIT, request.ip);
    reply.header('cache-control', 'no-store');
    return reply.status(201).send(await registerClient(app, request.body));
  });

  app.get('/oauth/authorize', { schema: hidden }, async (request, reply) => {
    const params = singleParams(request.query);
    const check = await checkAuthorization(app, params);
    if (!check.ok && 'page' in check) {
      return reply
        .status(400)
        .type('text/html; charset=utf-8')
        .header('cache-control', 'no-store')
        .send(errorPage(check.page));
    }
    if (!check.ok) {
      // Not an automatic redirect: anyone can register a client, and a link to this endpoint with
      // a bad parameter would bounce a person to its URI unseen (RFC 9700 §4.11.2, open redirector).
      const why = new URL(check.redirect).searchParams.get('error_description') ?? 'The request is not valid.';
      return reply
        .status(400)
        .type('text/html; charset=utf-8')
        .header('cache-control', 'no-store')
        .send(errorPage(why, check.redirect));
    }
    // The consent page (web app) signs the person in if need be and checks the same parameters again.
    const next = new URLSearchParams();
    for (const key of [
      'client_id',
      'redirect_uri',
      'response_type',
      'code_challenge',
      'code_challenge_method',
      'state',
      'scope',
      'resource',
    ] as const) {
      const value = params[key];
      if (value !== undefined) next.set(key, value);
    }
    return reply.redirect(`/oauth/consent?${next}`, 302);
  });

  const formOf = (request: FastifyRequest): Record<string, string> => {
    if (
      !request.body ||
      typeof request.body !== 'object' ||
      Array.isArray(request.body) ||
      !request.headers['content-type']?.startsWith('application/x-www-form-urlencoded')
    ) {
      throw new OAuthError('invalid_request', 'Send the parameters as application/x-www-form-urlencoded');
    }
    return request.body as Record<string, string>;
  };

  app.post('/oauth/token', { schema: hidden }, async (request, reply) => {
    cors(reply);
    reply.header('cache-control', 'no-store');
    reply.header('pragma', 'no-cache');
    await app.rateLimits.consume(TOKEN_RATE_LIMIT, request.ip);
    return token(app, formOf(request));
  });

  app.post('/oauth/revoke', { schema: hidden }, async (request, reply) => {
    cors(reply);
    reply.header('cache-control', 'no-store');
    await app.rateLimits.consume(TOKEN_RATE_LIMIT, request.ip);
    await revoke(app, formOf(request));
    return reply.status(200).send({});
  });
}
