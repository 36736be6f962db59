import { PageHeading } from '@/components/layout/page-heading';
import { BlogGenerator } from '@/features/blog-generator';
import { OperatorOnly } from './operator-only';

export function Component() {
  return (
    <OperatorOnly>
      <PageHeading title="AI Blog Generator">
        <p className="mt-2 text-muted-foreground">
          Three tone variants of an article from a keyword. Edit one and publish it to the blog.
        </p>
      </PageHeading>
      <BlogGenerator />
    </OperatorOnly>
  );
}
