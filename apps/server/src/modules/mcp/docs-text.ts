import {
  AI_AGENTS_DOC,
  DOCS_PAGE_SECTIONS,
  type DocsPageSection,
  ERROR_STATUS,
  MCP_CLIENT_CONFIG_EXAMPLE,
  MCP_CONFIG_PLACEHOLDERS,
  MCP_READ_TOOLS,
  MCP_SEND_TOOLS,
  MCP_TOOL_DESCRIPTIONS,
} from '@giftrelay/contracts';

/**
 * The docs as plain Markdown for machines (decision 074): the MCP resources, /llms.txt (the
 * llmstxt.org index: a title, a summary, then links with notes) and /llms-full.txt (everything in
 * one file). Generated from what the docs page itself is made of: its sections
 * (DOCS_PAGE_SECTIONS), the AI agents section's text and the OpenAPI document the reference is
 * written from (every operation's summary and description), so they cannot say something else.
 */

interface Operation {
  summary?: string;
  description?: string;
  tags?: string[];
  operationId?: string;
}
export interface OpenApiDoc {
  paths?: Record<string, Record<string, Operation>>;
}

const METHODS = ['get', 'post', 'put', 'patch', 'delete'];

function operationsOf(doc: OpenApiDoc, tags: readonly string[]): string[] {
  const lines: string[] = [];
  for (const [path, item] of Object.entries(doc.paths ?? {})) {
    for (const method of METHODS) {
      const op = item[method];
      if (!op?.tags?.some((t) => tags.includes(t))) continue;
      lines.push(`### ${method.toUpperCase()} ${path}`, '', op.summary ?? '', '');
      if (op.description) lines.push(op.description, '');
    }
  }
  return lines;
}

function agentsMarkdown(publicUrl: string): string[] {
  const config = MCP_CLIENT_CONFIG_EXAMPLE.replace(MCP_CONFIG_PLACEHOLDERS.url, publicUrl);
  return [
    ...AI_AGENTS_DOC.intro.flatMap((p) => [p, '']),
    AI_AGENTS_DOC.configIntro,
    '',
    '```json',
    config,
    '```',
    '',
    '## Tools',
    '',
    ...[...MCP_READ_TOOLS, ...MCP_SEND_TOOLS].map((t) => `- \`${t}\`: ${MCP_TOOL_DESCRIPTIONS[t]}`),
    '',
    '## Guardrails',
    '',
    ...AI_AGENTS_DOC.guardrails.map((g) => `- ${g}`),
    '',
    AI_AGENTS_DOC.resources,
    '',
  ];
}

function errorsMarkdown(): string[] {
  return Object.entries(ERROR_STATUS).map(([code, status]) => `- \`${code}\`: HTTP ${status}`);
}

/** One docs section as Markdown, with a link to it on the page. */
export function sectionMarkdown(section: DocsPageSection, doc: OpenApiDoc, publicUrl: string): string {
  const body =
    section.id === 'ai-agents'
      ? agentsMarkdown(publicUrl)
      : section.id === 'errors'
        ? errorsMarkdown()
        : operationsOf(doc, section.tags);
  return [
    `# ${section.title}`,
    '',
    `> ${section.summary}`,
    '',
    `On the docs page: ${publicUrl}/docs#${section.id}`,
    '',
    ...body,
  ]
    .join('\n')
    .trimEnd()
    .concat('\n');
}

export const sectionUri = (id: string) => `giftrelay://docs/${id}`;

/** /llms.txt: the index, as llmstxt.org describes it. */
export function llmsTxt(publicUrl: string): string {
  return [
    '# GiftRelay',
    '',
    '> GiftRelay sends instant digital rewards (gift cards by email) from a web app, a REST API under /api/v1 and an MCP server at /mcp for AI assistants.',
    '',
    `The full text of these docs in one file: ${publicUrl}/llms-full.txt. The OpenAPI document: ${publicUrl}/api/openapi.json.`,
    '',
    '## Docs',
    '',
    ...DOCS_PAGE_SECTIONS.map((s) => `- [${s.title}](${publicUrl}/docs#${s.id}): ${s.summary}`),
    '',
    '## Optional',
    '',
    `- [OpenAPI document](${publicUrl}/api/openapi.json): every operation, its parameters and answers`,
    '',
  ].join('\n');
}

/** /llms-full.txt: every section's text, one after the other. */
export function llmsFullTxt(doc: OpenApiDoc, publicUrl: string): string {
  return [
    '# GiftRelay',
    '',
    '> GiftRelay sends instant digital rewards (gift cards by email) from a web app, a REST API under /api/v1 and an MCP server at /mcp for AI assistants.',
    '',
    ...DOCS_PAGE_SECTIONS.map((s) =>
      sectionMarkdown(s, doc, publicUrl)
        .replace(/^# /, '## ')
        .replace(/\n### /g, '\n#### '),
    ),
  ].join('\n');
}
