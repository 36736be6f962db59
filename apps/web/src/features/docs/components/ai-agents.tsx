import {
  AI_AGENTS_DOC,
  MCP_CLIENT_CONFIG_EXAMPLE,
  MCP_CONFIG_PLACEHOLDERS,
  MCP_READ_TOOLS,
  MCP_SEND_TOOLS,
  MCP_TOOL_DESCRIPTIONS,
} from '@giftrelay/contracts/agent-docs';
import { CodeBlock } from '@/components/ui/code-block';
import { Markdown } from '@/components/ui/markdown';
import { getPublicUrl } from '@/lib/public-url';
import { Code } from './inline-code';

/**
 * The "AI agents" section (decision 074), from contracts' AI_AGENTS_DOC: the server serves the same
 * text to assistants (MCP resources, /llms.txt), and apps/server/src/modules/mcp/mcp.test.ts
 * connects with this very configuration example.
 */
export function AiAgents() {
  const config = MCP_CLIENT_CONFIG_EXAMPLE.replace(MCP_CONFIG_PLACEHOLDERS.url, getPublicUrl());
  return (
    <>
      {AI_AGENTS_DOC.intro.map((p) => (
        <Markdown key={p.slice(0, 24)} source={p} />
      ))}
      <h3 id="mcp-config" className="mt-8 text-lg font-semibold">
        Connect an assistant
      </h3>
      <Markdown source={AI_AGENTS_DOC.configIntro} />
      <CodeBlock code={config} language="json" data-testid="mcp-config-example" />
      <h3 id="mcp-tools" className="mt-8 text-lg font-semibold">
        Tools
      </h3>
      <dl className="mt-3 grid gap-3">
        {[...MCP_READ_TOOLS, ...MCP_SEND_TOOLS].map((tool) => (
          <div key={tool}>
            <dt>
              <Code>{tool}</Code>
              {MCP_SEND_TOOLS.some((t) => t === tool) && (
                <span className="ml-2 text-xs text-muted-foreground">needs the orders:write scope</span>
              )}
            </dt>
            <dd className="mt-1 text-sm text-muted-foreground">{MCP_TOOL_DESCRIPTIONS[tool]}</dd>
          </div>
        ))}
      </dl>
      <h3 id="mcp-guardrails" className="mt-8 text-lg font-semibold">
        Guardrails
      </h3>
      <ul className="mt-3 list-disc space-y-2 pl-6">
        {AI_AGENTS_DOC.guardrails.map((g) => (
          <li key={g.slice(0, 24)}>
            <Markdown source={g} />
          </li>
        ))}
      </ul>
      <Markdown source={AI_AGENTS_DOC.resources} />
    </>
  );
}
