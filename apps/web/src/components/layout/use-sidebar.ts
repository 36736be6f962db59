import { useCallback, useEffect, useState, useSyncExternalStore } from 'react';

export const SIDEBAR_COOKIE = 'sidebar_state';
const SIDEBAR_COOKIE_MAX_AGE = 7 * 24 * 60 * 60;
/** The spec's mobile breakpoint: below it the sidebar is a sheet. */
const MOBILE_QUERY = '(max-width: 767px)';

function readExpanded(): boolean {
  const match = document.cookie.match(new RegExp(`(?:^|; )${SIDEBAR_COOKIE}=(true|false)`));
  return match ? match[1] === 'true' : true;
}

export function useIsMobile() {
  return useSyncExternalStore(
    (onChange) => {
      const query = matchMedia(MOBILE_QUERY);
      query.addEventListener('change', onChange);
      return () => query.removeEventListener('change', onChange);
    },
    () => matchMedia(MOBILE_QUERY).matches,
    () => false,
  );
}

/**
 * The sidebar's state: expanded or collapsed on wide screens (kept in a cookie for 7 days), a
 * sheet opened or closed on narrow ones. Ctrl/Cmd+B toggles whichever applies.
 */
export function useSidebar() {
  const isMobile = useIsMobile();
  const [isExpanded, setExpanded] = useState(readExpanded);
  const [isSheetOpen, setSheetOpen] = useState(false);

  const setExpandedAndRemember = useCallback((value: boolean) => {
    setExpanded(value);
    // biome-ignore lint/suspicious/noDocumentCookie: the Cookie Store API is async and missing from older Safari; this is one synchronous write.
    document.cookie = `${SIDEBAR_COOKIE}=${value}; path=/; max-age=${SIDEBAR_COOKIE_MAX_AGE}; SameSite=Lax`;
  }, []);

  const toggle = useCallback(() => {
    if (isMobile) setSheetOpen((open) => !open);
    else setExpandedAndRemember(!isExpanded);
  }, [isMobile, isExpanded, setExpandedAndRemember]);

  useEffect(() => {
    const onKey = (event: KeyboardEvent) => {
      if ((event.ctrlKey || event.metaKey) && !event.altKey && event.key.toLowerCase() === 'b') {
        event.preventDefault();
        toggle();
      }
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, [toggle]);

  return { isMobile, isExpanded, isSheetOpen, setSheetOpen, toggle };
}
