import { useParams } from 'react-router';
import { AuthCard } from '@/features/auth';
import { AcceptInvitation } from '@/features/members';
import { usePageTitle } from '@/lib/page-meta';

export function Component() {
  usePageTitle('Accept your invitation');
  const { token = '' } = useParams();
  return (
    <AuthCard>
      <AcceptInvitation token={token} />
    </AuthCard>
  );
}
