import { FEE_RATE_LABEL } from '@giftrelay/money';
import { JsonLd } from '@/components/seo/json-ld';
import { FaqList, PRICING_FAQ, PricingPlans } from '@/features/marketing';
import { usePageMeta } from '@/lib/page-meta';

export function Component() {
  usePageMeta({
    title: 'Pricing',
    description:
      'GiftRelay pricing: Starter is free, Growth is $299 a month, Enterprise is custom. On every plan an order costs face value plus a 2.5% processing fee, nothing else.',
    keywords: ['gift card pricing', 'rewards platform pricing', 'employee rewards cost', 'processing fee'],
  });
  return (
    <div className="mx-auto max-w-6xl px-4 py-16 sm:py-20">
      <div className="mx-auto max-w-2xl text-center">
        <h1 className="text-4xl font-bold tracking-tight sm:text-5xl">Simple, transparent pricing</h1>
        <p className="mt-4 text-lg text-muted-foreground">
          Pay face value plus a {FEE_RATE_LABEL} processing fee on every order, on every plan. Pick the plan that fits
          how you send.
        </p>
      </div>
      <div className="mt-14">
        <PricingPlans />
      </div>
      <p className="mt-8 text-center text-sm text-muted-foreground">
        Billing in USD. Standard terms are due on receipt; Enterprise can pay on Net-30 or Net-60. Taxes not included.
      </p>
      <section aria-labelledby="faq-heading" className="mx-auto mt-20 max-w-3xl">
        <h2 id="faq-heading" className="text-center text-3xl font-bold tracking-tight">
          Frequently asked questions
        </h2>
        <div className="mt-8">
          <FaqList items={PRICING_FAQ} />
        </div>
      </section>
      <JsonLd
        data={{
          '@type': 'FAQPage',
          mainEntity: PRICING_FAQ.map((item) => ({
            '@type': 'Question',
            name: item.question,
            acceptedAnswer: { '@type': 'Answer', text: item.answer },
          })),
        }}
      />
    </div>
  );
}
