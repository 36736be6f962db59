import { CircleAlert } from 'lucide-react';
import { useEffect, useRef } from 'react';
import { Link, Navigate } from 'react-router';
import { toast } from 'sonner';
import { Button } from '@/components/ui/button';
import { Spinner } from '@/components/ui/spinner';
import { paths } from '@/config/paths';
import { ApiError } from '@/lib/api-client';
import { acceptSession } from '@/lib/auth/session';
import { useVerifyEmail } from '../api/verify-email';
import { ResendForm } from './resend-form';

/**
 * Uses the emailed link's token once. The link signs the person in: on success the session is
 * taken and they land on the dashboard, whose empty state offers their first reward.
 */
export function VerifyEmail({ token }: { token: string }) {
  const verify = useVerifyEmail();
  const sent = useRef<string>(undefined);
  useEffect(() => {
    // A link is single-use: never send it twice, even when React runs effects twice.
    if (sent.current === token) return;
    sent.current = token;
    verify.mutate(token, {
      onSuccess: (answer) => {
        acceptSession(answer.session);
        toast.success(answer.session.first_sign_in ? 'Welcome!' : 'Welcome back!', {
          description: 'Your email is verified.',
        });
      },
    });
  }, [token, verify.mutate]);

  if (verify.isSuccess) return <Navigate to={paths.dashboard} replace />;
  if (verify.isError) {
    const isExpired = verify.error instanceof ApiError && verify.error.code === 'LINK_EXPIRED';
    return (
      <div className="grid gap-4">
        <div className="grid gap-2 text-center">
          <CircleAlert className="mx-auto size-10 text-destructive" aria-hidden />
          <h1 className="text-2xl font-bold tracking-tight">This link did not work</h1>
          <p role="alert" className="text-sm text-muted-foreground">
            {verify.error.message}
          </p>
        </div>
        {isExpired && <ResendForm />}
        <Button asChild variant="outline">
          <Link to="/login">Back to sign in</Link>
        </Button>
      </div>
    );
  }
  return (
    <div className="grid justify-items-center gap-3 py-6 text-center">
      <Spinner label="Verifying your email" />
      <p className="text-sm text-muted-foreground">Verifying your email…</p>
    </div>
  );
}
