import { ChevronLeft, ChevronRight } from 'lucide-react';
import { Button } from '@/components/ui/button';

interface OrdersPaginationProps {
  hasPrevious: boolean;
  nextCursor: string | null | undefined;
  isUpdating: boolean;
  onPrevious: () => void;
  onNext: (cursor: string) => void;
}

/** Previous and Next through the pages of the search; hidden when everything fits on one. */
export function OrdersPagination({ hasPrevious, nextCursor, isUpdating, onPrevious, onNext }: OrdersPaginationProps) {
  if (!hasPrevious && !nextCursor) return null;
  return (
    <nav aria-label="Pagination" className="flex items-center justify-end gap-2">
      <Button variant="outline" size="sm" disabled={!hasPrevious || isUpdating} onClick={onPrevious}>
        <ChevronLeft aria-hidden className="size-4" />
        Previous
      </Button>
      <Button
        variant="outline"
        size="sm"
        disabled={!nextCursor || isUpdating}
        onClick={() => nextCursor && onNext(nextCursor)}
      >
        Next
        <ChevronRight aria-hidden className="size-4" />
      </Button>
    </nav>
  );
}
