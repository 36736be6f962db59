import { LandingPageGenerator, SavedLandingPages } from '@/features/landing-pages';
import { usePageMeta } from '@/lib/page-meta';
import { OperatorOnly } from './operator-only';

export function Component() {
  return (
    <OperatorOnly>
      <GeneratorPage />
    </OperatorOnly>
  );
}

function GeneratorPage() {
  usePageMeta({ title: 'AI Landing Page Generator', noindex: true });
  return (
    <div className="mx-auto max-w-5xl px-4 py-10">
      <h1 className="font-bold text-3xl tracking-tight">AI Landing Page Generator</h1>
      <p className="mt-2 text-muted-foreground">
        Write a landing page's copy and hero image for a keyword, preview it at /lp/&#123;slug&#125;, then publish it.
      </p>
      <div className="mt-6">
        <LandingPageGenerator />
      </div>
      <SavedLandingPages />
    </div>
  );
}
