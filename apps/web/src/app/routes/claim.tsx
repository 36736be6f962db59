import { useParams } from 'react-router';
import { ClaimView } from '@/features/claim';
import { usePageMeta } from '@/lib/page-meta';

export function Component() {
  const { token = '' } = useParams();
  // The page shows a gift card's code: keep it out of search results even if its link leaks.
  usePageMeta({ title: 'Your reward', noindex: true });
  return (
    <main className="min-h-screen bg-muted/40 px-4">
      <ClaimView token={token} />
    </main>
  );
}
