import { Link } from 'react-router';
import { paths } from '@/config/paths';
import { ContactForm } from '@/features/contact';
import { usePageMeta } from '@/lib/page-meta';

export function Component() {
  usePageMeta({
    title: 'Contact Us',
    description:
      'Talk to the GiftRelay team about pricing, Enterprise plans, invoicing, partnerships or help with your account.',
    keywords: ['contact GiftRelay', 'gift card platform sales', 'enterprise rewards'],
  });
  return (
    <div className="mx-auto grid max-w-6xl gap-12 px-4 py-16 sm:py-20 lg:grid-cols-[1fr_1.4fr]">
      <div>
        <h1 className="text-4xl font-bold tracking-tight">Talk to us</h1>
        <p className="mt-4 text-lg text-muted-foreground">
          Questions about pricing, an Enterprise plan, invoicing or your account? Send us a message and a person will
          answer.
        </p>
        <ul className="mt-8 space-y-4 text-sm">
          <li>
            <span className="font-semibold">Sales:</span>{' '}
            <span className="text-muted-foreground">volume pricing, Net-30 or Net-60 invoicing, security reviews.</span>
          </li>
          <li>
            <span className="font-semibold">Support:</span>{' '}
            <span className="text-muted-foreground">
              sending, orders and the API. The{' '}
              <Link to={paths.docs} className="font-medium text-primary underline underline-offset-4">
                API documentation
              </Link>{' '}
              answers most technical questions.
            </span>
          </li>
          <li>
            <span className="font-semibold">Your data:</span>{' '}
            <span className="text-muted-foreground">
              we keep what you write here to answer you, nothing more. See our{' '}
              <Link to={paths.privacy} className="font-medium text-primary underline underline-offset-4">
                privacy policy
              </Link>
              .
            </span>
          </li>
        </ul>
      </div>
      <div className="rounded-2xl border bg-card p-6 shadow-sm sm:p-8">
        <ContactForm />
      </div>
    </div>
  );
}
