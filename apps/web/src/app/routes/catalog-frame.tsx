import { PublicLayout } from '@/components/layout/public-layout';
import { SessionLoading } from '@/lib/auth/require-session';
import { useSession } from '@/lib/auth/use-session';
import { Component as AppShell } from './app-shell';

/**
 * The catalogue belongs to both sides of the product: visitors browse it in the public site's
 * frame; a signed-in user reaches it from the sidebar and sends from it, so it stays in the
 * signed-in frame, balance in the header, and switches frames when the session does.
 */
export function Component() {
  const session = useSession();
  if (session.status === 'loading') return <SessionLoading />;
  return session.status === 'signed-in' ? <AppShell /> : <PublicLayout />;
}
