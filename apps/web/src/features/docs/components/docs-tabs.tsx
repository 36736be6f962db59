import { useEffect, useState } from 'react';
import { Tabs } from '@/components/ui/tabs';
import type { DocsTab } from '../api-examples';
import { DOCS_SECTIONS } from './docs-sections';

const isDocsTab = (value: string): value is DocsTab => DOCS_SECTIONS.some((s) => s.id === value);

const ITEMS = DOCS_SECTIONS.map(({ id, label, title, Content }) => ({
  id,
  label,
  panel: (
    <>
      <h2 id={id} className="scroll-mt-24 text-2xl font-bold tracking-tight">
        {title}
      </h2>
      <div className="mt-4 leading-7">
        <Content />
      </div>
    </>
  ),
}));

/**
 * The documentation's side tabs. The open tab follows the URL's hash (#create-order) so a section
 * can be linked to; every section is in the prerendered HTML.
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

  const select = (value: DocsTab) => {
    setTab(value);
    window.history.replaceState(window.history.state, '', `#${value}`);
  };

  return <Tabs items={ITEMS} label="API documentation sections" variant="side" value={tab} onValueChange={select} />;
}
