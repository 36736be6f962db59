import { useParams } from 'react-router';
import { AuthCard } from '@/features/auth/components/auth-card';
import { VerifyEmail } from '@/features/auth/components/verify-email';
import { usePageTitle } from '@/lib/page-meta';

export function Component() {
  usePageTitle('Verify your email');
  const { token = '' } = useParams();
  return (
    <AuthCard>
      <VerifyEmail token={token} />
    </AuthCard>
  );
}
