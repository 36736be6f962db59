import { useEffect } from 'react';
import { Toaster as Sonner } from 'sonner';
import { useIsDark } from '@/lib/theme';

export { toast } from 'sonner';

let markMounted: () => void = () => {};
/** Resolves once a toaster listens: sonner drops the toasts sent before then (./lazy-toast.ts). */
export const toasterMounted = new Promise<void>((resolve) => {
  markMounted = resolve;
});

/** The spec's toast defaults: bottom-right, Alt+T to focus, labelled 'Notifications', close button. */
export function Toaster() {
  const isDark = useIsDark();
  // After sonner's own effect (a child's effects run first), which subscribes to new toasts.
  useEffect(() => markMounted(), []);
  return (
    <Sonner
      position="bottom-right"
      hotkey={['altKey', 'KeyT']}
      containerAriaLabel="Notifications"
      closeButton
      richColors
      // A bar fixed along the bottom of the page (the catalogue's selected product) sets
      // --bottom-bar-height, so toasts stack above it instead of under it.
      offset={{ bottom: 'calc(24px + var(--bottom-bar-height, 0px))' }}
      mobileOffset={{ bottom: 'calc(16px + var(--bottom-bar-height, 0px))' }}
      theme={isDark ? 'dark' : 'light'}
    />
  );
}
