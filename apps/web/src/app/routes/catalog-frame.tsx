import { lazy, Suspense } from 'react';
import { PublicLayout } from '@/components/layout/public-layout';
import { SessionLoading } from '@/lib/auth/require-session';
import { useSession } from '@/lib/auth/use-session';

// Only a signed-in user downloads the signed-in frame.
const AppShell = lazy(() => import('./app-shell').then((m) => ({ default: m.Component })));

/**
 * The catalogue belongs to both sides of the product: visitors browse it in the public site's
 * frame; a signed-in user reaches it from the sidebar and sends from it, so it stays in the
 * signed-in frame, balance in the header, and switches frames when the session does.
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
