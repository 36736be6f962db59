import { NewPasswordSchema } from '@giftrelay/contracts';
import { useState } from 'react';
import { Link, useNavigate } from 'react-router';
import { toast } from 'sonner';
import { Button } from '@/components/ui/button';
import { FormField, fieldProps } from '@/components/ui/form-field';
import { PasswordInput } from '@/components/ui/password-input';
import { PasswordStrengthMeter } from '@/components/ui/password-strength';
import { Spinner } from '@/components/ui/spinner';
import { ApiError } from '@/lib/api-client';
import { signIn } from '@/lib/auth/session';
import { useSession } from '@/lib/auth/use-session';
import { useAcceptInvitation } from '../api/accept-invitation';
import { useAcceptInvitationAsNewUser } from '../api/accept-invitation-as-new-user';
import { useInvitationPreview } from '../api/inspect-invitation';
import { useSwitchOrganisation } from '../api/switch-organisation';
import { ROLE_LABELS } from '../roles';

const message = (err: unknown) => (err instanceof Error && err.message ? err.message : 'Please try again.');

/** The invitation link's page: a new person chooses a password; someone with an account signs in and accepts. */
export function AcceptInvitation({ token }: { token: string }) {
  const preview = useInvitationPreview(token);
  if (preview.isPending) {
    return (
      <div role="status" className="grid justify-items-center gap-3 py-6">
        <Spinner />
        <p className="text-sm text-muted-foreground">Checking your invitation…</p>
      </div>
    );
  }
  if (preview.isError) {
    return (
      <div className="grid gap-4 text-center">
        <h1 className="text-2xl font-bold tracking-tight">This invitation cannot be used</h1>
        <p role="alert" className="text-sm text-muted-foreground">
          {message(preview.error)} Ask the person who invited you to send a new one.
        </p>
        <Link to="/login" className="text-sm font-medium text-primary hover:underline">
          Go to sign in
        </Link>
      </div>
    );
  }
  const invitation = preview.data;
  return (
    <div className="grid gap-5">
      <div className="grid gap-1 text-center">
        <h1 className="text-2xl font-bold tracking-tight">Join {invitation.organisation_name}</h1>
        <p className="text-sm text-muted-foreground">
          You are invited as {ROLE_LABELS[invitation.role]} with {invitation.email}.
        </p>
      </div>
      {invitation.has_account ? (
        <ExistingAccount token={token} email={invitation.email} />
      ) : (
        <NewAccount token={token} email={invitation.email} organisationName={invitation.organisation_name} />
      )}
    </div>
  );
}

function NewAccount({ token, email, organisationName }: { token: string; email: string; organisationName: string }) {
  const navigate = useNavigate();
  const accept = useAcceptInvitationAsNewUser();
  const [password, setPassword] = useState('');
  const [confirm, setConfirm] = useState('');
  const [errors, setErrors] = useState<{ password?: string; confirm?: string }>({});
  const [isSigningIn, setIsSigningIn] = useState(false);
  const submit = async (event: React.FormEvent) => {
    event.preventDefault();
    const parsed = NewPasswordSchema.safeParse(password);
    const next = {
      password: parsed.success ? undefined : parsed.error.issues[0]?.message,
      confirm: password === confirm ? undefined : 'The passwords do not match',
    };
    setErrors(next);
    if (next.password || next.confirm || accept.isPending) return;
    try {
      await accept.mutateAsync({ token, password });
      setIsSigningIn(true);
      await signIn(email, password);
      toast.success(`Welcome to ${organisationName}`);
      navigate('/dashboard', { replace: true });
    } catch (err) {
      setIsSigningIn(false);
      if (err instanceof ApiError && err.code === 'WEAK_PASSWORD') setErrors({ password: err.message });
      else toast.error('Could not accept the invitation', { description: message(err) });
    }
  };
  const busy = accept.isPending || isSigningIn;
  return (
    <form onSubmit={submit} noValidate className="grid gap-5">
      <FormField id="password" label="Choose a password" error={errors.password}>
        <PasswordInput
          {...fieldProps('password', errors.password)}
          autoComplete="new-password"
          value={password}
          onChange={(e) => setPassword(e.target.value)}
        />
      </FormField>
      <PasswordStrengthMeter password={password} email={email} />
      <FormField id="confirm" label="Confirm password" error={errors.confirm}>
        <PasswordInput
          {...fieldProps('confirm', errors.confirm)}
          autoComplete="new-password"
          value={confirm}
          onChange={(e) => setConfirm(e.target.value)}
        />
      </FormField>
      <Button type="submit" size="lg" disabled={busy}>
        {busy ? 'Joining…' : 'Join and sign in'}
      </Button>
    </form>
  );
}

function ExistingAccount({ token, email }: { token: string; email: string }) {
  const session = useSession();
  const navigate = useNavigate();
  const accept = useAcceptInvitation();
  const switchTo = useSwitchOrganisation();
  if (session.status === 'loading') return <Spinner />;
  if (session.status === 'signed-out') {
    return (
      <Link
        to={`/login?next=${encodeURIComponent(`/invitations/${token}`)}`}
        className="text-center text-sm font-medium text-primary hover:underline"
      >
        Sign in as {email} to accept
      </Link>
    );
  }
  if (session.user.email !== email) {
    return (
      <p role="alert" className="text-center text-sm text-muted-foreground">
        You are signed in as {session.user.email}. Sign out, then sign in as {email} to accept.
      </p>
    );
  }
  const join = async () => {
    try {
      const joined = await accept.mutateAsync(token);
      await switchTo.mutateAsync(joined.organisation_id);
      toast.success(`Welcome to ${joined.organisation_name}`);
      navigate('/dashboard', { replace: true });
    } catch (err) {
      toast.error('Could not accept the invitation', { description: message(err) });
    }
  };
  const busy = accept.isPending || switchTo.isPending;
  return (
    <Button size="lg" onClick={join} disabled={busy}>
      {busy ? 'Joining…' : 'Accept and join'}
    </Button>
  );
}
