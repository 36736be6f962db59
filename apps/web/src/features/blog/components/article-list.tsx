import { Search } from 'lucide-react';
import { useSearchParams } from 'react-router';
import { useAfterHydration } from '@/lib/use-hydrated';
import { usePublishedPosts } from '../api/published-posts';
import { ARTICLES, searchArticles } from '../articles';
import { ArticleCard } from './article-card';

/** The article list with its search box; the query lives in the URL (?q=) so a search can be shared. */
export function ArticleList() {
  const [searchParams, setSearchParams] = useSearchParams();
  // The prerendered page knows no query; the URL's is applied once the page is live.
  const query = useAfterHydration(searchParams.get('q') ?? '', '');
  const posts = usePublishedPosts();
  // Newest first: published posts take their place among the articles by date.
  const all = posts.length ? [...posts, ...ARTICLES].sort((a, b) => b.date.localeCompare(a.date)) : ARTICLES;
  const results = searchArticles(all, query);
  const setQuery = (value: string) =>
    setSearchParams(value ? { q: value } : {}, { replace: true, preventScrollReset: true });

  return (
    <>
      <search className="mx-auto mt-10 block max-w-xl">
        <label htmlFor="blog-search" className="sr-only">
          Search articles
        </label>
        <div className="relative">
          <Search
            aria-hidden
            className="pointer-events-none absolute top-1/2 left-3 h-4 w-4 -translate-y-1/2 text-muted-foreground"
          />
          <input
            id="blog-search"
            type="search"
            value={query}
            onChange={(e) => setQuery(e.target.value)}
            placeholder="Search by title, topic or category..."
            className="h-11 w-full rounded-lg border bg-background pr-3 pl-9 text-base outline-none focus-visible:ring-2 focus-visible:ring-ring"
            aria-describedby="blog-search-status"
          />
        </div>
        <p id="blog-search-status" role="status" className="mt-2 text-center text-sm text-muted-foreground">
          {query ? `${results.length} ${results.length === 1 ? 'article matches' : 'articles match'} “${query}”` : ''}
        </p>
      </search>
      {results.length ? (
        <ul className="mt-8 grid gap-6 md:grid-cols-2 lg:grid-cols-3">
          {results.map((article) => (
            <li key={article.slug}>
              <ArticleCard article={article} />
            </li>
          ))}
        </ul>
      ) : (
        <div className="mt-8 rounded-xl border border-dashed p-10 text-center">
          <p className="font-medium">No articles match “{query}”.</p>
          <button
            type="button"
            onClick={() => setQuery('')}
            className="mt-4 text-sm font-medium text-primary underline underline-offset-4"
          >
            Clear the search
          </button>
        </div>
      )}
    </>
  );
}
