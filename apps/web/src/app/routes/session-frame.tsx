import { lazy, Suspense } from 'react';
import { PublicLayout } from '@/components/layout/public-layout';
import { SessionLoading } from '@/lib/auth/require-session';
import { useSession } from '@/lib/auth/use-session';

// Only a signed-in person downloads the signed-in frame.
const AppShell = lazy(() => import('./app-shell').then((m) => ({ default: m.Component })));

/**
 * The frame for pages that belong to both sides of the product, chosen by the session and switched
 * when it changes. The catalogue: visitors browse it in the public site's frame; a signed-in user
 * reaches it from the sidebar and sends from it, balance in the header. (The marketing studio has
 * the operators' frame, ./operator-frame.tsx.)
 */
export function Component() {
  const session = useSession();
  if (session.status === 'loading') return <SessionLoading />;
  if (session.status !== 'signed-in') return <PublicLayout />;
  return (
    <Suspense fallback={<SessionLoading />}>
      <AppShell />
    </Suspense>
  );
}
