import type { ChoiceSet } from '@giftrelay/contracts';
import { Shuffle } from 'lucide-react';
import { useState } from 'react';
import { Link } from 'react-router';
import { toast } from 'sonner';
import { PageHeading } from '@/components/layout/page-heading';
import { Button } from '@/components/ui/button';
import { ConfirmDialog } from '@/components/ui/confirm-dialog';
import { EmptyState, ListSkeleton, ListStates } from '@/components/ui/list-states';
import { paths } from '@/config/paths';
import { useCan } from '@/lib/auth/use-can';
import { useDeleteChoiceSet } from '../api/delete-choice-set';
import { useChoiceSets } from '../api/list-choice-sets';
import { describeChoiceSet } from '../utils/describe';
import { ChoiceSetDialog } from './choice-set-dialog';
import { ChoiceSetPreview } from './choice-set-preview';
import { PickCardsDialog } from './pick-cards-dialog';
import type { PickedProduct } from './product-multi-picker';

interface ChoiceSetsPageProps {
  /** Opens the send dialog for a set; absent for a role that may not send. */
  onSend?: (set: ChoiceSet) => void;
  /** Opens the send dialog for cards picked here without a set (with `onSend`). */
  onSendCards?: (cards: PickedProduct[]) => void;
  /** The currency a preview starts in (the organisation's billing currency). */
  defaultCurrency: string;
}

/**
 * Choice sets (decision 080): named lists of cards, or rules over the catalogue, that a reward's
 * recipient picks one card from. Everyone who sends sees them; owners and admins change them.
 */
export function ChoiceSetsPage({ onSend, onSendCards, defaultCurrency }: ChoiceSetsPageProps) {
  const canManage = useCan('createChoiceSet');
  const sets = useChoiceSets();
  const [editing, setEditing] = useState<{ set?: ChoiceSet } | null>(null);
  const [isPicking, setIsPicking] = useState(false);
  const newButton = canManage && <Button onClick={() => setEditing({})}>New choice set</Button>;
  return (
    <PageHeading title="Choice sets">
      <p className="mt-1 text-sm text-muted-foreground">
        <Link to={paths.catalog} className="underline underline-offset-4">
          Catalog
        </Link>
      </p>
      <div className="mt-2 flex flex-wrap items-center justify-between gap-3">
        <p className="max-w-2xl text-muted-foreground">
          Let the recipient choose their card: send a value with a set of cards, and they pick one on the claim page.
          The total is held when you send; the card is issued when they choose.
        </p>
        <div className="flex flex-wrap gap-2">
          {onSendCards && (
            <Button variant="outline" onClick={() => setIsPicking(true)}>
              Send a choice without a set
            </Button>
          )}
          {newButton}
        </div>
      </div>
      <div className="mt-6">
        <ListStates
          query={{ ...sets, data: sets.data?.pages.flatMap((p) => p.data) }}
          loading={<ListSkeleton label="Loading choice sets" rows={3} rowClassName="h-24 rounded-xl" />}
          errorTitle="We could not load your choice sets."
          isEmpty={(list) => list.length === 0}
          empty={
            <EmptyState icon={Shuffle} title="No choice sets yet">
              <p className="text-sm text-muted-foreground">
                {canManage
                  ? 'Make one from cards you pick, or from a rule such as every retail card in the United States.'
                  : 'An owner or admin of your organisation can make one.'}
              </p>
              {newButton}
            </EmptyState>
          }
        >
          {(list) => (
            <ul aria-label="Choice sets" className="grid gap-3">
              {list.map((set) => (
                <ChoiceSetItem
                  key={set.id}
                  set={set}
                  canManage={canManage}
                  onSend={onSend}
                  onEdit={() => setEditing({ set })}
                  defaultCurrency={defaultCurrency}
                />
              ))}
            </ul>
          )}
        </ListStates>
        {sets.hasNextPage && (
          <Button
            variant="outline"
            className="mt-3"
            disabled={sets.isFetchingNextPage}
            onClick={() => void sets.fetchNextPage()}
          >
            {sets.isFetchingNextPage ? 'Loading…' : 'Show more'}
          </Button>
        )}
      </div>
      <ChoiceSetDialog set={editing?.set} open={editing !== null} onOpenChange={(open) => !open && setEditing(null)} />
      {onSendCards && <PickCardsDialog open={isPicking} onOpenChange={setIsPicking} onContinue={onSendCards} />}
    </PageHeading>
  );
}

function ChoiceSetItem({
  set,
  canManage,
  onSend,
  onEdit,
  defaultCurrency,
}: {
  set: ChoiceSet;
  canManage: boolean;
  onSend?: (set: ChoiceSet) => void;
  onEdit: () => void;
  defaultCurrency: string;
}) {
  const [isPreviewing, setIsPreviewing] = useState(false);
  const remove = useDeleteChoiceSet();
  const titleId = `choice-set-${set.id}`;
  return (
    <li>
      <article aria-labelledby={titleId} className="grid gap-3 rounded-xl border bg-card p-4 shadow-sm">
        <div className="flex flex-wrap items-start justify-between gap-3">
          <div className="min-w-0">
            <h2 id={titleId} className="font-semibold break-words">
              {set.name}
            </h2>
            <p className="text-sm break-words text-muted-foreground">{describeChoiceSet(set)}</p>
          </div>
          <div className="flex flex-wrap gap-2">
            <Button
              variant="ghost"
              size="sm"
              aria-expanded={isPreviewing}
              aria-describedby={titleId}
              onClick={() => setIsPreviewing(!isPreviewing)}
            >
              Check a value
            </Button>
            {canManage && (
              <>
                <Button variant="ghost" size="sm" aria-describedby={titleId} onClick={onEdit}>
                  Edit
                </Button>
                <ConfirmDialog
                  trigger={
                    <Button variant="ghost" size="sm" aria-describedby={titleId} disabled={remove.isPending}>
                      Delete
                    </Button>
                  }
                  title={`Delete ${set.name}?`}
                  description="Rewards already sent with it keep their cards; new rewards can no longer use it."
                  confirmLabel="Delete"
                  onConfirm={() =>
                    remove.mutate(set.id, {
                      onSuccess: () => toast.success('Choice set deleted', { description: set.name }),
                      onError: (err) => toast.error('The choice set was not deleted', { description: err.message }),
                    })
                  }
                />
              </>
            )}
            {onSend && (
              <Button size="sm" aria-describedby={titleId} onClick={() => onSend(set)}>
                Send
              </Button>
            )}
          </div>
        </div>
        {isPreviewing && <ChoiceSetPreview set={set} defaultCurrency={defaultCurrency} />}
      </article>
    </li>
  );
}
