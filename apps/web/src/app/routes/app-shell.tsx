import { AppLayout } from '@/components/layout/app-layout';
import { HeaderBalance } from '@/features/billing';

/** The signed-in frame with the organisation's balance in its header. */
export function Component() {
  return <AppLayout headerContent={<HeaderBalance />} />;
}
