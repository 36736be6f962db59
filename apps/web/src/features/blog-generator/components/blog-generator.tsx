import {
  BLOG_CTA_FOCUSES,
  BLOG_DEFAULT_AUDIENCE,
  BLOG_LIMITS,
  BLOG_TONES,
  type BlogCtaFocus,
  type BlogTone,
  MISSING_KEYWORD_MESSAGE,
} from '@giftrelay/contracts';
import { Sparkles } from 'lucide-react';
import { type FormEvent, useEffect, useId, useRef, useState } from 'react';
import { toast } from 'sonner';
import { Button } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { Choice } from '@/components/ui/choice';
import { FormField } from '@/components/ui/form-field';
import { Input } from '@/components/ui/input';
import { Spinner } from '@/components/ui/spinner';
import { useDraft } from '../api/drafts';
import { useGenerateBlogPost } from '../api/generate-blog-post';
import { DraftsList } from './drafts-list';
import { PostsList } from './posts-list';
import { VariantTabs } from './variant-tabs';

const TONE_LABELS: Record<BlogTone, string> = {
  authoritative: 'Authoritative',
  consultative: 'Consultative',
  conversational: 'Conversational',
};
const CTA_LABELS: Record<BlogCtaFocus, string> = {
  signup: 'Sign up',
  demo: 'Book a demo',
  trial: 'Free trial',
  case_study: 'Case study',
};

/**
 * The AI blog generator (spec section 2, decision 050): the form, the text as the writer writes
 * it, then three tone variants in tabs with copy, edit and publish; every generation is a draft.
 */
