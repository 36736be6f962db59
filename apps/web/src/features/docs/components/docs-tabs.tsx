import { useEffect, useRef, useState } from 'react';
import { Tabs } from '@/components/ui/tabs';
import { loadOnIntent } from '@/lib/deferred-part';
import type { DocsTab } from '../example-basics';
import { DOCS_SECTIONS, docsReference } from './docs-sections';

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
 * can be linked to; every section is in the prerendered HTML. The sections after the Overview
 * load their code on a reader's first sign of intent (a pointer or focus in the tabs or a section,
 * a tab chosen, a link to one), or at once when the page was not prerendered (lib/deferred-part.tsx).
 */
export function DocsTabs() {
  const [tab, setTab] = useState<DocsTab>('overview');
  const area = useRef<HTMLDivElement>(null);

  useEffect(() => {
    // The sections load themselves when rendered here or touched; the tab list is intent too.
    const stopWatching = area.current ? loadOnIntent(area.current, docsReference.load) : undefined;
    const fromHash = () => {
      const hash = window.location.hash.slice(1);
      if (!isDocsTab(hash)) return;
      if (hash !== 'overview') void docsReference.load();
      setTab(hash);
    };
    fromHash();
    window.addEventListener('hashchange', fromHash);
    return () => {
      window.removeEventListener('hashchange', fromHash);
      stopWatching?.();
    };
  }, []);

  const select = (value: DocsTab) => {
    void docsReference.load();
    setTab(value);
    window.history.replaceState(window.history.state, '', `#${value}`);
  };

  return (
    <div ref={area}>
      <Tabs items={ITEMS} label="API documentation sections" variant="side" value={tab} onValueChange={select} />
    </div>
  );
}
