import type { IncomingMessage } from 'node:http';
import {
  AgentActivityResponseSchema,
  AgentCapsBodySchema,
  AgentCapsSchema,
  ApiKeyIdParamsSchema,
} from '@giftrelay/contracts';
import type { AuthInfo } from '@modelcontextprotocol/sdk/server/auth/types.js';
import { StreamableHTTPServerTransport } from '@modelcontextprotocol/sdk/server/streamableHttp.js';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { AppError } from '../../lib/errors';
import { BEARER, BODY_ERRORS, errorResponses } from '../../lib/openapi';
import { sessionOf } from '../../plugins/auth';
import { protectedResourceMetadataUrl } from '../oauth';
import { agentActivity, getKeyCaps, setKeyCaps } from './agent-settings';
import { llmsFullTxt, llmsTxt, type OpenApiDoc } from './docs-text';
import { resolvePrincipal } from './principal';
import { authInfoOf } from './server';
import { serverPool } from './server-pool';

/**
 * The MCP server (issue 33, decision 074) at `/mcp`: Streamable HTTP, stateless (a new transport
 * per request, a server from the pool, JSON answers, no session), so any of several processes can
 * answer any request. The bearer token is an API key or an OAuth access token; none or a dead one is a 401
 * whose `WWW-Authenticate` names the protected-resource metadata (MCP authorization spec), where a
 * client finds the OAuth server. Requests spend the organisation's API budget like the REST API's.
 */
export const mcpPlugin = fp(
  async (app: FastifyInstance) => {
    const challenge = `Bearer resource_metadata="${protectedResourceMetadataUrl(app.config.publicUrl)}"`;
    const budget = { name: 'org-api', limit: app.config.organisationRateLimits.api, windowSeconds: 60 };
    const servers = serverPool(app);

    app.post('/mcp', { schema: { hide: true } }, async (request, reply) => {
      const principal = await resolvePrincipal(app, request.headers.authorization);
      if (!principal) {
        throw new AppError('UNAUTHORIZED', 'A valid API key or OAuth access token is required', undefined, {
          'www-authenticate': challenge,
        });
      }
      // The budget every process shares (decision 071), one hit per JSON-RPC message: a batch of
      // a hundred tool calls is a hundred calls (the SDK refuses batches over 100 itself).
      const messages = Array.isArray(request.body) ? Math.min(Math.max(request.body.length, 1), 101) : 1;
      let quota = await app.rateLimits.consumeShared(budget, principal.organisationId);
      for (let i = 1; i < messages && quota.isAllowed; i++) {
        quota = await app.rateLimits.consumeShared(budget, principal.organisationId);
      }
      reply.header('ratelimit-limit', quota.limit).header('ratelimit-remaining', quota.remaining);
      if (!quota.isAllowed) {
        throw new AppError('RATE_LIMITED', 'Too many requests; try again shortly', undefined, {
          'retry-after': String(quota.resetSeconds),
        });
      }
      const { server, release } = servers.take(principal.scopes);
      const transport = new StreamableHTTPServerTransport({ sessionIdGenerator: undefined, enableJsonResponse: true });
      // Each tool call reads its principal from its own request (authInfoOf), never from the server.
      (request.raw as IncomingMessage & { auth?: AuthInfo }).auth = authInfoOf(principal);
      // Connected before the response can close, so a closed response always finds it connected:
      // closing the transport then frees the server for the next request.
      await server.connect(transport);
      reply.raw.on('close', () => {
        void transport.close().then(release);
      });
      // The transport writes the answer itself, on the raw response: Fastify steps aside.
      reply.hijack();
      for (const [name, value] of Object.entries(reply.getHeaders())) {
        if (value !== undefined) reply.raw.setHeader(name, value as string);
      }
      try {
        await transport.handleRequest(request.raw, reply.raw, request.body);
      } catch (err) {
        // Past the hijack the error plugin cannot answer: a logged 500 with no details, as it would.
        request.log.error({ err }, 'MCP request failed');
        if (!reply.raw.headersSent) {
          reply.raw.writeHead(500, { 'content-type': 'application/json' });
          reply.raw.end(
            JSON.stringify({ jsonrpc: '2.0', error: { code: -32603, message: 'Internal error' }, id: null }),
          );
        }
      }
    });

    // Stateless: no server-to-client stream to open (GET) and no session to end (DELETE).
    const notAllowed = async () => {
      throw new AppError(
        'METHOD_NOT_ALLOWED',
        'This MCP server is stateless: send JSON-RPC requests with POST',
        undefined,
        {
          allow: 'POST',
        },
      );
    };
    app.get('/mcp', { schema: { hide: true } }, notAllowed);
    app.delete('/mcp', { schema: { hide: true } }, notAllowed);

    // The docs and the OpenAPI document do not change while the process runs: each text is made
    // once, on its first request, not on every request to a public path.
    const text = (make: () => string) => {
      let made: string | undefined;
      return async (_request: unknown, reply: import('fastify').FastifyReply) => {
        made ??= make();
        return reply.type('text/plain; charset=utf-8').header('cache-control', 'public, max-age=300').send(made);
      };
    };
    app.get(
      '/llms.txt',
      { schema: { hide: true } },
      text(() => llmsTxt(app.config.publicUrl)),
    );
    app.get(
      '/llms-full.txt',
      { schema: { hide: true } },
      text(() => llmsFullTxt(app.swagger() as OpenApiDoc, app.config.publicUrl)),
    );

    await app.register(agentRoutes, { prefix: '/api/v1' });
  },
  { name: 'mcp', dependencies: ['auth', 'rate-limits'] },
);

const errors = errorResponses(400, 401, 403, 429);

/** A key's spend caps for agents, and the agents' recent orders, for Settings → Developers. */
const agentRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/api-keys/:id/agent-caps',
    {
      preHandler: app.authenticate,
      schema: {
        operationId: 'getApiKeyAgentCaps',
        summary: 'An API key’s spend caps and recipient domains for AI agents using it over MCP',
        tags: ['api-keys'],
        security: BEARER,
        params: ApiKeyIdParamsSchema,
        response: { 200: AgentCapsSchema, ...errors, ...errorResponses(404) },
      },
    },
    async (request) => getKeyCaps(app, sessionOf(request).organisationId, request.params.id),
  );

  app.put(
    '/api-keys/:id/agent-caps',
    {
      preHandler: app.authenticate,
      schema: {
        operationId: 'setApiKeyAgentCaps',
        summary:
          'Set an API key’s spend caps (per reward, per UTC day, per UTC month) and recipient domains for AI agents',
        description:
          'Owners and admins. Amounts are integer minor units of `currency`, null for no cap; `allowed_domains` null allows any recipient. Checked in the same transaction as every order an agent places with the key (decision 074).',
        tags: ['api-keys'],
        security: BEARER,
        params: ApiKeyIdParamsSchema,
        body: AgentCapsBodySchema,
        response: { 200: AgentCapsSchema, ...errors, ...errorResponses(...BODY_ERRORS, 404) },
      },
    },
    async (request) => setKeyCaps(app, sessionOf(request), request.params.id, request.body),
  );

  app.get(
    '/agent-activity',
    {
      preHandler: app.authenticate,
      schema: {
        operationId: 'listAgentActivity',
        summary: 'The newest orders AI agents placed through MCP, with the key or OAuth grant each used',
        tags: ['orders'],
        security: BEARER,
        response: { 200: AgentActivityResponseSchema, ...errors },
      },
    },
    async (request) => agentActivity(app, sessionOf(request).organisationId),
  );
};
