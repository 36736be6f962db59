import { AppLayout } from '@/components/layout/app-layout';
import { balanceQueryOptions, HeaderBalance } from '@/features/billing';
import { OrganisationSwitcher } from '@/features/members';
import { prefetchWhenSignedIn } from '../prefetch';

export const loader = () => prefetchWhenSignedIn((client) => [client.prefetchQuery(balanceQueryOptions())]);

/** The signed-in frame with the organisation's balance in its header. */
export function Component() {
  return <AppLayout headerContent={<HeaderBalance />} organisation={<OrganisationSwitcher />} />;
}
