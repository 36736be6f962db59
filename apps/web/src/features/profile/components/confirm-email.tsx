import { CircleAlert, CircleCheck } from 'lucide-react';
import { useEffect, useRef } from 'react';
import { Link } from 'react-router';
import { Button } from '@/components/ui/button';
import { Spinner } from '@/components/ui/spinner';
import { useConfirmEmailChange } from '../api/security';

/** Opens the link sent to a new address, once: the account's address becomes it. */
export function ConfirmEmail({ token }: { token: string }) {
  const confirm = useConfirmEmailChange();
  const sent = useRef<string>(undefined);
  useEffect(() => {
    // A link is single-use: never send it twice, even when React runs effects twice.
    if (sent.current === token) return;
    sent.current = token;
    confirm.mutate(token);
  }, [token, confirm.mutate]);

  if (confirm.isError) {
    return (
      <div className="grid gap-4">
        <div className="grid gap-2 text-center">
          <CircleAlert className="mx-auto size-10 text-destructive" aria-hidden />
          <h1 className="text-2xl font-bold tracking-tight">This link did not work</h1>
          <p role="alert" className="text-sm text-muted-foreground">
            {confirm.error.message}
          </p>
        </div>
        <Button asChild variant="outline">
          <Link to="/settings?tab=profile">Back to Profile & security</Link>
        </Button>
      </div>
    );
  }
  if (confirm.isSuccess) {
    return (
      <div className="grid gap-4">
        <div className="grid gap-2 text-center">
          <CircleCheck className="mx-auto size-10 text-emerald-600" aria-hidden />
          <h1 className="text-2xl font-bold tracking-tight">Email changed</h1>
          <p role="status" className="text-sm text-muted-foreground">
            {confirm.data.message} Sign in with it from now on.
          </p>
        </div>
        <Button asChild>
          <Link to="/settings?tab=profile">Go to Profile & security</Link>
        </Button>
      </div>
    );
  }
  return (
    <div className="grid justify-items-center gap-3 py-6 text-center">
      <Spinner label="Confirming your new email" />
      <p className="text-sm text-muted-foreground">Confirming your new email…</p>
    </div>
  );
}
