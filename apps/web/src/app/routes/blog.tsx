import { Link } from 'react-router';
import { buttonVariants } from '@/components/ui/button-variants';
import { paths } from '@/config/paths';
import { ArticleList } from '@/features/blog';
import { usePageMeta } from '@/lib/page-meta';

export function Component() {
  usePageMeta({
    title: 'Blog',
    description:
      'Guides on gift cards as employee incentives: choosing rewards, recognition that works, measuring ROI, tax basics and automating rewards with an API.',
    keywords: ['employee incentives blog', 'gift card guides', 'employee recognition ideas', 'rewards program ROI'],
  });
  return (
    <div className="mx-auto max-w-6xl px-4 py-16 sm:py-20">
      <div className="mx-auto max-w-2xl text-center">
        <h1 className="text-4xl font-bold tracking-tight sm:text-5xl">GiftRelay Insights</h1>
        <p className="mt-4 text-lg text-muted-foreground">
          Practical guides on rewards, recognition and incentives, for the people who run them.
        </p>
      </div>
      <ArticleList />
      <section aria-labelledby="blog-cta" className="mt-20 rounded-2xl border p-10 text-center">
        <h2 id="blog-cta" className="text-2xl font-bold tracking-tight">
          Put these ideas to work
        </h2>
        <p className="mx-auto mt-3 max-w-lg text-muted-foreground">
          Sign up free and send your first reward with sandbox funds today.
        </p>
        <Link to={paths.signup()} className={buttonVariants({ size: 'lg', className: 'mt-6' })}>
          Get started free
        </Link>
      </section>
    </div>
  );
}
