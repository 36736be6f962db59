// @vitest-environment happy-dom
import { MCP_CLIENT_CONFIG_EXAMPLE, MCP_READ_TOOLS, MCP_SEND_TOOLS } from '@giftrelay/contracts';
import { cleanup, screen } from '@testing-library/react';
import { afterEach, expect, it } from 'vitest';
import { renderPage } from '@/testing/render-page';
import { DocsReference } from './docs-reference';

afterEach(cleanup);

it('the AI agents section shows the configuration the MCP test connects with, and every tool', () => {
  renderPage(<DocsReference tab="ai-agents" />);
  const shown = screen.getByTestId('mcp-config-example').textContent ?? '';
  // The same text, with this site's address in place of PUBLIC_URL.
  expect(JSON.parse(shown).mcpServers.giftrelay.headers).toEqual({ Authorization: 'Bearer YOUR_API_KEY' });
  expect(shown).toMatch(/"url": "https?:\/\/[^"]+\/mcp"/);
  expect(shown.replace(/"url": "[^"]+"/, '')).toBe(MCP_CLIENT_CONFIG_EXAMPLE.replace(/"url": "[^"]+"/, ''));
  for (const tool of [...MCP_READ_TOOLS, ...MCP_SEND_TOOLS])
    expect(screen.getByText(tool, { selector: 'dt code' })).toBeTruthy();
});
