import type { ReactNode } from 'react';
import { usePageTitle } from '@/lib/page-meta';

/** A page's one h1 and its document title. */
export function PageHeading({ title, children }: { title: string; children?: ReactNode }) {
  usePageTitle(title);
  return (
    <div className="mx-auto max-w-6xl px-4 py-10">
      <h1 className="text-3xl font-bold tracking-tight">{title}</h1>
      {children}
    </div>
  );
}
