import type { RiskReviewStatus } from '@giftrelay/contracts';
import { CheckCircle2 } from 'lucide-react';
import { useState } from 'react';
import { Link } from 'react-router';
import { Button } from '@/components/ui/button';
import { EmptyState, ListSkeleton, ListStates } from '@/components/ui/list-states';
import { ShowMore } from '@/components/ui/show-more';
import { paths } from '@/config/paths';
import { type ReviewScope, useRiskReviews } from '../api/risk-reviews';
import { ReviewItem } from './review-item';

const SHOWN: { status: RiskReviewStatus; label: string; empty: string }[] = [
  { status: 'pending', label: 'Waiting', empty: 'Nothing waits for review' },
  { status: 'released', label: 'Released', empty: 'Nothing released yet' },
  { status: 'blocked', label: 'Blocked', empty: 'Nothing blocked yet' },
  { status: 'closed', label: 'Closed', empty: 'Nothing closed another way' },
];

/**
 * The review queue (decision 083): rewards a risk rule held, newest first, with the rules they
 * matched and why, the claim's address and country, and the recipient's history; Release and
 * Block on each that waits. `organisation` for owners and admins, `platform` for operators (what
 * platform rules held, in any organisation).
 */
export function ReviewQueue({ scope }: { scope: ReviewScope }) {
  const [status, setStatus] = useState<RiskReviewStatus>('pending');
  const reviews = useRiskReviews(scope, status);
  const shown = SHOWN.find((s) => s.status === status) ?? SHOWN[0];
  const label = scope === 'platform' ? 'Rewards held by platform rules' : 'Rewards held for review';
  return (
    <div className="grid gap-4">
      <fieldset className="flex flex-wrap gap-2">
        <legend className="sr-only">Which reviews</legend>
        {SHOWN.map((s) => (
          <Button
            key={s.status}
            size="sm"
            variant={status === s.status ? 'default' : 'outline'}
            aria-pressed={status === s.status}
            onClick={() => setStatus(s.status)}
          >
            {s.label}
          </Button>
        ))}
      </fieldset>
      <ListStates
        query={reviews}
        loading={
          <ListSkeleton
            label="Loading the review queue"
            rows={3}
            rowClassName="h-32 rounded-xl"
            className="grid gap-3"
          />
        }
        errorTitle="We could not load the review queue."
        isEmpty={(data) => data.pages.every((p) => p.data.length === 0)}
        empty={
          <EmptyState icon={CheckCircle2} title={shown?.empty}>
            {status === 'pending' && (
              <p className="max-w-sm text-sm text-muted-foreground">
                {scope === 'platform' ? (
                  'Rewards your platform rules hold, in any organisation, appear here.'
                ) : (
                  <>
                    Rewards your <Link to={`${paths.settings}?tab=risk`}>risk rules</Link> hold appear here with their
                    amount held, until an owner or admin releases or blocks them.
                  </>
                )}
              </p>
            )}
          </EmptyState>
        }
      >
        {(data) => (
          <div className="grid gap-4">
            <ul aria-label={label} className="grid gap-3">
              {data.pages
                .flatMap((p) => p.data)
                .map((review) => (
                  <ReviewItem key={review.id} review={review} scope={scope} />
                ))}
            </ul>
            <ShowMore query={reviews} />
          </div>
        )}
      </ListStates>
    </div>
  );
}
