import type { BlogArticleSlug } from '@giftrelay/contracts/routes';

// One chunk per article: a page downloads its own body and no other.
const bodies = import.meta.glob<string>('./content/*.md', { query: '?raw', import: 'default' });

export async function loadArticleBody(slug: BlogArticleSlug): Promise<string> {
  const load = bodies[`./content/${slug}.md`];
  if (!load) throw new Error(`No body for the article ${slug}`);
  return load();
}
