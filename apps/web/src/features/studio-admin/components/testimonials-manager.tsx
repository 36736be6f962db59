import { TESTIMONIAL_STATUSES, type Testimonial, type TestimonialStatus } from '@giftrelay/contracts';
import { Check, Pencil, Plus, Quote, Trash2, X } from 'lucide-react';
import { useId } from 'react';
import { useSearchParams } from 'react-router';
import { toast } from 'sonner';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { ConfirmDialog } from '@/components/ui/confirm-dialog';
import { Label } from '@/components/ui/label';
import { EmptyState, ListSkeleton, ListStates } from '@/components/ui/list-states';
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from '@/components/ui/select';
import { formatTimestamp } from '@/lib/format';
import { useDeleteTestimonial, useTestimonials, useUpdateTestimonial } from '../api/testimonials';
import { TestimonialDialog } from './testimonial-dialog';

const ALL = 'all';
const STATUS_LABELS: Record<TestimonialStatus, string> = {
  pending: 'Pending',
  approved: 'Approved',
  rejected: 'Rejected',
};
const STATUS_BADGE = { pending: 'warning', approved: 'default', rejected: 'destructive' } as const;

const statusFrom = (value: string | null): TestimonialStatus | undefined =>
  TESTIMONIAL_STATUSES.find((s) => s === value);

/**
 * Marketing → Testimonials: add, edit, approve, reject and delete the quotes landing pages show.
 * Only approved ones are ever served; the status filter is kept in the address.
 */
export function TestimonialsManager() {
  const id = useId();
  const [params, setParams] = useSearchParams();
  const status = statusFrom(params.get('status'));
  const testimonials = useTestimonials(status);
  const rows = testimonials.data?.pages.flatMap((p) => p.data) ?? [];
  const setStatus = (value: string) =>
    setParams(
      (now) => {
        const out = new URLSearchParams(now);
        if (value === ALL) out.delete('status');
        else out.set('status', value);
        return out;
      },
      { replace: true },
    );

  return (
    <div className="grid gap-4">
      <div className="flex flex-wrap items-end justify-between gap-3">
        <div className="grid w-full gap-1.5 sm:w-48">
          <Label id={`${id}-status`}>Status</Label>
          <Select value={status ?? ALL} onValueChange={setStatus}>
            <SelectTrigger aria-labelledby={`${id}-status`}>
              <SelectValue />
            </SelectTrigger>
            <SelectContent>
              <SelectItem value={ALL}>All statuses</SelectItem>
              {TESTIMONIAL_STATUSES.map((s) => (
                <SelectItem key={s} value={s}>
                  {STATUS_LABELS[s]}
                </SelectItem>
              ))}
            </SelectContent>
          </Select>
        </div>
        <TestimonialDialog
          trigger={
            <Button>
              <Plus aria-hidden className="size-4" />
              Add testimonial
            </Button>
          }
        />
      </div>

      <ListStates
        query={testimonials}
        loading={<ListSkeleton label="Loading testimonials" rows={3} rowClassName="h-24 rounded-lg" />}
        errorTitle="We could not load the testimonials."
        isEmpty={() => rows.length === 0}
        empty={
          <EmptyState
            icon={Quote}
            title={status ? `No ${STATUS_LABELS[status].toLowerCase()} testimonials` : 'No testimonials yet'}
          >
            <p className="max-w-prose text-sm text-muted-foreground">
              Add a customer’s quote; once approved, landing pages show the newest two.
            </p>
          </EmptyState>
        }
      >
        {() => (
          <>
            <ul aria-label="Testimonials" className="grid gap-3">
              {rows.map((t) => (
                <TestimonialItem key={t.id} testimonial={t} />
              ))}
            </ul>
            {testimonials.hasNextPage && (
              <div className="flex justify-end">
                <Button
                  variant="outline"
                  disabled={testimonials.isFetchingNextPage}
                  onClick={() => testimonials.fetchNextPage()}
                >
                  {testimonials.isFetchingNextPage ? 'Loading...' : 'Load more'}
                </Button>
              </div>
            )}
          </>
        )}
      </ListStates>
    </div>
  );
}

function TestimonialItem({ testimonial: t }: { testimonial: Testimonial }) {
  const update = useUpdateTestimonial();
  const remove = useDeleteTestimonial();
  const onError = (err: Error) => toast.error('Error', { description: err.message || 'Please try again.' });
  const decide = (status: TestimonialStatus) =>
    update.mutate(
      { id: t.id, changes: { status } },
      {
        onSuccess: () =>
          toast.success(status === 'approved' ? 'Testimonial approved' : 'Testimonial rejected', {
            description: status === 'approved' ? 'Landing pages may show it now.' : 'It is no longer shown anywhere.',
          }),
        onError,
      },
    );
  const who = `${t.author_name}, ${t.role} at ${t.company}`;

  return (
    <li className="grid gap-3 rounded-xl border p-4" data-testid="testimonial">
      <div className="flex flex-wrap items-start justify-between gap-2">
        <blockquote className="min-w-0 flex-1 whitespace-pre-line break-words">“{t.quote}”</blockquote>
        <Badge variant={STATUS_BADGE[t.status]}>{STATUS_LABELS[t.status]}</Badge>
      </div>
      <p className="text-sm break-words">
        <span className="font-medium">{t.author_name}</span>
        <span className="text-muted-foreground">
          {' '}
          · {t.role}, {t.company}
        </span>
      </p>
      <p className="text-xs text-muted-foreground">
        Added {formatTimestamp(t.created_at)}
        {t.created_by_email ? ` by ${t.created_by_email}` : ''}
      </p>
      <div className="flex flex-wrap gap-2">
        {t.status !== 'approved' && (
          <Button
            size="sm"
            aria-label={`Approve ${who}`}
            disabled={update.isPending}
            onClick={() => decide('approved')}
          >
            <Check aria-hidden className="size-4" />
            Approve
          </Button>
        )}
        {t.status !== 'rejected' && (
          <Button
            size="sm"
            variant="outline"
            aria-label={`Reject ${who}`}
            disabled={update.isPending}
            onClick={() => decide('rejected')}
          >
            <X aria-hidden className="size-4" />
            Reject
          </Button>
        )}
        <TestimonialDialog
          testimonial={t}
          trigger={
            <Button size="sm" variant="outline" aria-label={`Edit ${who}`}>
              <Pencil aria-hidden className="size-4" />
              Edit
            </Button>
          }
        />
        <ConfirmDialog
          trigger={
            <Button size="sm" variant="ghost" aria-label={`Delete ${who}`} disabled={remove.isPending}>
              <Trash2 aria-hidden className="size-4" />
              Delete
            </Button>
          }
          title="Delete this testimonial?"
          description={`${who}’s quote goes for good, from this list and from every landing page.`}
          confirmLabel="Delete testimonial"
          onConfirm={() => remove.mutate(t.id, { onSuccess: () => toast.success('Testimonial deleted'), onError })}
        />
      </div>
    </li>
  );
}
