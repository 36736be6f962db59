import { useEffect } from 'react';

export const SITE_NAME = 'GiftRelay';
export const DEFAULT_TITLE = `${SITE_NAME} - Digital Rewards That Scale`;

/** Sets the document title for a page; an empty title gives the default. */
export function usePageTitle(title?: string) {
  useEffect(() => {
    document.title = title ? `${title} | ${SITE_NAME}` : DEFAULT_TITLE;
  }, [title]);
}
