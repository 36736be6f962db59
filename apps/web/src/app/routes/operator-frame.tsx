import { lazy, Suspense } from 'react';
import { PublicLayout } from '@/components/layout/public-layout';
import { SessionLoading } from '@/lib/auth/require-session';
import { useOperatorStatus } from '@/lib/auth/use-operator';
import { useSession } from '@/lib/auth/use-session';

// Only a signed-in person downloads a signed-in frame.
const AppShell = lazy(() => import('./app-shell').then((m) => ({ default: m.Component })));
const OperatorShell = lazy(() => import('./operator-shell').then((m) => ({ default: m.Component })));

/**
 * The frame of GiftRelay's own pages (issue 35): the operator area, and the marketing studio
 * (decisions 041, 048). An operator works in the operator frame: its own navigation, no
 * organisation's balance or switcher. To anyone else each page is the 404 page (every page is
 * wrapped in OperatorOnly): a signed-in customer sees it in their own frame, a visitor in the
 * public site's, never a sign-in form that would say something is here.
 */
export function Component() {
  const session = useSession();
  const operator = useOperatorStatus();
  if (session.status === 'loading' || operator === 'loading') return <SessionLoading />;
  if (session.status !== 'signed-in') return <PublicLayout />;
  return <Suspense fallback={<SessionLoading />}>{operator === 'yes' ? <OperatorShell /> : <AppShell />}</Suspense>;
}
