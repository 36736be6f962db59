import { useParams } from 'react-router';
import { ClaimView } from '@/features/claim/components/claim-view';
import { usePageTitle } from '@/lib/page-meta';

export function Component() {
  const { token = '' } = useParams();
  usePageTitle('Your reward');
  return (
    <div className="px-4">
      <ClaimView token={token} />
    </div>
  );
}
