import { BLOG_LIMITS, type BlogPost, CreateBlogPostBodySchema, slugify } from '@giftrelay/contracts';
import { type FormEvent, useId, useState } from 'react';
import { Link } from 'react-router';
import { toast } from 'sonner';
import { Button } from '@/components/ui/button';
import { DialogActions, DialogDescription, DialogShell } from '@/components/ui/dialog-shell';
import { FormField, fieldProps } from '@/components/ui/form-field';
import { Input } from '@/components/ui/input';
import { Spinner } from '@/components/ui/spinner';
import { paths } from '@/config/paths';
import { ApiError } from '@/lib/api-client';
import { fieldErrors } from '@/lib/field-errors';
import { useCreatePost } from '../api/posts';

type Field = 'title' | 'slug' | 'excerpt' | 'category';
const FIELDS: Field[] = ['title', 'slug', 'excerpt', 'category'];

/** A variant's first paragraph as plain text: the excerpt's first guess. */
function firstParagraph(markdown: string): string {
  const paragraph =
    markdown
      .split(/\n{2,}/)
      .map((p) => p.trim())
      .find((p) => p && !/^(#|[-*] |\d+\. |\||>|```)/.test(p)) ?? '';
  const text = paragraph
    .replace(/\[([^\]]+)\]\([^)]*\)/g, '$1')
    .replace(/[*_`]/g, '')
    .replace(/\s+/g, ' ');
  return text.length > BLOG_LIMITS.excerpt ? `${text.slice(0, BLOG_LIMITS.excerpt - 1).replace(/\s+\S*$/, '')}…` : text;
}

/** Publishes one variant at /blog/{slug} with its title, slug, excerpt and category. */
export function PublishDialog({
  open,
  onOpenChange,
  title: initialTitle,
  markdown,
  draftId,
  onPublished,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  title: string;
  markdown: string;
  draftId: string | null;
  onPublished: (post: BlogPost) => void;
}) {
  const id = useId();
  const create = useCreatePost();
  const [title, setTitle] = useState(initialTitle);
  const [slug, setSlug] = useState(slugify(initialTitle));
  const [slugTouched, setSlugTouched] = useState(false);
  const [excerpt, setExcerpt] = useState(() => firstParagraph(markdown));
  const [category, setCategory] = useState('Employee Recognition');
  const [errors, setErrors] = useState<Partial<Record<Field, string>>>({});

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    const body = { title, slug, excerpt, category, body_markdown: markdown, ...(draftId ? { draft_id: draftId } : {}) };
    const parsed = CreateBlogPostBodySchema.safeParse(body);
    if (!parsed.success) {
      const { errors: next, first } = fieldErrors(parsed.error.issues, FIELDS);
      // A problem with no field of its own here (the body) is said in a toast.
      for (const issue of parsed.error.issues) {
        if (!FIELDS.includes(issue.path[0] as Field)) toast.error('Cannot publish', { description: issue.message });
      }
      setErrors(next);
      if (first) document.getElementById(`${id}-${first}`)?.focus();
      return;
    }
    setErrors({});
    create.mutate(parsed.data, {
      onSuccess: (post) => {
        toast.success('Post published', { description: `It is live at /blog/${post.slug}.` });
        onPublished(post);
        onOpenChange(false);
      },
      onError: (err) => {
        if (err instanceof ApiError && err.code === 'CONFLICT')
          setErrors({ slug: 'Another post already has this slug' });
        else toast.error('Could not publish', { description: err.message });
      },
    });
  };

  const field = (name: Field) => fieldProps(`${id}-${name}`, errors[name]);
  return (
    <DialogShell open={open} onOpenChange={onOpenChange} title="Publish to the blog">
      <DialogDescription className="text-sm text-muted-foreground">
        The post appears on the{' '}
        <Link to={paths.blog} className="underline underline-offset-4">
          blog
        </Link>{' '}
        beside the articles, at the address below. You can unpublish it at any time.
      </DialogDescription>
      <form onSubmit={onSubmit} className="grid gap-4" noValidate>
        <FormField id={`${id}-title`} label="Title" error={errors.title}>
          <Input
            {...field('title')}
            value={title}
            maxLength={BLOG_LIMITS.title}
            onChange={(e) => {
              setTitle(e.target.value);
              if (!slugTouched) setSlug(slugify(e.target.value));
            }}
          />
        </FormField>
        <FormField id={`${id}-slug`} label="Slug" error={errors.slug}>
          <div className="flex min-w-0 items-center gap-1">
            <span className="shrink-0 text-sm text-muted-foreground">/blog/</span>
            <Input
              {...field('slug')}
              value={slug}
              maxLength={BLOG_LIMITS.slug}
              autoCapitalize="none"
              spellCheck={false}
              onChange={(e) => {
                setSlugTouched(true);
                setSlug(e.target.value);
              }}
            />
          </div>
        </FormField>
        <FormField id={`${id}-excerpt`} label="Excerpt" error={errors.excerpt}>
          <textarea
            {...field('excerpt')}
            value={excerpt}
            maxLength={BLOG_LIMITS.excerpt}
            rows={3}
            onChange={(e) => setExcerpt(e.target.value)}
            className="w-full rounded-md border bg-background px-3 py-2 text-base outline-none focus-visible:ring-2 focus-visible:ring-ring sm:text-sm"
          />
        </FormField>
        <FormField id={`${id}-category`} label="Category" error={errors.category}>
          <Input
            {...field('category')}
            value={category}
            maxLength={BLOG_LIMITS.category}
            onChange={(e) => setCategory(e.target.value)}
          />
        </FormField>
        <DialogActions>
          <Button type="submit" disabled={create.isPending}>
            {create.isPending && <Spinner label="Publishing" className="h-4 w-4" />}
            Publish
          </Button>
        </DialogActions>
      </form>
    </DialogShell>
  );
}
