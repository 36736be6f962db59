import type { PublicBlogPost } from '@giftrelay/contracts';
import type { LoaderFunctionArgs } from 'react-router';
import { useLoaderData } from 'react-router';
import { getPublishedPost, PostPage } from '@/features/blog';
import { serverData } from '@/lib/server-data';
import { Component as NotFound } from './not-found';

/**
 * /blog/{slug} for a post published from the generator; any other slug is the 404 page. The
 * server renders a published post with the post it read (lib/server-data.ts); a visit from
 * another page asks the API.
 */
export async function loader({ params, request }: LoaderFunctionArgs) {
  const rendered = serverData('post') as PublicBlogPost | undefined;
  if (rendered && rendered.slug === params.slug) return { post: rendered };
  return { post: await getPublishedPost(params.slug ?? '', request.signal) };
}

export function Component() {
  const { post } = useLoaderData<typeof loader>();
  return post ? <PostPage key={post.slug} post={post} /> : <NotFound />;
}
