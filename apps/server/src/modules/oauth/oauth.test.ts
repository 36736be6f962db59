import {
  discoverAuthorizationServerMetadata,
  discoverOAuthProtectedResourceMetadata,
  exchangeAuthorization,
  type OAuthClientProvider,
  refreshAuthorization,
  registerClient,
  startAuthorization,
  UnauthorizedError,
} from '@modelcontextprotocol/sdk/client/auth.js';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import type {
  AuthorizationServerMetadata,
  OAuthClientInformationFull,
  OAuthClientInformationMixed,
  OAuthTokens,
} from '@modelcontextprotocol/sdk/shared/auth.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, randomIp, type SignedUpUser, signUpVerifiedUser } from '../../../test/factories';
import { joinAs } from '../../../test/factories/members';
import { pickProduct, recipient } from '../../../test/factories/orders';
import { sandboxTopUp } from '../../../test/factories/webhooks';
import { createTestApp, TEST_DB, type TestApp } from '../../../test/helpers';
import { resolveOAuthAccessToken } from './index';

/**
 * OAuth 2.1 for assistants (issue 33, decision 075), through HTTP as an MCP client does it: the
 * official SDK's own discovery, registration, authorization URL, code exchange and refresh, with
 * the consent approved by a signed-in owner through the API. The SDK's fetch goes to app.inject.
 */
const SITE = 'http://localhost:3100';
const MCP = `${SITE}/mcp`;
const REDIRECT = 'https://assistant.example/callback';

let t: TestApp;
let owner: SignedUpUser;
let other: SignedUpUser;
let metadata: AuthorizationServerMetadata;

/** fetch over app.inject: the SDK's requests reach the app without a listening socket. */
const fetchFn = async (input: string | URL | Request, init?: RequestInit): Promise<Response> => {
  const url = new URL(typeof input === 'string' ? input : input instanceof URL ? input.href : input.url);
  const body = init?.body;
  const res = await t.app.inject({
    method: (init?.method ?? 'GET') as 'GET',
    url: url.pathname + url.search,
    headers: Object.fromEntries(new Headers(init?.headers).entries()),
    payload: body === undefined || body === null ? undefined : String(body),
  });
  const headers = new Headers();
  for (const [k, v] of Object.entries(res.headers)) if (v !== undefined) headers.set(k, String(v));
  return new Response(res.statusCode === 204 ? null : res.body, { status: res.statusCode, headers });
};

const register = async (name = 'Claude') =>
  (await registerClient(SITE, {
    metadata,
    clientMetadata: { client_name: name, redirect_uris: [REDIRECT], token_endpoint_auth_method: 'none' },
    fetchFn,
  })) as OAuthClientInformationFull;

interface Consent {
  query: Record<string, string>;
  verifier: string;
  client: OAuthClientInformationFull;
}

/** The SDK's authorization URL, followed to the consent page's parameters. */
async function authorize(
  client?: OAuthClientInformationFull,
  scope = 'orders:read catalog:read orders:write',
): Promise<Consent> {
  const c = client ?? (await register());
  const { authorizationUrl, codeVerifier } = await startAuthorization(SITE, {
    metadata,
    clientInformation: c,
    redirectUrl: REDIRECT,
    scope,
    state: 'st-123',
    resource: new URL(MCP),
  });
  const res = await t.app.inject({ url: authorizationUrl.pathname + authorizationUrl.search });
  expect(res.statusCode, res.body).toBe(302);
  const consent = new URL(res.headers.location as string, SITE);
  expect(consent.pathname).toBe('/oauth/consent');
  return { query: Object.fromEntries(consent.searchParams), verifier: codeVerifier, client: c };
}

const caps = { per_reward_minor: 5000, per_day_minor: 20000, per_month_minor: null, currency: 'USD' };
const approve = (user: SignedUpUser, consent: Consent, extra: Record<string, unknown> = {}) =>
  t.app.inject({
    method: 'POST',
    url: '/api/v1/oauth/authorization/approve',
    headers: bearer(user.accessToken),
    payload: {
      ...consent.query,
      organisation_id: user.organisationId,
      mode: 'sandbox',
      scopes: ['orders:read', 'orders:write'],
      caps,
      allowed_domains: ['Example.com'],
      ...extra,
    },
  });

