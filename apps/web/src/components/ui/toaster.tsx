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
      theme={isDark ? 'dark' : 'light'}
    />
  );
}
