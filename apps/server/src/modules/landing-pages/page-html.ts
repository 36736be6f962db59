import { ctaLabel, escapeHtml, type LandingCopy } from '@giftrelay/contracts';
import type { DynamicPage } from '../../plugins/dynamic-pages';
import { svgDataUrl } from './hero-svg';
import type { LandingPageRow } from './repository';

/**
 * A published page as the server sends it (decision 051): its title, description and canonical
 * link, and its content as plain HTML for crawlers and the first paint; the web app then renders
 * the same page over it. Every text is escaped. The classes are the web page's own
 * (features/landing-pages/components), so the built stylesheet has them.
 */
export function landingDynamicPage(row: LandingPageRow, publicUrl: string): DynamicPage {
  const copy = row.copy as unknown as LandingCopy;
  const e = escapeHtml;
  const list = <T>(items: T[], item: (x: T) => string) => items.map(item).join('');
  const cta = ctaLabel(row.offer_type);
  const body = [
    '<main id="main" class="mx-auto max-w-6xl px-4 py-12">',
    '<section class="grid items-center gap-10 md:grid-cols-2">',
    '<div>',
    `<h1 class="font-bold text-4xl tracking-tight">${e(row.primary_keyword)}</h1>`,
    `<p class="mt-3 font-semibold text-primary text-xl">${e(copy.headline)}</p>`,
    `<p class="mt-4 text-lg text-muted-foreground">${e(copy.subheadline)}</p>`,
    `<p class="mt-6 flex flex-wrap gap-3"><a href="#lead-form" class="font-medium text-primary underline">${e(cta)}</a></p>`,
    '</div>',
    `<img src="${svgDataUrl(row.hero_svg)}" alt="${e(row.primary_keyword)}" width="960" height="540" class="h-auto w-full rounded-2xl">`,
    '</section>',
    '<section class="mt-16"><h2 class="font-bold text-2xl">Why teams choose GiftRelay</h2><ul class="mt-6 grid gap-6 md:grid-cols-3">',
    list(
      copy.benefits,
      (b) => `<li><h3 class="font-semibold">${e(b.title)}</h3><p class="text-muted-foreground">${e(b.body)}</p></li>`,
    ),
    '</ul></section>',
    '<section class="mt-16"><h2 class="font-bold text-2xl">Up and running in 3 steps</h2><ol class="mt-6 grid gap-6 md:grid-cols-3">',
    list(
      copy.steps,
      (s) => `<li><h3 class="font-semibold">${e(s.title)}</h3><p class="text-muted-foreground">${e(s.body)}</p></li>`,
    ),
    '</ol></section>',
    '<section class="mt-16"><h2 class="font-bold text-2xl">Use cases</h2>',
    list(
      [copy.use_cases.hr, copy.use_cases.marketing, copy.use_cases.finance],
      (u) =>
        `<h3 class="mt-6 font-semibold">${e(u.title)}</h3><p class="text-muted-foreground">${e(u.body)}</p><ul class="list-disc pl-6">${list(u.points, (p) => `<li>${e(p)}</li>`)}</ul>`,
    ),
    '</section>',
    '<section class="mt-16"><h2 class="font-bold text-2xl">Frequently asked questions</h2>',
    list(
      copy.faq,
      (f) => `<h3 class="mt-6 font-semibold">${e(f.question)}</h3><p class="text-muted-foreground">${e(f.answer)}</p>`,
    ),
    '</section>',
    `<section id="lead-form" class="mt-16 rounded-2xl bg-secondary p-6 text-secondary-foreground sm:p-10"><h2 class="font-bold text-2xl">${e(cta)}</h2><p class="mt-2">Leave your work email and our team will be in touch within one business day.</p></section>`,
    '</main>',
  ].join('');
  return {
    title: row.primary_keyword,
    description: `${copy.headline.replace(/[.!?]+$/, '')}. ${copy.subheadline}`.slice(0, 300),
    canonicalPath: `/lp/${row.slug}`,
    ogType: 'website',
    keywords: [row.primary_keyword, ...row.supporting_keywords.split(',').map((k) => k.trim())].filter(Boolean),
    jsonLd: {
      '@type': 'WebPage',
      name: row.primary_keyword,
      headline: copy.headline,
      description: copy.subheadline,
      url: `${publicUrl}/lp/${row.slug}`,
      publisher: { '@type': 'Organization', name: 'GiftRelay' },
    },
    bodyHtml: body,
  };
}
