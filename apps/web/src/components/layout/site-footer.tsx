import { Link } from 'react-router';
import { paths } from '@/config/paths';
import { Brand } from './brand';

const COLUMNS = [
  {
    heading: 'Product',
    links: [
      { to: paths.catalog, label: 'Catalog' },
      { to: paths.pricing, label: 'Pricing' },
      { to: paths.solutions, label: 'Solutions' },
      { to: paths.dashboard, label: 'Dashboard' },
    ],
  },
  {
    heading: 'Resources',
    links: [
      { to: paths.docs, label: 'API Docs' },
      { to: paths.blog, label: 'Blog' },
      { to: paths.contact('support'), label: 'Help Center' },
    ],
  },
  {
    heading: 'Company',
    links: [
      { to: paths.contact(), label: 'Contact Us' },
      { to: paths.privacy, label: 'Privacy Policy' },
      { to: paths.terms, label: 'Terms of Service' },
      { to: paths.security, label: 'Security' },
    ],
  },
];

export function SiteFooter() {
  return (
    <footer className="border-t bg-muted/40">
      <div className="mx-auto grid max-w-6xl gap-8 px-4 py-12 sm:grid-cols-2 lg:grid-cols-4">
        <div className="space-y-3">
          <Brand />
          <p className="max-w-xs text-sm text-muted-foreground">
            Digital gift cards and rewards by email, from the web app or one API call. Gift cards are fulfilled through
            our provider network.
          </p>
        </div>
        {COLUMNS.map((column) => (
          <nav key={column.heading} aria-label={column.heading}>
            <h2 className="text-sm font-semibold">{column.heading}</h2>
            <ul className="mt-3 space-y-2 text-sm">
              {column.links.map((link) => (
                <li key={link.label}>
                  <Link to={link.to} className="text-muted-foreground hover:text-foreground">
                    {link.label}
                  </Link>
                </li>
              ))}
            </ul>
          </nav>
        ))}
      </div>
      <div className="border-t">
        <p className="mx-auto max-w-6xl px-4 py-6 text-sm text-muted-foreground">
          {/* The year of the reader's clock; a prerendered page built in another year corrects itself on hydration. */}
          <span suppressHydrationWarning>© {new Date().getFullYear()}</span> GiftRelay. All rights reserved.
        </p>
      </div>
    </footer>
  );
}
