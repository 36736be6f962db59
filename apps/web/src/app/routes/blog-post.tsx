import type { LoaderFunctionArgs } from 'react-router';
import { useLoaderData } from 'react-router';
import { getPublishedPost, PostPage } from '@/features/blog';
import { Component as NotFound } from './not-found';

/** /blog/{slug} for a post published from the generator; any other slug is the 404 page. */
export async function loader({ params, request }: LoaderFunctionArgs) {
  return { post: await getPublishedPost(params.slug ?? '', request.signal) };
}

export function Component() {
  const { post } = useLoaderData<typeof loader>();
  return post ? <PostPage key={post.slug} post={post} /> : <NotFound />;
}
