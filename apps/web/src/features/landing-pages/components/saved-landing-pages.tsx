import {
  HERO_VISUAL_LABELS,
  HERO_VISUALS,
  type HeroVisual,
  LANDING_LIMITS,
  type LandingPage,
  type LandingPageSummary,
  OFFER_LABELS,
  OFFER_TYPES,
  type OfferType,
} from '@giftrelay/contracts';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { type FormEvent, useState } from 'react';
import { Link } from 'react-router';
import { toast } from 'sonner';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { buttonVariants } from '@/components/ui/button-variants';
import { Card } from '@/components/ui/card';
import { ConfirmDialog } from '@/components/ui/confirm-dialog';
import { DialogShell } from '@/components/ui/dialog-shell';
import { FormField } from '@/components/ui/form-field';
import { Input } from '@/components/ui/input';
import { LoadError } from '@/components/ui/load-error';
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from '@/components/ui/select';
import { Spinner } from '@/components/ui/spinner';
import { paths } from '@/config/paths';
import { formatTimestamp } from '@/lib/format';
import {
  savedLandingPageQueryOptions,
  useDeleteLandingPage,
  usePublishLandingPage,
  useSavedLandingPages,
  useUnpublishLandingPage,
  useUpdateLandingPage,
} from '../api/saved-landing-pages';

const failed = (title: string) => (err: Error) =>
  toast.error(title, { description: err.message || 'Please try again.' });

/** The pages kept on the server: open, edit, publish, unpublish, delete. */
export function SavedLandingPages() {
  const pages = useSavedLandingPages();
  return (
    <section aria-labelledby="saved-pages" className="mt-10">
      <h2 id="saved-pages" className="font-semibold text-xl">
        Saved landing pages
      </h2>
      <p className="mt-1 text-muted-foreground text-sm">
        Published pages open for anyone at their address and are listed in the sitemap.
      </p>
      <div className="mt-4">
        {pages.isPending ? (
          <Spinner label="Loading landing pages" />
        ) : pages.isError ? (
          <LoadError title="Could not load the landing pages." error={pages.error} onRetry={() => pages.refetch()} />
        ) : pages.data.length === 0 ? (
          <p className="text-muted-foreground">No landing pages yet: generate one and publish it from its preview.</p>
        ) : (
          <ul className="grid gap-3">
            {pages.data.map((page) => (
              <SavedPageRow key={page.slug} page={page} />
            ))}
          </ul>
        )}
      </div>
    </section>
  );
}

function SavedPageRow({ page }: { page: LandingPageSummary }) {
  const queryClient = useQueryClient();
  const publish = usePublishLandingPage();
  const unpublish = useUnpublishLandingPage();
  const remove = useDeleteLandingPage();
  const isPublished = page.status === 'published';

  const onPublish = async () => {
    try {
      const full = await queryClient.fetchQuery(savedLandingPageQueryOptions(page.slug));
      await publish.mutateAsync({
        slug: page.slug,
        page: {
          primary_keyword: full.primary_keyword,
          supporting_keywords: full.supporting_keywords,
          audience_segment: full.audience_segment,
          offer_type: full.offer_type,
          hero_visual: full.hero_visual,
          utm_campaign: full.utm_campaign,
          copy: full.copy,
        },
      });
      toast.success('Landing Page Published!', { description: `Anyone can open /lp/${page.slug} now.` });
    } catch (err) {
      failed('Publishing Failed')(err as Error);
    }
  };

  return (
    <li>
      <Card className="flex flex-col gap-3 p-4 sm:flex-row sm:items-center sm:justify-between">
        <div className="min-w-0">
          <div className="flex flex-wrap items-center gap-2">
            <Link to={paths.landingPage(page.slug)} className="truncate font-medium text-primary hover:underline">
              {page.primary_keyword}
            </Link>
            <Badge variant={isPublished ? 'default' : 'secondary'}>{isPublished ? 'Published' : 'Unpublished'}</Badge>
          </div>
          <p className="mt-1 break-all text-muted-foreground text-xs">
            /lp/{page.slug} · {OFFER_LABELS[page.offer_type]} · updated {formatTimestamp(page.updated_at)}
          </p>
        </div>
        <div className="flex flex-wrap gap-2">
          <EditPageDialog slug={page.slug} keyword={page.primary_keyword} />
          {isPublished ? (
            <Button
              variant="outline"
              size="sm"
              disabled={unpublish.isPending}
              onClick={() =>
                unpublish.mutate(page.slug, {
                  onSuccess: () => toast.success('Landing page unpublished'),
                  onError: failed('Error'),
                })
              }
            >
              Unpublish
            </Button>
          ) : (
            <Button variant="outline" size="sm" disabled={publish.isPending} onClick={onPublish}>
              Publish
            </Button>
          )}
          <ConfirmDialog
            trigger={
              <Button variant="outline" size="sm" aria-label={`Delete ${page.primary_keyword}`}>
                Delete
              </Button>
            }
            title="Delete this landing page?"
            description={`/lp/${page.slug} stops working for everyone. This cannot be undone.`}
            confirmLabel="Delete"
            onConfirm={() =>
              remove.mutate(page.slug, {
                onSuccess: () => toast.success('Landing page deleted'),
                onError: failed('Error'),
              })
            }
          />
        </div>
      </Card>
    </li>
  );
}

