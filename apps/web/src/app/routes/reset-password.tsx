import { useParams } from 'react-router';
import { AuthCard } from '@/features/auth/components/auth-card';
import { ResetPasswordForm } from '@/features/auth/components/reset-password-form';
import { usePageTitle } from '@/lib/page-meta';

export function Component() {
  usePageTitle('Choose a new password');
  const { token = '' } = useParams();
  return (
    <AuthCard>
      <ResetPasswordForm token={token} />
    </AuthCard>
  );
}
