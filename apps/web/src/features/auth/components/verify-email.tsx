import type { VerifyEmailResponse } from '@giftrelay/contracts';
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
import { dismissErrorToast, toastError } from './error-toast';
import { NewPasswordForm } from './new-password-form';
import { ResendForm } from './resend-form';

/** The server asks the person opening the link to choose the password (decision 054). */
const asksForPassword = (err: unknown) =>
  err instanceof ApiError && err.code === 'VALIDATION_ERROR' && err.details.some((d) => d.path === 'body.password');
/** The link itself cannot be used: the page says so instead of asking again. */
const linkFailed = (err: unknown) =>
  !(err instanceof ApiError) || !['WEAK_PASSWORD', 'VALIDATION_ERROR', 'NETWORK_ERROR'].includes(err.code);

function welcome(answer: VerifyEmailResponse) {
  dismissErrorToast();
  acceptSession(answer.session);
  toast.success(answer.session.first_sign_in ? 'Welcome!' : 'Welcome back!', {
    description: 'Your email is verified.',
  });
}

/**
 * Uses the emailed link's token once. The link signs the person in: on success the session is
 * taken and they land on the dashboard, whose empty state offers their first reward. An address
 * signed up more than once (or an operator's) is verified only with a password chosen here: whoever
 * holds the inbox decides it.
 */
export function VerifyEmail({ token }: { token: string }) {
  const verify = useVerifyEmail();
  const choose = useVerifyEmail();
  const sent = useRef<string>(undefined);
  useEffect(() => {
    // A link is single-use: never send it twice, even when React runs effects twice.
    if (sent.current === token) return;
    sent.current = token;
    verify.mutate({ token }, { onSuccess: welcome });
  }, [token, verify.mutate]);

  if (verify.isSuccess || choose.isSuccess) return <Navigate to={paths.dashboard} replace />;
  const choosing = verify.isError && asksForPassword(verify.error);
  const failure = choosing ? (choose.error && linkFailed(choose.error) ? choose.error : null) : verify.error;
  if (failure) {
    const isExpired = failure instanceof ApiError && failure.code === 'LINK_EXPIRED';
    return (
      <div className="grid gap-4">
        <div className="grid gap-2 text-center">
          <CircleAlert className="mx-auto size-10 text-destructive" aria-hidden />
          <h1 className="text-2xl font-bold tracking-tight">This link did not work</h1>
          <p role="alert" className="text-sm text-muted-foreground">
            {failure.message}
          </p>
        </div>
        {isExpired && <ResendForm />}
        <Button asChild variant="outline">
          <Link to="/login">Back to sign in</Link>
        </Button>
      </div>
    );
  }
  if (choosing) {
    return (
      <NewPasswordForm
        title="Choose your password"
        intro="Whoever holds this inbox decides the account’s password: enter the one you signed up with, or a new one. Any other password stops working."
        passwordLabel="Password"
        confirmLabel="Confirm password"
        submitLabel="Verify and sign in"
        pendingLabel="Verifying…"
        pending={choose.isPending}
        onSubmit={(password) =>
          choose.mutate(
            { token, password },
            {
              onSuccess: welcome,
              onError: (err) => {
                if (!linkFailed(err)) toastError(err);
              },
            },
          )
        }
      />
    );
  }
  return (
    <div className="grid justify-items-center gap-3 py-6 text-center">
      <Spinner label="Verifying your email" />
      <p className="text-sm text-muted-foreground">Verifying your email…</p>
    </div>
  );
}
