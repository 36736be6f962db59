import type { PublishedLandingPage } from '@giftrelay/contracts';
import { serverData } from '@/lib/server-data';

/**
 * The published page the server rendered this page with, when it is the one at `slug`
 * (lib/server-data.ts). A module of its own: a visitor's page reads it without react-query.
 */
export const renderedLandingPage = (slug: string): PublishedLandingPage | undefined => {
  const rendered = serverData('landingPage') as PublishedLandingPage | undefined;
  return rendered?.slug === slug ? rendered : undefined;
};
