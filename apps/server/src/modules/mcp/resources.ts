import { DOCS_PAGE_SECTIONS } from '@giftrelay/contracts';
import type { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
import type { FastifyInstance } from 'fastify';
import { type OpenApiDoc, sectionMarkdown, sectionUri } from './docs-text';

export const CATEGORIES_URI = 'giftrelay://catalog/categories';

/**
 * What an assistant can read before it acts: each docs section as Markdown, and the catalogue's
 * categories with how many products each has (the public facets, as the catalogue page counts them).
 */
export function registerResources(app: FastifyInstance, server: McpServer): void {
  for (const section of DOCS_PAGE_SECTIONS) {
    const uri = sectionUri(section.id);
    server.registerResource(
      `docs-${section.id}`,
      uri,
      { title: `Docs: ${section.title}`, description: section.summary, mimeType: 'text/markdown' },
      async () => ({
        contents: [
          {
            uri,
            mimeType: 'text/markdown',
            text: sectionMarkdown(section, app.swagger() as OpenApiDoc, app.config.publicUrl),
          },
        ],
      }),
    );
  }
  server.registerResource(
    'catalog-categories',
    CATEGORIES_URI,
    {
      title: 'Catalogue categories',
      description: 'The categories of gift cards on offer, with how many products each has',
      mimeType: 'application/json',
    },
    async () => {
      const res = await app.inject({ url: '/api/v1/catalog/facets' });
      const { categories, countries, currencies } = res.json() as Record<string, unknown>;
      return {
        contents: [
          {
            uri: CATEGORIES_URI,
            mimeType: 'application/json',
            text: JSON.stringify({ categories, countries, currencies }),
          },
        ],
      };
    },
  );
}
