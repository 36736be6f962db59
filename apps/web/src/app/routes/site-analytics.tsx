import { SiteAnalyticsPage } from '@/features/site-analytics';
import { OperatorOnly } from './operator-only';

export function Component() {
  return (
    <OperatorOnly>
      <SiteAnalyticsPage />
    </OperatorOnly>
  );
}
