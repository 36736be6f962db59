import { MailCheck } from 'lucide-react';
import { Link } from 'react-router';
import { toast } from 'sonner';
import { Button } from '@/components/ui/button';
import { useMailboxStatus } from '../api/get-mailbox-status';
import { useResendVerification } from '../api/resend-verification';
import { toastError } from './error-toast';

/** After sign-up, or a sign-in refused for an unverified address: where the link went, and a way to get another. */
export function CheckInbox({ email, onBack }: { email: string; onBack: () => void }) {
  const resend = useResendVerification();
  const { data: hasMailbox } = useMailboxStatus();
  return (
    <div className="grid gap-4 text-center" aria-live="polite">
      <MailCheck className="mx-auto size-10 text-primary" aria-hidden />
      <h2 className="text-xl font-semibold">Check your inbox</h2>
      <p className="text-sm text-muted-foreground">
        We sent a verification link to <strong className="break-all text-foreground">{email}</strong>. Open it to
        activate your account, then sign in.
      </p>
      {hasMailbox && (
        <p className="rounded-md bg-secondary px-3 py-2 text-sm text-secondary-foreground">
          This server has no email service set up, so messages stay in the{' '}
          <Link to="/mailbox" className="font-medium underline">
            built-in mailbox
          </Link>
          .
        </p>
      )}
      <Button
        variant="outline"
        disabled={resend.isPending}
        onClick={() =>
          resend.mutate(
            { email },
            {
              onSuccess: () =>
                toast.success('Verification email sent', { description: 'Check your inbox for a new link.' }),
              onError: toastError,
            },
          )
        }
      >
        {resend.isPending ? 'Sending…' : 'Resend verification email'}
      </Button>
      <Button variant="link" onClick={onBack}>
        Back to sign in
      </Button>
    </div>
  );
}