/** Approves as the owner and answers the code from the redirect. */
async function codeFor(consent: Consent, user = owner): Promise<string> {
  const res = await approve(user, consent);
  expect(res.statusCode, res.body).toBe(200);
  const to = new URL(res.json().redirect_to);
  expect(`${to.origin}${to.pathname}`).toBe(REDIRECT);
  expect(to.searchParams.get('state')).toBe('st-123');
  expect(to.searchParams.get('iss')).toBe(SITE);
  return to.searchParams.get('code') as string;
}

const exchange = (consent: Consent, code: string, verifier = consent.verifier) =>
  exchangeAuthorization(SITE, {
    metadata,
    clientInformation: consent.client,
    authorizationCode: code,
    codeVerifier: verifier,
    redirectUri: REDIRECT,
    resource: new URL(MCP),
    fetchFn,
  });

const form = (url: string, fields: Record<string, string>) =>
  t.app.inject({
    method: 'POST',
    url,
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    payload: new URLSearchParams(fields).toString(),
    remoteAddress: randomIp(),
  });

beforeAll(async () => {
  t = await createTestApp({ env: { PUBLIC_URL: SITE } });
  owner = await signUpVerifiedUser(t);
  other = await signUpVerifiedUser(t);
  metadata = (await discoverAuthorizationServerMetadata(SITE, { fetchFn })) as AuthorizationServerMetadata;
});
afterAll(() => t.close());

