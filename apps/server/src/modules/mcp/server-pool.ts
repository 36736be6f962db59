import type { ApiKeyScope } from '@giftrelay/contracts';
import type { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
import type { FastifyInstance } from 'fastify';
import { buildMcpServer } from './server';

/** Idle servers kept per scope set: enough for the requests one process answers at once. */
const IDLE_PER_SCOPES = 16;

/**
 * MCP servers kept between requests (decision 074). Building one (eight tools' schemas, the docs
 * resources) was a twentieth of an MCP request's CPU, paid on every request. A server holds no
 * caller (each tool call reads its own, authInfoOf), serves one request at a time (taken here,
 * given back when its transport has closed), and is kept only while it holds nothing of a client:
 * one that answered an `initialize` (the client's capabilities and name) is closed, not kept.
 */
export function serverPool(app: FastifyInstance) {
  const idle = new Map<string, McpServer[]>();
  return {
    take(scopes: readonly ApiKeyScope[]): { server: McpServer; release: () => void } {
      const key = [...scopes].sort().join(' ');
      const server = idle.get(key)?.pop() ?? buildMcpServer(app, scopes);
      const release = () => {
        const list = idle.get(key) ?? [];
        if (
          server.server.getClientCapabilities() !== undefined ||
          server.isConnected() ||
          list.length >= IDLE_PER_SCOPES
        ) {
          void server.close();
          return;
        }
        list.push(server);
        idle.set(key, list);
      };
      return { server, release };
    },
  };
}
