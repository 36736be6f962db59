import { useParams } from 'react-router';
import { AuthCard, ResetPasswordForm } from '@/features/auth';
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