export function BlogGenerator() {
  const id = useId();
  const { state, start, reset } = useGenerateBlogPost();
  const [keyword, setKeyword] = useState('');
  const [supporting, setSupporting] = useState('');
  const [audience, setAudience] = useState(BLOG_DEFAULT_AUDIENCE);
  const [tone, setTone] = useState<BlogTone>('authoritative');
  const [cta, setCta] = useState<BlogCtaFocus>('signup');
  const [openDraftId, setOpenDraftId] = useState<string | null>(null);
  const draft = useDraft(openDraftId);
  const output = useRef<HTMLElement>(null);
  const isGenerating = state.status === 'generating';

  const onSubmit = async (event: FormEvent) => {
    event.preventDefault();
    const primary = keyword.trim();
    if (!primary) {
      toast.error('Missing Information', { description: MISSING_KEYWORD_MESSAGE });
      return;
    }
    setOpenDraftId(null);
    const result = await start({
      primary_keyword: primary,
      supporting_keywords: supporting.trim(),
      target_audience: audience.trim() || BLOG_DEFAULT_AUDIENCE,
      tone_style: tone,
      cta_focus: cta,
    });
    if (!result) return;
    if (result.status === 'done') {
      setOpenDraftId(result.draftId);
      toast.success('Blog Generated!', { description: 'Three tone variants ready for review.' });
    } else {
      toast.error('Generation Failed', { description: result.message || 'Please try again.' });
    }
  };

  // Bring the output into view when a generation starts or a draft is opened on a small screen.
  const shouldScroll = isGenerating || Boolean(openDraftId);
  useEffect(() => {
    if (shouldScroll && window.matchMedia('(max-width: 1023px)').matches)
      output.current?.scrollIntoView({ block: 'start' });
  }, [shouldScroll]);

  const content = draft.data?.content ?? (state.status === 'idle' ? '' : state.text);
  const hasResult = Boolean(openDraftId && draft.data);

  return (
    <div className="mx-auto grid max-w-6xl grid-cols-1 gap-8 px-4 pb-16 lg:grid-cols-[22rem_minmax(0,1fr)]">
      <div className="grid min-w-0 content-start gap-8">
        <Card className="p-5">
          <form onSubmit={onSubmit} className="grid gap-4" noValidate aria-busy={isGenerating}>
            <FormField id={`${id}-keyword`} label="Primary Keyword *">
              <Input
                id={`${id}-keyword`}
                value={keyword}
                onChange={(e) => setKeyword(e.target.value)}
                maxLength={BLOG_LIMITS.primaryKeyword}
                placeholder="e.g. employee recognition gift cards"
                aria-required
                disabled={isGenerating}
              />
            </FormField>
            <FormField id={`${id}-supporting`} label="Supporting Keywords">
              <Input
                id={`${id}-supporting`}
                value={supporting}
                onChange={(e) => setSupporting(e.target.value)}
                maxLength={BLOG_LIMITS.supportingKeywords}
                placeholder="Comma-separated, e.g. spot awards, peer recognition"
                disabled={isGenerating}
              />
            </FormField>
            <FormField id={`${id}-audience`} label="Target Audience">
              <Input
                id={`${id}-audience`}
                value={audience}
                onChange={(e) => setAudience(e.target.value)}
                maxLength={BLOG_LIMITS.targetAudience}
                disabled={isGenerating}
              />
            </FormField>
            <Choice
              label="Preferred Tone"
              value={tone}
              options={BLOG_TONES}
              labels={TONE_LABELS}
              onChange={setTone}
              disabled={isGenerating}
            />
            <Choice
              label="CTA Focus"
              value={cta}
              options={BLOG_CTA_FOCUSES}
              labels={CTA_LABELS}
              onChange={setCta}
              disabled={isGenerating}
            />
            <Button type="submit" disabled={isGenerating} className="w-full">
              {isGenerating ? <Spinner label="Generating" className="h-4 w-4" /> : <Sparkles aria-hidden />}
              {isGenerating ? 'Generating…' : 'Generate Variants'}
            </Button>
          </form>
        </Card>
        <section aria-labelledby={`${id}-drafts`} className="grid min-w-0 gap-3">
          <h2 id={`${id}-drafts`} className="font-semibold text-lg">
            Drafts
          </h2>
          <DraftsList
            openId={openDraftId}
            onOpen={(d) => {
              reset();
              setOpenDraftId(d.id);
            }}
          />
        </section>
        <section aria-labelledby={`${id}-posts`} className="grid min-w-0 gap-3">
          <h2 id={`${id}-posts`} className="font-semibold text-lg">
            Published posts
          </h2>
          <PostsList />
        </section>
      </div>
      <section ref={output} aria-labelledby={`${id}-output`} className="grid min-w-0 content-start gap-4 scroll-mt-20">
        <h2 id={`${id}-output`} className="sr-only">
          Generated variants
        </h2>
        {isGenerating ? (
          <Card className="grid gap-3 p-5" aria-busy>
            <p className="flex items-center gap-2 font-medium text-sm" role="status">
              <Spinner label="Writing" className="h-4 w-4" /> Writing three tone variants…
            </p>
            <pre className="max-h-[60vh] overflow-y-auto whitespace-pre-wrap break-words font-sans text-sm text-muted-foreground">
              {state.text}
            </pre>
          </Card>
        ) : hasResult ? (
          <VariantTabs content={content} draft={draft.data ?? null} />
        ) : openDraftId && draft.isPending ? (
          <Spinner label="Loading the draft" className="mx-auto my-12" />
        ) : openDraftId && draft.isError ? (
          <p role="alert" className="rounded-lg border border-destructive p-6 text-sm text-destructive">
            We could not open this draft: {draft.error.message}
          </p>
        ) : state.status === 'failed' && state.text ? (
          <Card className="grid gap-3 p-5">
            <p role="alert" className="font-medium text-destructive text-sm">
              Generation Failed: {state.message}
            </p>
            <pre className="whitespace-pre-wrap break-words font-sans text-sm text-muted-foreground">{state.text}</pre>
          </Card>
        ) : (
          <div className="rounded-xl border border-dashed p-10 text-center text-muted-foreground">
            <Sparkles aria-hidden className="mx-auto mb-3 h-6 w-6" />
            <p>Enter a primary keyword and generate three tone variants of an article.</p>
            <p className="mt-1 text-sm">Each generation is kept as a draft you can edit and publish to the blog.</p>
          </div>
        )}
      </section>
    </div>
  );
}
