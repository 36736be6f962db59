import { PageHeading } from '@/components/layout/page-heading';
import { Tabs } from '@/components/ui/tabs';
import { ApiKeysSection } from '@/features/api-keys';

const TABS = [{ id: 'developers', label: 'Developers', panel: <ApiKeysSection /> }] as const;

export function Component() {
  return (
    <PageHeading title="Settings">
      <div className="mt-8">
        <Tabs items={TABS} label="Settings" variant="side" />
      </div>
    </PageHeading>
  );
}