describe(`OAuth for assistants (${TEST_DB})`, () => {
  it('publishes protected-resource and authorization-server metadata as the MCP authorization spec reads them', async () => {
    const resource = await discoverOAuthProtectedResourceMetadata(MCP, {}, fetchFn);
    expect(resource).toMatchObject({
      resource: MCP,
      authorization_servers: [SITE],
      bearer_methods_supported: ['header'],
    });
    expect(resource.scopes_supported).toEqual([
      'orders:write',
      'orders:read',
      'catalog:read',
      'balance:read',
      'webhooks:write',
      // The risk controls' scopes (decision 083): a grant may hold them as a key may.
      'risk:read',
      'risk:write',
    ]);
    const root = await t.app.inject({ url: '/.well-known/oauth-protected-resource' });
    expect(root.json()).toEqual(resource);
    expect(metadata).toMatchObject({
      issuer: SITE,
      authorization_endpoint: `${SITE}/oauth/authorize`,
      token_endpoint: `${SITE}/oauth/token`,
      registration_endpoint: `${SITE}/oauth/register`,
      revocation_endpoint: `${SITE}/oauth/revoke`,
      code_challenge_methods_supported: ['S256'],
      grant_types_supported: ['authorization_code', 'refresh_token'],
      token_endpoint_auth_methods_supported: ['none'],
    });
  });

  it('connects an MCP client configured with the URL alone: 401, discovery, registration, consent, tokens, tools', async () => {
    // The SDK's own OAuth orchestration, as a hosted assistant runs it; the person's part (the
    // consent page) is the API call the page makes.
    class Assistant implements OAuthClientProvider {
      info?: OAuthClientInformationMixed;
      saved?: OAuthTokens;
      verifier = '';
      authorizationUrl?: URL;
      readonly redirectUrl = REDIRECT;
      readonly clientMetadata = { client_name: 'SDK assistant', redirect_uris: [REDIRECT] };
      clientInformation = () => this.info;
      saveClientInformation = (info: OAuthClientInformationMixed) => {
        this.info = info;
      };
      tokens = () => this.saved;
      saveTokens = (tokens: OAuthTokens) => {
        this.saved = tokens;
      };
      redirectToAuthorization = (url: URL) => {
        this.authorizationUrl = url;
      };
      saveCodeVerifier = (verifier: string) => {
        this.verifier = verifier;
      };
      codeVerifier = () => this.verifier;
    }
    const assistant = new Assistant();
    const transport = () =>
      new StreamableHTTPClientTransport(new URL(MCP), { authProvider: assistant, fetch: fetchFn });
    const first = transport();
    await expect(new Client({ name: 'assistant', version: '1.0.0' }).connect(first)).rejects.toThrow(UnauthorizedError);
    const url = assistant.authorizationUrl as URL;
    expect(url.searchParams.get('resource')).toBe(MCP);
    const res = await t.app.inject({ url: url.pathname + url.search });
    const consent = new URL(res.headers.location as string, SITE);
    const approved = await t.app.inject({
      method: 'POST',
      url: '/api/v1/oauth/authorization/approve',
      headers: bearer(owner.accessToken),
      payload: {
        ...Object.fromEntries(consent.searchParams),
        organisation_id: owner.organisationId,
        mode: 'sandbox',
        scopes: ['catalog:read', 'balance:read'],
        caps,
        allowed_domains: null,
      },
    });
    expect(approved.statusCode, approved.body).toBe(200);
    await first.finishAuth(new URL(approved.json().redirect_to).searchParams.get('code') as string);
    const client = new Client({ name: 'assistant', version: '1.0.0' });
    await client.connect(transport());
    const names = (await client.listTools()).tools.map((tool) => tool.name);
    expect(names).toContain('search_catalog');
    expect(names).not.toContain('send_reward');
    await client.close();
  });

  it('registers public clients and refuses bad metadata with RFC 7591 errors, writing nothing', async () => {
    const client = await register('  Claude\u0000 \ud800Desktop\n ');
    expect(client.client_id).toMatch(/^grc_/);
    expect(client.client_name).toBe('Claude Desktop');
    expect(client.client_secret).toBeUndefined();
    const loopback = await registerClient(SITE, {
      metadata,
      clientMetadata: { redirect_uris: ['http://127.0.0.1:33418/cb', 'http://localhost/cb'] },
      fetchFn,
    });
    expect(loopback.client_name).toBe('Unnamed assistant');

    const count = async () =>
      Number(
        (
          await t.app.db
            .selectFrom('oauth_clients')
            .select((eb) => eb.fn.countAll<string>().as('n'))
            .executeTakeFirstOrThrow()
        ).n,
      );
    const before = await count();
    const cases: [unknown, string][] = [
      [{}, 'invalid_client_metadata'],
      [{ redirect_uris: 'https://a.example/cb' }, 'invalid_client_metadata'],
      [{ redirect_uris: [] }, 'invalid_client_metadata'],
      [{ redirect_uris: Array.from({ length: 11 }, (_, i) => `https://a.example/${i}`) }, 'invalid_client_metadata'],
      [{ redirect_uris: ['http://evil.example/cb'] }, 'invalid_redirect_uri'],
      [{ redirect_uris: ['https://a.example/cb#frag'] }, 'invalid_redirect_uri'],
      [{ redirect_uris: ['https://a.example/c b'] }, 'invalid_redirect_uri'],
      [{ redirect_uris: ['https://a.example/\u0000'] }, 'invalid_redirect_uri'],
      [{ redirect_uris: [`https://a.example/${'x'.repeat(2100)}`] }, 'invalid_redirect_uri'],
      [{ redirect_uris: ['https://user:pw@a.example/cb'] }, 'invalid_redirect_uri'],
      [{ redirect_uris: ['javascript:alert(1)'] }, 'invalid_redirect_uri'],
      [{ redirect_uris: [42] }, 'invalid_redirect_uri'],
      [
        { redirect_uris: ['https://a.example/cb'], token_endpoint_auth_method: 'client_secret_basic' },
        'invalid_client_metadata',
      ],
      [{ redirect_uris: ['https://a.example/cb'], grant_types: ['client_credentials'] }, 'invalid_client_metadata'],
    ];
    for (const [payload, error] of cases) {
      const res = await t.app.inject({
        method: 'POST',
        url: '/oauth/register',
        payload: payload as object,
        remoteAddress: randomIp(),
      });
      expect(res.statusCode, JSON.stringify(payload).slice(0, 80)).toBe(400);
      expect(res.json().error).toBe(error);
    }
    const notJson = await t.app.inject({
      method: 'POST',
      url: '/oauth/register',
      headers: { 'content-type': 'application/json' },
      payload: '{"redirect_uris":',
    });
    expect(notJson.statusCode).toBe(400);
    expect(notJson.json().error).toBe('invalid_request');
    expect(await count()).toBe(before);
  });

  it('shows a page, never a redirect, for a bad authorization request; past the client and redirect URI checks it links back to the client with the error', async () => {
    const { query } = await authorize();
    const at = (q: Record<string, string>) => t.app.inject({ url: `/oauth/authorize?${new URLSearchParams(q)}` });
    for (const q of [
      { ...query, client_id: `grc_${'A'.repeat(24)}` },
      { ...query, client_id: "x'; DROP TABLE oauth_clients; --" },
      { ...query, redirect_uri: 'https://attacker.example/callback' },
      { ...query, redirect_uri: `${REDIRECT}/../x` },
    ]) {
      const res = await at(q);
      expect(res.statusCode).toBe(400);
      expect(res.headers.location).toBeUndefined();
      expect(res.headers['content-type']).toMatch(/text\/html/);
      expect(res.body).not.toContain('<script');
    }
    // Nor is the client's own URI an automatic redirect for a request that fails its checks: anyone
    // can register one, and a link to our /oauth/authorize must not bounce a person to a phishing
    // page (RFC 9700 §4.11.2). Our page says why and links back with the error, for the person to follow.
    const redirected = async (q: Record<string, string>, error: string) => {
      const res = await at(q);
      expect(res.statusCode).toBe(400);
      expect(res.headers.location).toBeUndefined();
      expect(res.headers['content-type']).toMatch(/text\/html/);
      const href = /<a href="([^"]+)">Return to assistant\.example<\/a>/.exec(res.body)?.[1];
      expect(href, res.body).toBeDefined();
      const to = new URL((href as string).replaceAll('&amp;', '&'));
      expect(`${to.origin}${to.pathname}`).toBe(REDIRECT);
      expect(to.searchParams.get('error')).toBe(error);
      expect(to.searchParams.get('state')).toBe('st-123');
    };
    await redirected({ ...query, code_challenge_method: 'plain' }, 'invalid_request');
    await redirected({ ...query, code_challenge: 'short' }, 'invalid_request');
    await redirected({ ...query, response_type: 'token' }, 'unsupported_response_type');
    await redirected({ ...query, resource: 'https://elsewhere.example/mcp' }, 'invalid_target');
    await redirected({ ...query, scope: 'orders:read admin' }, 'invalid_scope');
  });

  it('runs the whole flow: consent, code with PKCE, the principal with caps and domains, refresh rotation', async () => {
    const consent = await authorize();
    const page = await t.app.inject({
      url: `/api/v1/oauth/authorization?${new URLSearchParams(consent.query)}`,
      headers: bearer(owner.accessToken),
    });
    expect(page.statusCode, page.body).toBe(200);
    expect(page.json()).toMatchObject({
      client: { name: 'Claude', redirect_host: 'assistant.example' },
      requested_scopes: ['orders:write', 'orders:read', 'catalog:read'],
      organisations: [{ id: owner.organisationId, live: false, current: true }],
    });
    // Wider than asked, or live in a sandbox organisation: refused, nothing granted.
    expect((await approve(owner, consent, { scopes: ['balance:read'] })).statusCode).toBe(400);
    expect((await approve(owner, consent, { mode: 'live' })).statusCode).toBe(400);
    expect((await approve(owner, consent, { allowed_domains: ['*.example.com'] })).statusCode).toBe(400);

    const tokens = await exchange(consent, await codeFor(consent));
    expect(tokens).toMatchObject({ token_type: 'Bearer', expires_in: 3600, scope: 'orders:write orders:read' });
    const principal = await resolveOAuthAccessToken(t.app.db, tokens.access_token);
    expect(principal).toMatchObject({
      organisationId: owner.organisationId,
      mode: 'sandbox',
      scopes: ['orders:write', 'orders:read'],
      clientName: 'Claude',
      caps: { perRewardMinor: 5000, perDayMinor: 20000, perMonthMinor: null, currency: 'USD' },
      allowedDomains: ['example.com'],
      userId: owner.user.id,
    });
    // Neither refresh token nor code resolves; nor does a key-shaped or garbage token.
    expect(await resolveOAuthAccessToken(t.app.db, tokens.refresh_token as string)).toBeNull();
    expect(await resolveOAuthAccessToken(t.app.db, `gro_at_${'A'.repeat(43)}`)).toBeNull();
    expect(await resolveOAuthAccessToken(t.app.db, '\u0000\ud800')).toBeNull();

    const refreshed = await refreshAuthorization(SITE, {
      metadata,
      clientInformation: consent.client,
      refreshToken: tokens.refresh_token as string,
      resource: new URL(MCP),
      fetchFn,
    });
    expect(refreshed.refresh_token).not.toBe(tokens.refresh_token);
    expect(await resolveOAuthAccessToken(t.app.db, refreshed.access_token)).toMatchObject({
      grantId: principal?.grantId,
    });
    // The old access token lives out its hour; the old refresh token, presented again, is theft:
    // the grant and every token of it are revoked.
    const reuse = await form('/oauth/token', {
      grant_type: 'refresh_token',
      refresh_token: tokens.refresh_token as string,
      client_id: consent.client.client_id,
    });
    expect(reuse.statusCode).toBe(400);
    expect(reuse.json()).toMatchObject({ error: 'invalid_grant' });
    expect(await resolveOAuthAccessToken(t.app.db, refreshed.access_token)).toBeNull();
    expect(await resolveOAuthAccessToken(t.app.db, tokens.access_token)).toBeNull();
    const again = await form('/oauth/token', {
      grant_type: 'refresh_token',
      refresh_token: refreshed.refresh_token as string,
      client_id: consent.client.client_id,
    });
    expect(again.json().error).toBe('invalid_grant');
    const audit = await t.app.db
      .selectFrom('audit_events')
      .select(['action', 'detail'])
      .where('organisation_id', '=', owner.organisationId)
      .where('action', 'in', ['oauth_grant.created', 'oauth_grant.revoked'])
      .orderBy('created_at')
      .execute();
    expect(
      audit.filter((a) => a.detail.grant_id === principal?.grantId).map((a) => [a.action, a.detail.reason ?? null]),
    ).toEqual([
      ['oauth_grant.created', null],
      ['oauth_grant.revoked', 'refresh_reused'],
    ]);
  });

  it('refuses a wrong verifier, another client, a second use of a code (revoking what the first issued)', async () => {
    const consent = await authorize();
    const code = await codeFor(consent);
    const stranger = await register('Stranger');
    const asStranger = await form('/oauth/token', {
      grant_type: 'authorization_code',
      code,
      code_verifier: consent.verifier,
      redirect_uri: REDIRECT,
      client_id: stranger.client_id,
    });
    expect(asStranger.json().error).toBe('invalid_grant');
    const tokens = await exchange(consent, code);
    expect(await resolveOAuthAccessToken(t.app.db, tokens.access_token)).not.toBeNull();
    await expect(exchange(consent, code)).rejects.toThrow(/already used/);
    expect(await resolveOAuthAccessToken(t.app.db, tokens.access_token)).toBeNull();

    const second = await authorize();
    await expect(exchange(second, await codeFor(second), 'w'.repeat(43))).rejects.toThrow(/verifier/);
    const bads: Record<string, string>[] = [
      { grant_type: 'password' },
      { grant_type: 'authorization_code', code: '\u0000', code_verifier: 'x'.repeat(43) },
      { grant_type: 'authorization_code', code: `gro_ac_${'A'.repeat(43)}`, code_verifier: 'short' },
    ];
    for (const bad of bads) {
      const res = await form('/oauth/token', { client_id: second.client.client_id, redirect_uri: REDIRECT, ...bad });
      expect(res.statusCode).toBe(400);
      expect(['unsupported_grant_type', 'invalid_grant', 'invalid_request']).toContain(res.json().error);
    }
    const repeated = await t.app.inject({
      method: 'POST',
      url: '/oauth/token',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: 'grant_type=authorization_code&grant_type=refresh_token',
    });
    expect(repeated.statusCode).toBe(400);
    expect(repeated.json().error).toBe('invalid_request');
    const json = await t.app.inject({
      method: 'POST',
      url: '/oauth/token',
      payload: { grant_type: 'authorization_code' },
    });
    expect(json.json().error).toBe('invalid_request');
  });

  it('lets exactly one of two racing exchanges of a code through (and revokes what it issued), and one of two refreshes', async () => {
    const consent = await authorize();
    const code = await codeFor(consent);
    const fields = {
      grant_type: 'authorization_code',
      code,
      code_verifier: consent.verifier,
      redirect_uri: REDIRECT,
      client_id: consent.client.client_id,
    };
    const exchanges = await Promise.all([form('/oauth/token', fields), form('/oauth/token', fields)]);
    expect(exchanges.map((r) => r.statusCode).sort()).toEqual([200, 400]);
    const issued = exchanges.find((r) => r.statusCode === 200)?.json().access_token;
    expect(await resolveOAuthAccessToken(t.app.db, issued)).toBeNull();

    const next = await authorize();
    const tokens = await exchange(next, await codeFor(next));
    const refresh = {
      grant_type: 'refresh_token',
      refresh_token: tokens.refresh_token as string,
      client_id: next.client.client_id,
    };
    const refreshes = await Promise.all([form('/oauth/token', refresh), form('/oauth/token', refresh)]);
    expect(refreshes.map((r) => r.statusCode).sort()).toEqual([200, 400]);
  });

  it('lets only owners and admins of the organisation picked grant: not a sender, a viewer or another tenant', async () => {
    const sender = await joinAs(t, owner, 'sender');
    const viewer = await joinAs(t, owner, 'viewer');
    const admin = await joinAs(t, owner, 'admin');
    for (const lower of [sender, viewer]) {
      const consent = await authorize();
      const page = await t.app.inject({
        url: `/api/v1/oauth/authorization?${new URLSearchParams(consent.query)}`,
        headers: bearer(lower.accessToken),
      });
      expect(page.json().organisations).toEqual([]);
      const res = await approve(lower, consent);
      expect(res.statusCode).toBe(403);
      expect(res.json().code).toBe('FORBIDDEN');
    }
    const consent = await authorize();
    const intoOther = await approve(other, consent, { organisation_id: owner.organisationId });
    expect(intoOther.statusCode).toBe(403);
    const before = await t.app.db
      .selectFrom('oauth_grants')
      .select('id')
      .where('organisation_id', '=', owner.organisationId)
      .execute();
    expect((await approve(admin, consent)).statusCode).toBe(200);
    const after = await t.app.db
      .selectFrom('oauth_grants')
      .select('id')
      .where('organisation_id', '=', owner.organisationId)
      .execute();
    expect(after.length).toBe(before.length + 1);
    // An approver made a viewer: the grant's tokens and refreshes stop working.
    const byAdmin = await authorize();
    const adminTokens = await exchange(byAdmin, await codeFor(byAdmin, admin));
    expect(await resolveOAuthAccessToken(t.app.db, adminTokens.access_token)).not.toBeNull();
    const demote = await t.app.inject({
      method: 'PATCH',
      url: `/api/v1/members/${admin.user.id}`,
      headers: bearer(owner.accessToken),
      payload: { role: 'viewer' },
    });
    expect(demote.statusCode, demote.body).toBe(200);
    expect(await resolveOAuthAccessToken(t.app.db, adminTokens.access_token)).toBeNull();
    const demoted = await form('/oauth/token', {
      grant_type: 'refresh_token',
      refresh_token: adminTokens.refresh_token as string,
      client_id: byAdmin.client.client_id,
    });
    expect(demoted.json().error).toBe('invalid_grant');
    // Deny: the client hears access_denied; nothing is stored.
    const denied = await t.app.inject({
      method: 'POST',
      url: '/api/v1/oauth/authorization/deny',
      headers: bearer(viewer.accessToken),
      payload: consent.query,
    });
    expect(new URL(denied.json().redirect_to).searchParams.get('error')).toBe('access_denied');
  });

  it('revokes the grants a member approved when they are removed: gone from Connected apps, tokens dead, audited', async () => {
    const admin = await joinAs(t, owner, 'admin');
    const consent = await authorize();
    const tokens = await exchange(consent, await codeFor(consent, admin));
    const listed = async () =>
      (await t.app.inject({ url: '/api/v1/oauth/grants', headers: bearer(owner.accessToken) })).json().data as {
        id: string;
      }[];
    const grantId = (await resolveOAuthAccessToken(t.app.db, tokens.access_token))?.grantId;
    expect(grantId).toBeTruthy();
    expect((await listed()).map((g) => g.id)).toContain(grantId);
    const removed = await t.app.inject({
      method: 'DELETE',
      url: `/api/v1/members/${admin.user.id}`,
      headers: bearer(owner.accessToken),
    });
    expect(removed.statusCode, removed.body).toBe(200);
    expect((await listed()).map((g) => g.id)).not.toContain(grantId);
    expect(await resolveOAuthAccessToken(t.app.db, tokens.access_token)).toBeNull();
    const refreshed = await form('/oauth/token', {
      grant_type: 'refresh_token',
      refresh_token: tokens.refresh_token as string,
      client_id: consent.client.client_id,
    });
    expect(refreshed.json().error).toBe('invalid_grant');
    const grant = await t.app.db
      .selectFrom('oauth_grants')
      .select(['revoke_reason', 'revoked_by'])
      .where('id', '=', grantId as string)
      .executeTakeFirstOrThrow();
    expect(grant).toEqual({ revoke_reason: 'member_removed', revoked_by: owner.user.id });
    const audit = await t.app.inject({
      url: '/api/v1/audit-events?action=oauth_grant.revoked',
      headers: bearer(owner.accessToken),
    });
    expect(
      audit
        .json()
        .data.some(
          (e: { detail: { grant_id?: string; reason?: string } }) =>
            e.detail.grant_id === grantId && e.detail.reason === 'member_removed',
        ),
    ).toBe(true);
  });

  it('lists connected apps to their organisation only; revoking (or RFC 7009) stops the token at once', async () => {
    const consent = await authorize();
    const tokens = await exchange(consent, await codeFor(consent));
    const grantId = (await resolveOAuthAccessToken(t.app.db, tokens.access_token))?.grantId as string;
    const list = await t.app.inject({ url: '/api/v1/oauth/grants', headers: bearer(owner.accessToken) });
    expect(list.statusCode).toBe(200);
    expect(list.json().data.find((g: { id: string }) => g.id === grantId)).toMatchObject({
      client_name: 'Claude',
      scopes: ['orders:write', 'orders:read'],
      caps,
      allowed_domains: ['example.com'],
      approved_by: { id: owner.user.id, email: owner.email },
    });
    expect(list.body).not.toContain(tokens.access_token);
    const theirs = await t.app.inject({ url: '/api/v1/oauth/grants', headers: bearer(other.accessToken) });
    expect(theirs.json().data).toEqual([]);
    const cross = await t.app.inject({
      method: 'DELETE',
      url: `/api/v1/oauth/grants/${grantId}`,
      headers: bearer(other.accessToken),
    });
    expect(cross.statusCode).toBe(404);
    expect(await resolveOAuthAccessToken(t.app.db, tokens.access_token)).not.toBeNull();

    const revoked = await t.app.inject({
      method: 'DELETE',
      url: `/api/v1/oauth/grants/${grantId}`,
      headers: bearer(owner.accessToken),
    });
    expect(revoked.statusCode, revoked.body).toBe(200);
    expect(revoked.json().revoked_at).not.toBeNull();
    expect(await resolveOAuthAccessToken(t.app.db, tokens.access_token)).toBeNull();
    const refresh = await form('/oauth/token', {
      grant_type: 'refresh_token',
      refresh_token: tokens.refresh_token as string,
      client_id: consent.client.client_id,
    });
    expect(refresh.json().error).toBe('invalid_grant');

    // RFC 7009: the client revokes its own token; another client's call changes nothing; unknown tokens are 200 too.
    const next = await authorize();
    const fresh = await exchange(next, await codeFor(next));
    const stranger = await register('Stranger');
    expect((await form('/oauth/revoke', { token: fresh.access_token, client_id: stranger.client_id })).statusCode).toBe(
      200,
    );
    expect(await resolveOAuthAccessToken(t.app.db, fresh.access_token)).not.toBeNull();
    expect(
      (await form('/oauth/revoke', { token: fresh.access_token, client_id: next.client.client_id })).statusCode,
    ).toBe(200);
    expect(await resolveOAuthAccessToken(t.app.db, fresh.access_token)).toBeNull();
    expect((await form('/oauth/revoke', { token: 'nonsense', client_id: next.client.client_id })).statusCode).toBe(200);

    // Housekeeping sweeps codes and tokens a day past their expiry, and nothing younger.
    const grant = (await resolveOAuthAccessToken(t.app.db, (await exchange(next, await codeFor(next))).access_token))
      ?.grantId;
    await t.app.db
      .updateTable('oauth_tokens')
      .set({ expires_at: new Date(Date.now() - 2 * 86_400_000) })
      .where('grant_id', '=', grant as string)
      .where('kind', '=', 'refresh')
      .execute();
    const { swept } = await t.app.housekeeping.run({ sweep: true });
    expect(swept?.oauth_tokens).toBeGreaterThanOrEqual(1);
    const left = await t.app.db
      .selectFrom('oauth_tokens')
      .select('kind')
      .where('grant_id', '=', grant as string)
      .execute();
    expect(left.map((r) => r.kind)).toEqual(['access']);
  });

  it('stops a sandbox grant when its organisation goes live: a preview made before is not sent as a live order', async () => {
    // Going live revokes sandbox API keys (decision 063); a sandbox grant must not outlive it either,
    // or an assistant's play-money connection would read, resend, void and send real orders.
    const owner2 = await signUpVerifiedUser(t);
    await sandboxTopUp(t, owner2.accessToken, 500);
    const consent = await authorize();
    const tokens = await exchange(consent, await codeFor(consent, owner2));
    const product = await pickProduct(t);
    const rpc = (name: string, args: Record<string, unknown>) =>
      t.app.inject({
        method: 'POST',
        url: '/mcp',
        headers: {
          authorization: `Bearer ${tokens.access_token}`,
          accept: 'application/json, text/event-stream',
          'content-type': 'application/json',
        },
        payload: { jsonrpc: '2.0', id: 1, method: 'tools/call', params: { name, arguments: args } },
      });
    const preview = await rpc('preview_reward', {
      recipient_email: recipient(),
      product_code: product.code,
      value: 10,
    });
    expect(preview.statusCode, preview.body).toBe(200);
    const previewId = preview.json().result.structuredContent?.preview_id;
    expect(previewId, preview.body).toBeTruthy();

    // Going live itself needs a real provider (its own tests); its outcome here is the flag.
    await t.app.db
      .updateTable('organisations')
      .set({ sandbox: false })
      .where('id', '=', owner2.organisationId)
      .execute();
    expect(await resolveOAuthAccessToken(t.app.db, tokens.access_token)).toBeNull();
    const sent = await rpc('send_reward', { preview_id: previewId });
    expect(sent.statusCode).toBe(401);
    const orders = await t.app.db
      .selectFrom('orders')
      .select('id')
      .where('organisation_id', '=', owner2.organisationId)
      .execute();
    expect(orders).toEqual([]);

    // Once live, the consent grants live access only: a sandbox grant there would be dead on arrival.
    const again = await authorize();
    const sandboxGrant = await approve(owner2, again);
    expect(sandboxGrant.statusCode).toBe(400);
    expect(sandboxGrant.json().error).toMatch(/live/);
    const live = await approve(owner2, again, { mode: 'live' });
    expect(live.statusCode, live.body).toBe(200);
    const liveTokens = await exchange(again, new URL(live.json().redirect_to).searchParams.get('code') as string);
    expect(await resolveOAuthAccessToken(t.app.db, liveTokens.access_token)).toMatchObject({ mode: 'live' });
  });
});
