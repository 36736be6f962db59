import { useParams } from 'react-router';
import { AuthCard, VerifyEmail } from '@/features/auth';
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
