import { useSearchParams } from 'react-router';
import { ConsentPage, requestFromSearch } from '@/features/oauth';
import { RequireSession } from '@/lib/auth/require-session';

/** /oauth/consent: where /oauth/authorize sends the person (decision 075); signed out, sign in and come back. */
export function Component() {
  const [params] = useSearchParams();
  return (
    <RequireSession>
      <div className="mx-auto w-full max-w-xl px-4 py-10 sm:py-16">
        <ConsentPage request={requestFromSearch(params)} />
      </div>
    </RequireSession>
  );
}