function EditPageDialog({ slug, keyword }: { slug: string; keyword: string }) {
  const [open, setOpen] = useState(false);
  return (
    <DialogShell
      open={open}
      onOpenChange={setOpen}
      title={`Edit ${keyword}`}
      trigger={
        <Button variant="outline" size="sm" aria-label={`Edit ${keyword}`}>
          Edit
        </Button>
      }
    >
      {open && <EditPageForm slug={slug} onDone={() => setOpen(false)} />}
    </DialogShell>
  );
}

function EditPageForm({ slug, onDone }: { slug: string; onDone: () => void }) {
  const page = useQuery(savedLandingPageQueryOptions(slug));
  if (page.isPending) return <Spinner label="Loading the page" />;
  if (page.isError)
    return <LoadError title="Could not load the page." error={page.error} onRetry={() => page.refetch()} />;
  return <EditFields page={page.data} slug={slug} onDone={onDone} />;
}

function EditFields({ page, slug, onDone }: { page: LandingPage; slug: string; onDone: () => void }) {
  const update = useUpdateLandingPage();
  const [headline, setHeadline] = useState(page.copy.headline);
  const [subheadline, setSubheadline] = useState(page.copy.subheadline);
  const [utm, setUtm] = useState(page.utm_campaign);
  const [offer, setOffer] = useState<OfferType>(page.offer_type);
  const [hero, setHero] = useState<HeroVisual>(page.hero_visual);

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    if (!headline.trim() || !subheadline.trim()) {
      toast.error('Missing Information', { description: 'The headline and subheadline cannot be empty.' });
      return;
    }
    update.mutate(
      {
        slug,
        changes: {
          utm_campaign: utm.trim(),
          offer_type: offer,
          hero_visual: hero,
          copy: { ...page.copy, headline: headline.trim(), subheadline: subheadline.trim() },
        },
      },
      {
        onSuccess: () => {
          toast.success('Landing page saved');
          onDone();
        },
        onError: failed('Error'),
      },
    );
  };

  return (
    <form onSubmit={onSubmit} className="grid gap-4">
      <FormField id="edit-headline" label="Headline">
        <Input
          id="edit-headline"
          value={headline}
          maxLength={LANDING_LIMITS.headline}
          onChange={(e) => setHeadline(e.target.value)}
        />
      </FormField>
      <FormField id="edit-subheadline" label="Subheadline">
        <textarea
          id="edit-subheadline"
          value={subheadline}
          maxLength={LANDING_LIMITS.text}
          rows={4}
          onChange={(e) => setSubheadline(e.target.value)}
          className="w-full rounded-md border bg-background px-3 py-2 text-sm"
        />
      </FormField>
      <FormField id="edit-utm" label="UTM Campaign ID">
        <Input
          id="edit-utm"
          value={utm}
          maxLength={LANDING_LIMITS.utmCampaign}
          onChange={(e) => setUtm(e.target.value)}
        />
      </FormField>
      <div className="grid gap-4 sm:grid-cols-2">
        <div className="grid gap-2">
          <span id="edit-offer" className="font-medium text-sm">
            Offer Type
          </span>
          <Select value={offer} onValueChange={(v) => setOffer(v as OfferType)}>
            <SelectTrigger aria-labelledby="edit-offer">
              <SelectValue />
            </SelectTrigger>
            <SelectContent>
              {OFFER_TYPES.map((o) => (
                <SelectItem key={o} value={o}>
                  {OFFER_LABELS[o]}
                </SelectItem>
              ))}
            </SelectContent>
          </Select>
        </div>
        <div className="grid gap-2">
          <span id="edit-hero" className="font-medium text-sm">
            Hero Visual Style
          </span>
          <Select value={hero} onValueChange={(v) => setHero(v as HeroVisual)}>
            <SelectTrigger aria-labelledby="edit-hero">
              <SelectValue />
            </SelectTrigger>
            <SelectContent>
              {HERO_VISUALS.map((h) => (
                <SelectItem key={h} value={h}>
                  {HERO_VISUAL_LABELS[h]}
                </SelectItem>
              ))}
            </SelectContent>
          </Select>
        </div>
      </div>
      <div className="flex justify-end gap-2">
        <Button type="button" variant="outline" onClick={onDone}>
          Cancel
        </Button>
        <Button type="submit" disabled={update.isPending}>
          {update.isPending ? 'Saving...' : 'Save'}
        </Button>
      </div>
      <p className="text-muted-foreground text-xs">
        <Link to={paths.landingPage(slug)} className={buttonVariants({ variant: 'link', size: 'sm' })}>
          Open /lp/{slug}
        </Link>
      </p>
    </form>
  );
}
