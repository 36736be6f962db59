import type { BlogArticleSlug } from '@giftrelay/contracts/routes';
import type { ReactNode } from 'react';
import { PlainSpinner } from '@/components/ui/plain-spinner';
import { deferredPart } from '@/lib/deferred-part';

// One chunk per article: a page downloads its own body and no other.
const bodies = import.meta.glob<string>('./content/*.md', { query: '?raw', import: 'default' });

type ArticleBodyPart = ReturnType<typeof bodyPart>;
const parts = new Map<BlogArticleSlug, ArticleBodyPart>();

function bodyPart(slug: BlogArticleSlug) {
  const load = bodies[`./content/${slug}.md`];
  if (!load) throw new Error(`No body for the article ${slug}`);
  return deferredPart(`article-body-${slug}`, () =>
    Promise.all([import('@/components/ui/markdown'), load()]).then(([{ Markdown }, source]) => {
      const Body = () => <Markdown source={source} />;
      return Body;
    }),
  );
}

/**
 * An article's body as a deferred part (decision 053): in the page's HTML, its text and the
 * Markdown renderer load only on a reader's intent (a copy button, a link). Reached from another
 * page, the navigation waits for them, so the body never shows empty.
 */
export function articleBody(slug: BlogArticleSlug): ReactNode {
  let part = parts.get(slug);
  if (!part) {
    part = bodyPart(slug);
    parts.set(slug, part);
  }
  return (
    <part.Part
      fallback={
        <PlainSpinner label="Loading the article" className="flex min-h-96 items-start gap-2 text-muted-foreground" />
      }
    />
  );
}
