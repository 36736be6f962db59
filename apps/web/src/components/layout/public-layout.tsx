import { Menu, X } from 'lucide-react';
import { useState } from 'react';
import { Link, NavLink, Outlet } from 'react-router';
import { Button } from '@/components/ui/button';
import { paths } from '@/config/paths';
import { cn } from '@/lib/utils';
import { Brand } from './brand';

const NAV_LINKS = [
  { to: paths.catalog, label: 'Catalog' },
  { to: paths.pricing, label: 'Pricing' },
  { to: paths.solutions, label: 'Solutions' },
  { to: paths.docs, label: 'Docs' },
  { to: paths.blog, label: 'Blog' },
];

export function PublicLayout() {
  const [menuOpen, setMenuOpen] = useState(false);
  const close = () => setMenuOpen(false);
  return (
    <div className="flex min-h-screen flex-col">
      <a
        href="#main"
        className="sr-only focus:not-sr-only focus:absolute focus:left-2 focus:top-2 focus:z-50 focus:rounded focus:bg-background focus:px-3 focus:py-2"
      >
        Skip to content
      </a>
      <header className="sticky top-0 z-40 border-b bg-background/95 backdrop-blur">
        <div className="mx-auto flex h-16 max-w-6xl items-center justify-between px-4">
          <Brand />
          <nav aria-label="Main" className="hidden items-center gap-1 md:flex">
            {NAV_LINKS.map((link) => (
              <NavLink
                key={link.to}
                to={link.to}
                className={({ isActive }) =>
                  cn(
                    'rounded-md px-3 py-2 text-sm font-medium text-muted-foreground hover:text-foreground',
                    isActive && 'bg-secondary text-secondary-foreground',
                  )
                }
              >
                {link.label}
              </NavLink>
            ))}
          </nav>
          <div className="hidden items-center gap-2 md:flex">
            <Button asChild variant="ghost">
              <Link to={paths.login}>Sign in</Link>
            </Button>
            <Button asChild>
              <Link to={paths.login}>Get started</Link>
            </Button>
          </div>
          <Button
            variant="ghost"
            size="icon"
            className="md:hidden"
            aria-label={menuOpen ? 'Close menu' : 'Open menu'}
            aria-expanded={menuOpen}
            aria-controls="mobile-menu"
            onClick={() => setMenuOpen((open) => !open)}
          >
            {menuOpen ? <X aria-hidden /> : <Menu aria-hidden />}
          </Button>
        </div>
        {menuOpen && (
          <nav id="mobile-menu" aria-label="Mobile" className="border-t px-4 py-3 md:hidden">
            <ul className="flex flex-col gap-1">
              {NAV_LINKS.map((link) => (
                <li key={link.to}>
                  <NavLink
                    to={link.to}
                    onClick={close}
                    className={({ isActive }) =>
                      cn('block rounded-md px-3 py-2 font-medium', isActive && 'bg-secondary text-secondary-foreground')
                    }
                  >
                    {link.label}
                  </NavLink>
                </li>
              ))}
              <li className="mt-2 flex gap-2">
                <Button asChild variant="outline" className="flex-1">
                  <Link to={paths.login} onClick={close}>
                    Sign in
                  </Link>
                </Button>
                <Button asChild className="flex-1">
                  <Link to={paths.login} onClick={close}>
                    Get started
                  </Link>
                </Button>
              </li>
            </ul>
          </nav>
        )}
      </header>
      <main id="main" className="flex-1">
        <Outlet />
      </main>
      <footer className="border-t">
        <div className="mx-auto flex max-w-6xl flex-col gap-4 px-4 py-8 text-sm text-muted-foreground sm:flex-row sm:items-center sm:justify-between">
          <nav aria-label="Footer" className="flex gap-4">
            <Link to={paths.catalog} className="hover:text-foreground">
              Catalog
            </Link>
            <Link to={paths.pricing} className="hover:text-foreground">
              Pricing
            </Link>
            <Link to={paths.dashboard} className="hover:text-foreground">
              Dashboard
            </Link>
          </nav>
          <p>© 2025 GiftRelay. All rights reserved.</p>
        </div>
      </footer>
    </div>
  );
}
