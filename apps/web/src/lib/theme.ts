import { useSyncExternalStore } from 'react';

const STORAGE_KEY = 'giftrelay-theme';

function subscribe(callback: () => void) {
  const observer = new MutationObserver(callback);
  observer.observe(document.documentElement, { attributes: true, attributeFilter: ['class'] });
  return () => observer.disconnect();
}

const isDarkNow = () => document.documentElement.classList.contains('dark');

/** Whether the document is in dark mode, following the `dark` class that public/theme.js sets first. */
export function useIsDark() {
  return useSyncExternalStore(subscribe, isDarkNow, () => false);
}

export function setTheme(theme: 'dark' | 'light') {
  document.documentElement.classList.toggle('dark', theme === 'dark');
  try {
    localStorage.setItem(STORAGE_KEY, theme);
  } catch {
    // Private mode: the choice lasts for this page only.
  }
}

export function toggleTheme() {
  setTheme(isDarkNow() ? 'light' : 'dark');
}
