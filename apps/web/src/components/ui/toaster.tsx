import { Toaster as Sonner } from 'sonner';
import { useIsDark } from '@/lib/theme';

/** The spec's toast defaults: bottom-right, Alt+T to focus, labelled 'Notifications', close button. */
export function Toaster() {
  const isDark = useIsDark();
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
