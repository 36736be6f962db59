import { Button } from './button';

/** What a paged list's query offers for its next page (TanStack Query's infinite query has it). */
export interface PagedQuery {
  hasNextPage: boolean;
  isFetchingNextPage: boolean;
  fetchNextPage: () => unknown;
}

/** "Show more" under a paged list while the API has more; nothing once it has not. */
export function ShowMore({ query }: { query: PagedQuery }) {
  if (!query.hasNextPage) return null;
  return (
    <Button
      variant="outline"
      className="justify-self-center"
      onClick={() => void query.fetchNextPage()}
      disabled={query.isFetchingNextPage}
    >
      {query.isFetchingNextPage ? 'Loading...' : 'Show more'}
    </Button>
  );
}
