import { Link, useNavigate } from 'react-router';
import { toast } from 'sonner';
import { useResetPassword } from '../api/reset-password';
import { toastError } from './error-toast';
import { NewPasswordForm } from './new-password-form';

export function ResetPasswordForm({ token }: { token: string }) {
  const reset = useResetPassword();
  const navigate = useNavigate();
  const onSubmit = async (password: string) => {
    try {
      const res = await reset.mutateAsync({ token, password });
      toast.success('Password changed', { description: res.message });
      navigate('/login', { replace: true });
    } catch (err) {
      toastError(err);
    }
  };
  return (
    <NewPasswordForm
      title="Choose a new password"
      intro="Changing it signs you out everywhere."
      passwordLabel="New password"
      confirmLabel="Confirm new password"
      submitLabel="Change password"
      pendingLabel="Saving…"
      pending={reset.isPending}
      onSubmit={onSubmit}
    >
      <Link to="/forgot-password" className="text-center text-sm font-medium text-primary hover:underline">
        Need a new link?
      </Link>
      <Link to="/login" className="text-center text-sm font-medium text-primary hover:underline">
        Back to sign in
      </Link>
    </NewPasswordForm>
  );
}
