import { Link } from 'react-router';
import { buttonVariants } from '@/components/ui/button-variants';
import { paths } from '@/config/paths';
import { SolutionsTabs } from '@/features/marketing';
import { usePageMeta } from '@/lib/page-meta';

export function Component() {
  usePageMeta({
    title: 'Solutions',
    description:
      'Digital rewards for HR & People, Marketing Ops, Research & CX and Finance teams: instant recognition, automated incentives, prompt participant payments and a ledger finance trusts.',
    keywords: ['employee recognition', 'marketing incentives', 'research incentives', 'reward programme finance'],
  });
  return (
    <div className="mx-auto max-w-6xl px-4 py-16 sm:py-20">
      <div className="mx-auto max-w-2xl text-center">
        <h1 className="text-4xl font-bold tracking-tight sm:text-5xl">One platform, every team that rewards people</h1>
        <p className="mt-4 text-lg text-muted-foreground">
          See how People, Marketing, Research and Finance teams use GiftRelay to send rewards that land on time.
        </p>
      </div>
      <div className="mt-14">
        <SolutionsTabs />
      </div>
      <div className="mt-20 flex flex-col items-center justify-center gap-3 rounded-2xl border p-10 text-center sm:flex-row">
        <p className="text-lg font-semibold sm:mr-6">Ready to try it with your team?</p>
        <Link to={paths.signup()} className={buttonVariants({ size: 'lg' })}>
          Launch a Pilot
        </Link>
        <Link to={paths.docs} className={buttonVariants({ size: 'lg', variant: 'outline' })}>
          See API Docs
        </Link>
      </div>
    </div>
  );
}
