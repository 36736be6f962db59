import { AuthCard, ForgotPasswordForm } from '@/features/auth';
import { usePageTitle } from '@/lib/page-meta';

export function Component() {
  usePageTitle('Forgot password');
  return (
    <AuthCard>
      <ForgotPasswordForm />
    </AuthCard>
  );
}
