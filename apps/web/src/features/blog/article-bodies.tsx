import type { BlogArticleSlug } from '@giftrelay/contracts/routes';
import { deferredPart } from '@/lib/deferred-part';

// One chunk per article: a page downloads its own body and no other.
const bodies = import.meta.glob<string>('./content/*.md', { query: '?raw', import: 'default' });

type ArticleBody = ReturnType<typeof bodyPart>;
const parts = new Map<BlogArticleSlug, ArticleBody>();

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
 * Markdown renderer load only on a reader's intent (a copy button, a link), or before the page
 * renders when it was not prerendered (a visit from another page), so there is no fallback.
 */
export async function articleBody(slug: BlogArticleSlug): Promise<ArticleBody['Part']> {
  let part = parts.get(slug);
  if (!part) {
    part = bodyPart(slug);
    parts.set(slug, part);
  }
  if (!part.renderedByServer()) await part.load();
  return part.Part;
}
