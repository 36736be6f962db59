import { Prose } from '@/components/layout/prose';
import { Markdown } from '@/components/ui/markdown';
import { usePageMeta } from '@/lib/page-meta';

export function LegalPage({
  title,
  description,
  updated,
  body,
}: {
  title: string;
  description: string;
  updated: string;
  body: string;
}) {
  usePageMeta({ title, description, keywords: [title, 'GiftRelay'] });
  return (
    <article className="mx-auto max-w-3xl px-4 py-16 sm:py-20">
      <h1 className="text-4xl font-bold tracking-tight">{title}</h1>
      <p className="mt-3 text-sm text-muted-foreground">Last updated {updated}</p>
      <Prose className="mt-8">
        <Markdown source={body} />
      </Prose>
    </article>
  );
}
