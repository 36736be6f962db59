import { Check, ChevronsUpDown } from 'lucide-react';
import { DropdownMenu } from 'radix-ui';
import { useNavigate } from 'react-router';
import { toast } from 'sonner';
import { useUser } from '@/lib/auth/use-session';
import { useMyOrganisations } from '../api/list-my-organisations';
import { useSwitchOrganisation } from '../api/switch-organisation';
import { ROLE_LABELS } from '../roles';

/**
 * The header's organisation name; for someone in several organisations, a menu to switch. The
 * server checks that the chosen one is theirs and answers a session there.
 */
export function OrganisationSwitcher() {
  const user = useUser();
  const organisations = useMyOrganisations();
  const switchTo = useSwitchOrganisation();
  const navigate = useNavigate();
  const name = (
    <span
      className="line-clamp-2 min-w-0 break-words text-sm leading-tight font-semibold sm:line-clamp-1 sm:text-base"
      title={user.organisation.name}
      data-testid="organisation-name"
    >
      {user.organisation.name}
    </span>
  );
  const list = organisations.data?.data ?? [];
  if (list.length < 2) return name;
  const choose = (id: string) => {
    if (id === user.organisation.id) return;
    switchTo.mutate(id, {
      onSuccess: (session) => {
        toast.success(`Switched to ${session.user.organisation.name}`);
        navigate('/dashboard');
      },
      onError: (err) => toast.error('Could not switch organisation', { description: err.message }),
    });
  };
  return (
    <DropdownMenu.Root>
      <DropdownMenu.Trigger
        className="flex min-w-0 items-center gap-1 rounded-md px-1 py-1 text-left hover:bg-muted"
        aria-label={`Organisation: ${user.organisation.name}. Switch organisation`}
        disabled={switchTo.isPending}
      >
        {name}
        <ChevronsUpDown aria-hidden className="size-4 shrink-0 text-muted-foreground" />
      </DropdownMenu.Trigger>
      <DropdownMenu.Portal>
        <DropdownMenu.Content
          align="start"
          sideOffset={4}
          className="z-50 min-w-56 max-w-[calc(100vw-2rem)] rounded-md border bg-card p-1 text-foreground shadow-lg"
        >
          <DropdownMenu.Label className="px-2 py-1.5 text-xs text-muted-foreground">
            Switch organisation
          </DropdownMenu.Label>
          {list.map((o) => (
            <DropdownMenu.Item
              key={o.id}
              onSelect={() => choose(o.id)}
              className="flex cursor-pointer items-center gap-2 rounded px-2 py-2 text-sm outline-none data-[highlighted]:bg-muted"
            >
              <Check aria-hidden className={o.current ? 'size-4' : 'size-4 opacity-0'} />
              <span className="min-w-0 flex-1 truncate">{o.name}</span>
              <span className="text-xs text-muted-foreground">{ROLE_LABELS[o.role]}</span>
            </DropdownMenu.Item>
          ))}
        </DropdownMenu.Content>
      </DropdownMenu.Portal>
    </DropdownMenu.Root>
  );
}
