import { useParams } from 'react-router';
import { AuthCard } from '@/features/auth';
import { ConfirmEmail } from '@/features/profile';
import { usePageTitle } from '@/lib/page-meta';

export function Component() {
  usePageTitle('Confirm your new email');
  const { token = '' } = useParams();
  return (
    <AuthCard>
      <ConfirmEmail token={token} />
    </AuthCard>
  );
}
