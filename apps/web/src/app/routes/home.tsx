import {
  CategoriesStrip,
  ClosingCta,
  ComplianceStrip,
  FeatureCards,
  HomeHero,
  OperationsGrid,
  TeamsStrip,
  Testimonials,
} from '@/features/marketing';
import { usePageMeta } from '@/lib/page-meta';

export function Component() {
  usePageMeta({
    description:
      'GiftRelay sends digital gift cards and rewards by email in under 60 seconds, from the web app or one API call. Free to sign up, transparent fees.',
    keywords: ['digital rewards', 'gift cards', 'employee incentives', 'rewards API', 'gift card platform'],
    path: '/',
  });
  return (
    <>
      <HomeHero />
      <TeamsStrip />
      <FeatureCards />
      <Testimonials />
      <ComplianceStrip />
      <CategoriesStrip />
      <OperationsGrid />
      <ClosingCta />
    </>
  );
}
