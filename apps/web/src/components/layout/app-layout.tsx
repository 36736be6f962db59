import { Menu, PanelLeft, X } from 'lucide-react';
import { Dialog, Tooltip } from 'radix-ui';
import type { ComponentType, ReactNode } from 'react';
import { Link, Outlet } from 'react-router';
import { Button } from '@/components/ui/button';
import { SandboxBadge } from '@/components/ui/sandbox-badge';
import { paths } from '@/config/paths';
import { RequireSession } from '@/lib/auth/require-session';
import { useUser } from '@/lib/auth/use-session';
import { cn } from '@/lib/utils';
import { AppSidebarContent, type SidebarContentProps } from './app-sidebar';
import { DemoBanner } from './demo-banner';
import { useSidebar } from './use-sidebar';

interface AppLayoutProps {
  /** Shown at the header's end, before the email: the app layer passes the balance. */
  headerContent?: ReactNode;
  /** The organisation's name at the header's start; the app layer passes a switcher. */
  organisation?: ReactNode;
  /**
   * Another area in the same frame (the platform operators', issue 35): its name where the
   * organisation's would be, its home, its navigation. No organisation, no Sandbox label.
   */
  area?: { name: string; home: string; Sidebar: ComponentType<SidebarContentProps> };
}

/** The signed-in area's frame: only with a session; sidebar, header, then the page. */
export function AppLayout({ headerContent, organisation, area }: AppLayoutProps) {
  return (
    <RequireSession>
      <Tooltip.Provider delayDuration={700} skipDelayDuration={300}>
        <Shell headerContent={headerContent} organisation={organisation} area={area} />
      </Tooltip.Provider>
    </RequireSession>
  );
}

function Shell({ headerContent, organisation, area }: AppLayoutProps) {
  const user = useUser();
  const Sidebar = area?.Sidebar ?? AppSidebarContent;
  const sidebar = useSidebar();
  const isCollapsed = !sidebar.isExpanded;

  return (
    <div className="flex min-h-screen">
      <a
        href="#main"
        className="sr-only focus:not-sr-only focus:absolute focus:left-2 focus:top-2 focus:z-50 focus:rounded focus:bg-background focus:px-3 focus:py-2"
      >
        Skip to content
      </a>
      {!sidebar.isMobile && (
        <aside
          aria-label="Sidebar"
          data-state={isCollapsed ? 'collapsed' : 'expanded'}
          className={cn(
            'sticky top-0 flex h-screen shrink-0 flex-col border-r bg-card transition-[width] duration-200',
            isCollapsed ? 'w-16' : 'w-60',
          )}
        >
          <div className={cn('flex h-16 items-center border-b px-4', isCollapsed && 'justify-center px-0')}>
            <Link
              to={area?.home ?? paths.dashboard}
              className="flex items-center gap-2 font-semibold"
              aria-label={area ? `GiftRelay ${area.name.toLowerCase()}` : 'GiftRelay dashboard'}
            >
              <img src="/favicon.svg" alt="" width={28} height={28} />
              {!isCollapsed && <span>GiftRelay</span>}
            </Link>
          </div>
          <Sidebar isCollapsed={isCollapsed} />
        </aside>
      )}
      {sidebar.isMobile && (
        <Dialog.Root open={sidebar.isSheetOpen} onOpenChange={sidebar.setSheetOpen}>
          <Dialog.Portal>
            <Dialog.Overlay className="fixed inset-0 z-40 bg-black/50" />
            <Dialog.Content
              aria-describedby={undefined}
              className="fixed inset-y-0 left-0 z-50 flex w-72 max-w-[85vw] flex-col border-r bg-card shadow-xl"
            >
              <div className="flex h-16 items-center justify-between border-b px-4">
                <div className="min-w-0">
                  <Dialog.Title className="font-semibold">GiftRelay</Dialog.Title>
                  <p className="break-words text-sm text-muted-foreground">{area?.name ?? user.organisation.name}</p>
                </div>
                <Dialog.Close asChild>
                  <Button variant="ghost" size="icon" aria-label="Close menu">
                    <X aria-hidden />
                  </Button>
                </Dialog.Close>
              </div>
              <Sidebar isCollapsed={false} onNavigate={() => sidebar.setSheetOpen(false)} />
            </Dialog.Content>
          </Dialog.Portal>
        </Dialog.Root>
      )}
      <div className="flex min-w-0 flex-1 flex-col">
        <DemoBanner />
        <header className="sticky top-0 z-30 flex h-16 items-center gap-3 border-b bg-background/95 px-4 backdrop-blur">
          <Button
            variant="ghost"
            size="icon"
            onClick={sidebar.toggle}
            aria-label={sidebar.isMobile ? 'Open menu' : isCollapsed ? 'Expand sidebar' : 'Collapse sidebar'}
            aria-expanded={sidebar.isMobile ? sidebar.isSheetOpen : !isCollapsed}
            aria-keyshortcuts="Control+B Meta+B"
            title="Toggle sidebar (Ctrl+B)"
          >
            {sidebar.isMobile ? <Menu aria-hidden /> : <PanelLeft aria-hidden />}
          </Button>
          <div className="flex min-w-0 items-center gap-2">
            {area ? (
              <span className="text-sm font-semibold sm:text-base" data-testid="area-name">
                {area.name}
              </span>
            ) : (
              <OrganisationName organisation={organisation} />
            )}
          </div>
          <div className="ml-auto flex items-center gap-3">
            {headerContent}
            <span className="hidden truncate text-sm text-muted-foreground sm:inline">{user.email}</span>
          </div>
        </header>
        <main id="main" className="flex-1">
          <Outlet />
        </main>
      </div>
    </div>
  );
}

/** The organisation's name (or the app layer's switcher) and, in sandbox mode, the label. */
function OrganisationName({ organisation }: { organisation?: ReactNode }) {
  const user = useUser();
  return (
    <>
      {/* On a phone a long name takes two lines rather than shrinking to "Acm…". */}
      {organisation ?? (
        <span
          className="line-clamp-2 min-w-0 break-words text-sm leading-tight font-semibold sm:line-clamp-1 sm:text-base"
          title={user.organisation.name}
          data-testid="organisation-name"
        >
          {user.organisation.name}
        </span>
      )}
      {user.organisation.sandbox && <SandboxBadge />}
    </>
  );
}
