import { PageHeading } from '@/components/layout/page-heading';
import { TestimonialsManager } from '@/features/studio-admin';
import { OperatorOnly } from './operator-only';

/** Marketing → Testimonials (decision 048): GiftRelay's operators only; anyone else sees the 404 page. */
export function Component() {
  return (
    <OperatorOnly>
      <PageHeading title="Testimonials">
        <p className="mt-2 max-w-prose text-sm text-muted-foreground">
          Customers’ quotes for the landing pages. Only approved ones are ever shown, the newest two on each page.
        </p>
        <div className="mt-8">
          <TestimonialsManager />
        </div>
      </PageHeading>
    </OperatorOnly>
  );
}
