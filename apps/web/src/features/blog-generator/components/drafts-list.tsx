import type { BlogDraftSummary } from '@giftrelay/contracts';
import { FileText, Trash2 } from 'lucide-react';
import { toast } from 'sonner';
import { Button } from '@/components/ui/button';
import { ConfirmDialog } from '@/components/ui/confirm-dialog';
import { LoadError } from '@/components/ui/load-error';
import { Spinner } from '@/components/ui/spinner';
import { formatTimestamp } from '@/lib/format';
import { useDeleteDraft, useDrafts } from '../api/drafts';

const TONE_LABELS = { authoritative: 'Authoritative', consultative: 'Consultative', conversational: 'Conversational' };

/** Every generation, kept as a draft: reopen one into the tabs, or delete it. */
export function DraftsList({ openId, onOpen }: { openId: string | null; onOpen: (draft: BlogDraftSummary) => void }) {
  const drafts = useDrafts();
  const remove = useDeleteDraft();
  if (drafts.isPending) return <Spinner label="Loading drafts" className="mx-auto my-6" />;
  if (drafts.isError)
    return (
      <LoadError
        title="We could not load the drafts."
        error={drafts.error}
        onRetry={() => drafts.refetch()}
        isRetrying={drafts.isFetching}
      />
    );
  if (!drafts.data.length)
    return (
      <p className="rounded-lg border border-dashed p-6 text-center text-sm text-muted-foreground">
        No drafts yet. Every generation is kept here.
      </p>
    );
  return (
    // A long list scrolls in its own box, so new drafts do not push the variants down the page.
    <ul className="grid max-h-96 min-w-0 gap-2 overflow-y-auto">
      {drafts.data.map((draft) => (
        <li
          key={draft.id}
          className={`flex min-w-0 items-start gap-3 rounded-lg border p-3 ${draft.id === openId ? 'border-primary bg-primary/5' : ''}`}
        >
          <FileText aria-hidden className="mt-0.5 h-4 w-4 shrink-0 text-muted-foreground" />
          <div className="min-w-0 flex-1">
            <p className="truncate font-medium text-sm" title={draft.title}>
              {draft.title}
            </p>
            <p className="text-xs text-muted-foreground">
              {draft.primary_keyword} · {TONE_LABELS[draft.tone_style]} · {formatTimestamp(draft.created_at)}
              {draft.edited ? ' · edited' : ''}
              {draft.writer === 'llm' ? ' · LLM' : ''}
            </p>
          </div>
          <div className="flex shrink-0 gap-1">
            <Button
              type="button"
              variant="outline"
              size="sm"
              onClick={() => onOpen(draft)}
              aria-label={`Open draft ${draft.title}`}
            >
              Open
            </Button>
            <ConfirmDialog
              trigger={
                <Button type="button" variant="ghost" size="icon" aria-label={`Delete draft ${draft.title}`}>
                  <Trash2 aria-hidden />
                </Button>
              }
              title="Delete this draft?"
              description="Its three variants and any edits are deleted. A post published from it stays on the blog."
              confirmLabel="Delete draft"
              onConfirm={() =>
                remove.mutate(draft.id, {
                  onSuccess: () => toast.success('Draft deleted'),
                  onError: (err) => toast.error('Could not delete', { description: err.message }),
                })
              }
            />
          </div>
        </li>
      ))}
    </ul>
  );
}
