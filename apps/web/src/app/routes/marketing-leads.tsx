import { PageHeading } from '@/components/layout/page-heading';
import { LeadsInbox } from '@/features/studio-admin';
import { OperatorOnly } from './operator-only';

/** Marketing → Leads (decision 048): GiftRelay's operators only; anyone else sees the 404 page. */
export function Component() {
  return (
    <OperatorOnly>
      <PageHeading title="Leads">
        <p className="mt-2 max-w-prose text-sm text-muted-foreground">
          Messages from the contact form and emails left on landing pages. The same address on the same landing page
          within a day counts as one lead.
        </p>
        <div className="mt-8">
          <LeadsInbox />
        </div>
      </PageHeading>
    </OperatorOnly>
  );
}
