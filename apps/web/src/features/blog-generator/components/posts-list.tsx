import { ExternalLink } from 'lucide-react';
import { Link } from 'react-router';
import { toast } from 'sonner';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { LoadError } from '@/components/ui/load-error';
import { Spinner } from '@/components/ui/spinner';
import { paths } from '@/config/paths';
import { formatTimestamp } from '@/lib/format';
import { usePosts, useSetPublished } from '../api/posts';

/** Posts published from the generator, with unpublish and publish again. */
export function PostsList() {
  const posts = usePosts();
  const setPublished = useSetPublished();
  if (posts.isPending) return <Spinner label="Loading posts" className="mx-auto my-6" />;
  if (posts.isError)
    return (
      <LoadError
        title="We could not load the posts."
        error={posts.error}
        onRetry={() => posts.refetch()}
        isRetrying={posts.isFetching}
      />
    );
  if (!posts.data.length)
    return (
      <p className="rounded-lg border border-dashed p-6 text-center text-sm text-muted-foreground">
        Nothing published yet. Publish a variant to put it on the blog.
      </p>
    );
  return (
    <ul className="grid max-h-96 min-w-0 gap-2 overflow-y-auto">
      {posts.data.map((post) => (
        <li key={post.id} className="flex min-w-0 flex-wrap items-start gap-3 rounded-lg border p-3">
          <div className="min-w-0 flex-1">
            <p className="flex flex-wrap items-center gap-2 font-medium text-sm">
              <span className="min-w-0 break-words">{post.title}</span>
              <Badge variant={post.published ? 'default' : 'secondary'}>
                {post.published ? 'Published' : 'Unpublished'}
              </Badge>
            </p>
            <p className="break-all text-xs text-muted-foreground">
              /blog/{post.slug} · {post.category} · {formatTimestamp(post.published_at)}
            </p>
          </div>
          <div className="flex shrink-0 gap-1">
            {post.published && (
              <Button asChild variant="outline" size="sm">
                <Link to={paths.blogArticle(post.slug)} aria-label={`View ${post.title}`}>
                  <ExternalLink aria-hidden />
                  View
                </Link>
              </Button>
            )}
            <Button
              type="button"
              variant="outline"
              size="sm"
              disabled={setPublished.isPending}
              onClick={() =>
                setPublished.mutate(
                  { id: post.id, published: !post.published },
                  {
                    onSuccess: (p) => toast.success(p.published ? 'Post published again' : 'Post unpublished'),
                    onError: (err) => toast.error('Could not change the post', { description: err.message }),
                  },
                )
              }
            >
              {post.published ? 'Unpublish' : 'Publish again'}
            </Button>
          </div>
        </li>
      ))}
    </ul>
  );
}
