import { Tabs } from 'radix-ui';
import { useEffect, useState } from 'react';
import type { DocsTab } from '../api-examples';
import { DOCS_SECTIONS } from './docs-sections';

const isDocsTab = (value: string): value is DocsTab => DOCS_SECTIONS.some((s) => s.id === value);

/**
 * The documentation's side tabs. The open tab follows the URL's hash (#create-order) so a section
 * can be linked to. Every panel is rendered, inactive ones hidden, so the whole reference is in
 * the prerendered HTML.
 */
export function DocsTabs() {
  const [tab, setTab] = useState<DocsTab>('overview');

  useEffect(() => {
    const fromHash = () => {
      const hash = window.location.hash.slice(1);
      if (isDocsTab(hash)) setTab(hash);
    };
    fromHash();
    window.addEventListener('hashchange', fromHash);
    return () => window.removeEventListener('hashchange', fromHash);
  }, []);

  const select = (value: string) => {
    if (!isDocsTab(value)) return;
    setTab(value);
    window.history.replaceState(window.history.state, '', `#${value}`);
  };

  return (
    <Tabs.Root
      value={tab}
      onValueChange={select}
      orientation="vertical"
      className="grid gap-8 md:grid-cols-[12rem_1fr]"
    >
      <Tabs.List
        aria-label="API documentation sections"
        className="flex gap-1 overflow-x-auto md:sticky md:top-24 md:flex-col md:self-start"
      >
        {DOCS_SECTIONS.map((s) => (
          <Tabs.Trigger
            key={s.id}
            value={s.id}
            className="shrink-0 rounded-md px-3 py-2 text-left text-sm font-medium text-muted-foreground hover:text-foreground data-[state=active]:bg-secondary data-[state=active]:text-secondary-foreground"
          >
            {s.label}
          </Tabs.Trigger>
        ))}
      </Tabs.List>
      {DOCS_SECTIONS.map(({ id, title, Content }) => (
        <Tabs.Content key={id} value={id} forceMount className="min-w-0 data-[state=inactive]:hidden">
          <h2 id={id} className="scroll-mt-24 text-2xl font-bold tracking-tight">
            {title}
          </h2>
          <div className="mt-4 leading-7">
            <Content />
          </div>
        </Tabs.Content>
      ))}
    </Tabs.Root>
  );
}
