import type { AuthSession } from '@giftrelay/contracts';
import { Laptop } from 'lucide-react';
import { useNavigate } from 'react-router';
import { toast } from 'sonner';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { ListSkeleton } from '@/components/ui/list-states';
import { LoadError } from '@/components/ui/load-error';
import { paths } from '@/config/paths';
import { ApiError } from '@/lib/api-client';
import { signOut } from '@/lib/auth/session';
import { formatTimestamp } from '@/lib/format';
import { useRevokeOtherSessions, useRevokeSession, useSessions } from '../api/profile';

/** Every device the person is signed in on, in every organisation; each can be signed out. */
export function SessionsList() {
  const sessions = useSessions();
  const revokeOthers = useRevokeOtherSessions();

  if (sessions.isPending) {
    return (
      <ListSkeleton label="Loading your sessions" rows={2} rowClassName="h-16 rounded-xl" className="grid gap-3" />
    );
  }
  if (sessions.isError) {
    return (
      <LoadError
        title="We could not load your sessions."
        error={sessions.error}
        onRetry={() => void sessions.refetch()}
        isRetrying={sessions.isFetching}
      />
    );
  }
  const list = sessions.data.data;
  const others = list.filter((s) => !s.current).length;
  const endOthers = async () => {
    try {
      const { revoked } = await revokeOthers.mutateAsync();
      toast.success('Signed out everywhere else', {
        description: `${revoked} other session${revoked === 1 ? '' : 's'} ended.`,
      });
    } catch (err) {
      toast.error('Error', { description: err instanceof Error && err.message ? err.message : 'Please try again.' });
    }
  };
  return (
    <div className="grid gap-3">
      <ul aria-label="Sessions" className="grid gap-3">
        {list.map((session) => (
          <SessionRow key={session.id} session={session} />
        ))}
      </ul>
      {others > 0 && (
        <Button
          variant="outline"
          className="justify-self-start"
          onClick={() => void endOthers()}
          disabled={revokeOthers.isPending}
        >
          {revokeOthers.isPending ? 'Signing out...' : 'Sign out everywhere else'}
        </Button>
      )}
    </div>
  );
}

function SessionRow({ session }: { session: AuthSession }) {
  const revoke = useRevokeSession();
  const navigate = useNavigate();
  const end = async () => {
    try {
      await revoke.mutateAsync(session.id);
    } catch (err) {
      // Ended meanwhile (404): the list refreshes without it, which is what was asked.
      if (!(err instanceof ApiError && err.status === 404)) {
        toast.error('Error', { description: err instanceof Error && err.message ? err.message : 'Please try again.' });
        return;
      }
    }
    if (session.current) {
      await signOut().catch(() => undefined);
      navigate(paths.login, { replace: true });
      toast.success('Signed out');
      return;
    }
    toast.success('Session ended', { description: `${session.device} is signed out.` });
  };
  return (
    <li className="flex flex-wrap items-center gap-3 rounded-xl border p-4 text-sm">
      <Laptop aria-hidden className="size-5 shrink-0 text-muted-foreground" />
      <div className="grid min-w-0 flex-1 gap-0.5">
        <p className="flex flex-wrap items-center gap-2 font-medium">
          {session.device}
          {session.current && <Badge variant="secondary">This device</Badge>}
        </p>
        <p className="break-words text-muted-foreground">
          {session.ip_address ?? 'Unknown address'} · {session.organisation.name} · last seen{' '}
          {formatTimestamp(session.last_seen_at)}
        </p>
      </div>
      <Button
        variant="outline"
        size="sm"
        onClick={() => void end()}
        disabled={revoke.isPending}
        aria-label={
          session.current
            ? 'Sign out of this device'
            : `Sign out ${session.device}, last seen ${formatTimestamp(session.last_seen_at)}`
        }
      >
        Sign out
      </Button>
    </li>
  );
}
