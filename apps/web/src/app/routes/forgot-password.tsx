import { AuthCard } from '@/features/auth/components/auth-card';
import { ForgotPasswordForm } from '@/features/auth/components/forgot-password-form';
import { usePageTitle } from '@/lib/page-meta';

export function Component() {
  usePageTitle('Forgot password');
  return (
    <AuthCard>
      <ForgotPasswordForm />
    </AuthCard>
  );
}
