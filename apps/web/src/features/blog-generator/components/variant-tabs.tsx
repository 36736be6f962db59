import { BLOG_VARIANTS, type BlogDraft, type BlogVariant, splitBlogVariants, variantTitle } from '@giftrelay/contracts';
import { Pencil, Send } from 'lucide-react';
import { Tabs as TabsPrimitive } from 'radix-ui';
import { useId, useState } from 'react';
import { toast } from 'sonner';
import { Prose } from '@/components/layout/prose';
import { Button } from '@/components/ui/button';
import { Markdown } from '@/components/ui/markdown';
import { Spinner } from '@/components/ui/spinner';
import { useUpdateDraft } from '../api/drafts';
import { CopyAction } from './copy-action';
import { PublishDialog } from './publish-dialog';

export const VARIANT_LABELS: Record<BlogVariant, string> = {
  A: 'Variant A Authoritative',
  B: 'Variant B Consultative',
  C: 'Variant C Conversational',
};

/** The variants' texts: the writer's, with the operator's edits over them. */
export function variantTexts(content: string, edits?: BlogDraft['variant_edits']): Record<BlogVariant, string> {
  const split = splitBlogVariants(content);
  return {
    A: edits?.A ?? split.A,
    B: edits?.B ?? split.B,
    C: edits?.C ?? split.C,
  };
}

export const allText = (texts: Record<BlogVariant, string>) =>
  BLOG_VARIANTS.map((v) => `## VARIANT ${v}\n\n${texts[v]}`).join('\n\n');

function withoutTitle(markdown: string): string {
  return markdown.replace(/^\s*#\s+[^\n]*\n*/, '');
}

function VariantPanel({ letter, text, draft }: { letter: BlogVariant; text: string; draft: BlogDraft | null }) {
  const id = useId();
  const update = useUpdateDraft();
  const [isEditing, setIsEditing] = useState(false);
  const [edited, setEdited] = useState(text);
  const [isPublishing, setIsPublishing] = useState(false);
  const title = variantTitle(text) ?? draft?.primary_keyword ?? 'Untitled';

  const save = () => {
    if (!draft) return;
    update.mutate(
      { id: draft.id, variant: letter, text: edited.trim() ? edited : null },
      {
        onSuccess: () => {
          setIsEditing(false);
          toast.success('Variant saved');
        },
        onError: (err) => toast.error('Could not save', { description: err.message }),
      },
    );
  };

  if (!text.trim())
    return <p className="py-8 text-center text-muted-foreground">The writer gave no text for this variant.</p>;
  return (
    <div className="grid gap-4">
      <div className="flex flex-wrap gap-2">
        <CopyAction label="Copy Variant" text={text} />
        {draft && !isEditing && (
          <Button
            type="button"
            variant="outline"
            size="sm"
            onClick={() => {
              setEdited(text);
              setIsEditing(true);
            }}
          >
            <Pencil aria-hidden />
            Edit
          </Button>
        )}
        {draft && (
          <Button type="button" size="sm" onClick={() => setIsPublishing(true)}>
            <Send aria-hidden />
            Publish
          </Button>
        )}
      </div>
      {isEditing ? (
        <div className="grid gap-2">
          <label htmlFor={`${id}-edit`} className="font-medium text-sm">
            Markdown of {VARIANT_LABELS[letter]}
          </label>
          <textarea
            id={`${id}-edit`}
            value={edited}
            onChange={(e) => setEdited(e.target.value)}
            rows={20}
            className="w-full rounded-md border bg-background p-3 font-mono text-sm outline-none focus-visible:ring-2 focus-visible:ring-ring"
          />
          <div className="flex flex-wrap gap-2">
            <Button type="button" size="sm" onClick={save} disabled={update.isPending}>
              {update.isPending && <Spinner label="Saving" className="h-4 w-4" />}
              Save variant
            </Button>
            <Button type="button" variant="outline" size="sm" onClick={() => setIsEditing(false)}>
              Cancel
            </Button>
          </div>
        </div>
      ) : (
        <article>
          <h2 className="text-2xl font-bold tracking-tight">{title}</h2>
          <Prose>
            <Markdown source={withoutTitle(text)} />
          </Prose>
        </article>
      )}
      {isPublishing && draft && (
        <PublishDialog
          open={isPublishing}
          onOpenChange={setIsPublishing}
          title={title}
          markdown={text}
          draftId={draft.id}
          onPublished={() => setIsPublishing(false)}
        />
      )}
    </div>
  );
}

/** The three variants in tabs (spec: Variant A Authoritative, B Consultative, C Conversational). */
export function VariantTabs({ content, draft }: { content: string; draft: BlogDraft | null }) {
  const texts = variantTexts(content, draft?.variant_edits);
  return (
    <TabsPrimitive.Root defaultValue="A" className="grid gap-4">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <TabsPrimitive.List
          aria-label="Tone variants"
          className="grid w-full grid-cols-3 gap-1 rounded-xl bg-muted p-1 sm:w-auto"
        >
          {BLOG_VARIANTS.map((v) => (
            <TabsPrimitive.Trigger
              key={v}
              value={v}
              className="rounded-lg px-2 py-2 text-xs font-medium text-muted-foreground focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring data-[state=active]:bg-background data-[state=active]:text-foreground data-[state=active]:shadow-sm sm:px-3 sm:text-sm"
            >
              {VARIANT_LABELS[v]}
            </TabsPrimitive.Trigger>
          ))}
        </TabsPrimitive.List>
        <CopyAction label="Copy All" text={allText(texts)} />
      </div>
      {BLOG_VARIANTS.map((v) => (
        <TabsPrimitive.Content
          key={`${draft?.id ?? 'new'}-${v}-${draft?.updated_at ?? ''}`}
          value={v}
          className="rounded-xl border bg-card p-4 focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring sm:p-6"
        >
          <VariantPanel letter={v} text={texts[v]} draft={draft} />
        </TabsPrimitive.Content>
      ))}
    </TabsPrimitive.Root>
  );
}
