import { clsx } from 'clsx';
import { Menu, X } from 'lucide-react';
import { useEffect, useRef, useState } from 'react';
import { Link, NavLink, Outlet, useLocation } from 'react-router';
import { buttonVariants } from '@/components/ui/button-variants';
import { paths } from '@/config/paths';
import { Brand } from './brand';
import { SiteFooter } from './site-footer';

const NAV_LINKS = [
  { to: paths.catalog, label: 'Catalog' },
  { to: paths.pricing, label: 'Pricing' },
  { to: paths.solutions, label: 'Solutions' },
  { to: paths.docs, label: 'Docs' },
  { to: paths.blog, label: 'Blog' },
];

const navLinkClass = ({ isActive }: { isActive: boolean }) =>
  clsx(
    'rounded-md px-3 py-2 text-sm font-medium text-muted-foreground hover:text-foreground',
    isActive && 'bg-secondary text-secondary-foreground',
  );

/**
 * The public pages' frame: navigation, mobile menu, footer. It renders on the home page before the
 * query client and toaster exist (docs/decisions/006): no react-query hooks, `toast` or `cn` here.
 */
export function PublicLayout() {
  const [isMenuOpen, setIsMenuOpen] = useState(false);
  const toggleRef = useRef<HTMLButtonElement>(null);
  const { pathname } = useLocation();
  const close = () => setIsMenuOpen(false);

  // A navigation by any means (a link, Back) closes the menu.
  // biome-ignore lint/correctness/useExhaustiveDependencies: runs on each new path.
  useEffect(() => setIsMenuOpen(false), [pathname]);

  useEffect(() => {
    if (!isMenuOpen) return;
    const onKeyDown = (event: KeyboardEvent) => {
      if (event.key !== 'Escape') return;
      setIsMenuOpen(false);
      toggleRef.current?.focus();
    };
    document.addEventListener('keydown', onKeyDown);
    return () => document.removeEventListener('keydown', onKeyDown);
  }, [isMenuOpen]);

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
              <NavLink key={link.to} to={link.to} className={navLinkClass}>
                {link.label}
              </NavLink>
            ))}
          </nav>
          {/* Both are in the prerendered HTML; CSS shows the one for this browser (data-signed-in). */}
          <div className="hidden items-center gap-2 md:flex signed-in:md:hidden">
            <Link to={paths.login} className={buttonVariants({ variant: 'ghost' })}>
              Sign in
            </Link>
            <Link to={paths.signup()} className={buttonVariants()}>
              Get started
            </Link>
          </div>
          <div className="hidden items-center signed-in:md:flex">
            <Link to={paths.dashboard} className={buttonVariants()}>
              Dashboard
            </Link>
          </div>
          <button
            ref={toggleRef}
            type="button"
            className={buttonVariants({ variant: 'ghost', size: 'icon', className: 'md:hidden' })}
            aria-label={isMenuOpen ? 'Close menu' : 'Open menu'}
            aria-expanded={isMenuOpen}
            aria-controls="mobile-menu"
            onClick={() => setIsMenuOpen((open) => !open)}
          >
            {isMenuOpen ? <X aria-hidden /> : <Menu aria-hidden />}
          </button>
        </div>
        <nav id="mobile-menu" aria-label="Mobile" hidden={!isMenuOpen} className="border-t px-4 py-3 md:hidden">
          <ul className="flex flex-col gap-1">
            {NAV_LINKS.map((link) => (
              <li key={link.to}>
                <NavLink
                  to={link.to}
                  onClick={close}
                  className={({ isActive }) => clsx('block', navLinkClass({ isActive }))}
                >
                  {link.label}
                </NavLink>
              </li>
            ))}
            <li className="mt-2 hidden signed-in:flex">
              <Link to={paths.dashboard} onClick={close} className={buttonVariants({ className: 'flex-1' })}>
                Dashboard
              </Link>
            </li>
            <li className="mt-2 flex gap-2 signed-in:hidden">
              <Link
                to={paths.login}
                onClick={close}
                className={buttonVariants({ variant: 'outline', className: 'flex-1' })}
              >
                Sign in
              </Link>
              <Link to={paths.signup()} onClick={close} className={buttonVariants({ className: 'flex-1' })}>
                Get started
              </Link>
            </li>
          </ul>
        </nav>
      </header>
      <main id="main" className="flex-1">
        <Outlet />
      </main>
      <SiteFooter />
    </div>
  );
}
