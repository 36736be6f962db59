import {
  ChartColumn,
  ClipboardCheck,
  CreditCard,
  Gift,
  LayoutDashboard,
  LogOut,
  type LucideIcon,
  Moon,
  ReceiptText,
  ScanSearch,
  Settings,
  ShieldCheck,
  Sun,
} from 'lucide-react';
import { Tooltip } from 'radix-ui';
import type { ReactNode } from 'react';
import { NavLink, useNavigate } from 'react-router';
import { toast } from 'sonner';
import { paths } from '@/config/paths';
import { signOut } from '@/lib/auth/session';
import { useCan } from '@/lib/auth/use-can';
import { useIsOperator } from '@/lib/auth/use-operator';
import { toggleTheme, useIsDark } from '@/lib/theme';
import { cn } from '@/lib/utils';
import { useWaitingApprovals } from './use-waiting-approvals';
import { useWaitingReviews } from './use-waiting-reviews';

const NAV_ITEMS: (NavItem & { managersOnly?: boolean })[] = [
  { to: paths.dashboard, label: 'Dashboard', icon: LayoutDashboard },
  { to: paths.orders, label: 'Order History', icon: ReceiptText },
  // Owners and admins only: the orders waiting for their decision (decision 035).
  { to: paths.approvals, label: 'Approvals', icon: ClipboardCheck, managersOnly: true },
  // Owners and admins only: rewards a risk rule held (decision 083).
  { to: paths.review, label: 'Review', icon: ScanSearch, managersOnly: true },
  { to: paths.analytics, label: 'Analytics', icon: ChartColumn },
  { to: paths.catalog, label: 'Catalog', icon: Gift },
  { to: paths.billing, label: 'Billing', icon: CreditCard },
  { to: paths.settings, label: 'Settings', icon: Settings },
];

const itemClass = (isCollapsed: boolean) =>
  cn(
    'flex h-10 w-full items-center gap-3 rounded-md px-3 text-sm font-medium text-muted-foreground hover:bg-muted hover:text-foreground',
    isCollapsed && 'justify-center px-0',
  );

/** A name beside the icon, or, collapsed, a tooltip (and the same name for screen readers). */
function ItemLabel({ isCollapsed, label, children }: { isCollapsed: boolean; label: string; children: ReactNode }) {
  if (!isCollapsed) return children;
  return (
    <Tooltip.Root>
      <Tooltip.Trigger asChild>{children}</Tooltip.Trigger>
      <Tooltip.Portal>
        <Tooltip.Content
          side="right"
          sideOffset={8}
          className="z-50 rounded-md bg-foreground px-2 py-1 text-xs text-background"
        >
          {label}
        </Tooltip.Content>
      </Tooltip.Portal>
    </Tooltip.Root>
  );
}

export interface NavItem {
  to: string;
  label: string;
  icon: LucideIcon;
  /** Things waiting there (orders for an approver), shown beside the name and read with it ("100+"). */
  count?: number | string;
}

export interface SidebarContentProps {
  isCollapsed: boolean;
  onNavigate?: () => void;
}

/**
 * The shell's navigation: the six items (eight for owners and admins) and, for a platform
 * operator, the way to the operator area (issue 35); then the theme toggle and Logout.
 */
export function AppSidebarContent(props: SidebarContentProps) {
  const mayDecide = useCan('approveOrder');
  const isOperator = useIsOperator();
  const waiting = useWaitingApprovals(mayDecide);
  const held = useWaitingReviews('organisation', mayDecide);
  const counts: Record<string, number | string | undefined> = { [paths.approvals]: waiting, [paths.review]: held };
  const items = NAV_ITEMS.filter((item) => !item.managersOnly || mayDecide).map((item) =>
    counts[item.to] ? { ...item, count: counts[item.to] } : item,
  );
  return (
    <SidebarNav
      {...props}
      groups={[
        { title: 'Navigation', items },
        ...(isOperator
          ? [{ title: 'GiftRelay', items: [{ to: paths.operator, label: 'Operator area', icon: ShieldCheck }] }]
          : []),
      ]}
    />
  );
}

/** Groups of links, each a named navigation landmark, then the theme toggle and Logout. */
export function SidebarNav({
  isCollapsed,
  onNavigate,
  groups,
}: SidebarContentProps & { groups: { title: string; items: NavItem[] }[] }) {
  const isDark = useIsDark();
  const navigate = useNavigate();
  const logout = async () => {
    try {
      await signOut();
      navigate(paths.login, { replace: true });
      toast.success('Signed out');
    } catch {
      toast.error('Failed to sign out');
    }
  };
  const text = (label: string) => <span className={cn(isCollapsed && 'sr-only')}>{label}</span>;
  const group = (title: string, list: NavItem[]) => (
    <nav key={title} aria-label={title} className="grid gap-1">
      <p
        className={cn(
          'px-3 pb-1 text-xs font-semibold uppercase tracking-wide text-muted-foreground',
          isCollapsed && 'sr-only',
        )}
      >
        {title}
      </p>
      <ul className="grid gap-1">
        {list.map(({ to, label, icon: Icon, count }) => (
          <li key={to}>
            <ItemLabel isCollapsed={isCollapsed} label={count ? `${label} (${count} waiting)` : label}>
              {/* A plain className (NavLink marks the current page with aria-current): the tooltip's
                  trigger merges class names as strings. */}
              <NavLink
                to={to}
                onClick={onNavigate}
                className={cn(
                  itemClass(isCollapsed),
                  'aria-[current=page]:bg-secondary aria-[current=page]:text-secondary-foreground',
                )}
              >
                <Icon className="size-5 shrink-0" aria-hidden />
                {text(label)}
                {count ? (
                  <span
                    className={cn(
                      'ml-auto rounded-full bg-primary px-2 py-0.5 text-xs font-semibold text-primary-foreground tabular-nums',
                      isCollapsed && 'sr-only',
                    )}
                  >
                    {count}
                    <span className="sr-only"> waiting</span>
                  </span>
                ) : null}
              </NavLink>
            </ItemLabel>
          </li>
        ))}
      </ul>
    </nav>
  );

  return (
    <div className="flex h-full flex-col gap-4 overflow-y-auto p-3">
      {groups.map((g) => group(g.title, g.items))}
      <div className="mt-auto grid gap-1 border-t pt-3">
        <ItemLabel isCollapsed={isCollapsed} label={isDark ? 'Light mode' : 'Dark mode'}>
          <button type="button" className={itemClass(isCollapsed)} onClick={toggleTheme}>
            {isDark ? (
              <Sun className="size-5 shrink-0" aria-hidden />
            ) : (
              <Moon className="size-5 shrink-0" aria-hidden />
            )}
            {text(isDark ? 'Light mode' : 'Dark mode')}
          </button>
        </ItemLabel>
        <ItemLabel isCollapsed={isCollapsed} label="Logout">
          <button type="button" className={itemClass(isCollapsed)} onClick={() => void logout()}>
            <LogOut className="size-5 shrink-0" aria-hidden />
            {text('Logout')}
          </button>
        </ItemLabel>
      </div>
    </div>
  );
}
