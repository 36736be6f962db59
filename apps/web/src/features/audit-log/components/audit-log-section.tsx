import { canManageOrganisation } from '@giftrelay/contracts';
import { ScrollText } from 'lucide-react';
import { useId, useState } from 'react';
import { Button } from '@/components/ui/button';
import { ExportButton } from '@/components/ui/export-button';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import { EmptyState, ListSkeleton, ListStates } from '@/components/ui/list-states';
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from '@/components/ui/select';
import { useSession } from '@/lib/auth/use-session';
import { formatTimestamp } from '@/lib/format';
import { useExportAuditEvents } from '../api/export-audit-events';
import { useAuditEvents } from '../api/list-audit-events';
import { AREAS, type AuditFilters, actionLabel, actionsIn, areaLabel, describeDetail } from '../utils/audit-view';

const ALL = 'all';

/** Settings → Audit log: who did what and when, filtered, paged and downloadable (owners and admins). */
export function AuditLogSection() {
  const session = useSession();
  const allowed = session.status === 'signed-in' && canManageOrganisation(session.user.role);
  return (
    <section aria-labelledby="audit-heading" className="grid gap-4">
      <div className="max-w-prose">
        <h2 id="audit-heading" className="text-lg font-semibold">
          Audit log
        </h2>
        <p className="mt-1 text-sm text-muted-foreground">
          Sign-ins, settings changes and API keys: who did what, and when. Kept for at least a year; nobody can edit it.
        </p>
      </div>
      {allowed ? (
        <AuditLog billingCurrency={session.user.organisation.billing_currency} />
      ) : (
        <p role="note" className="rounded-lg border bg-muted p-3 text-sm">
          Only owners and admins can see the audit log.
        </p>
      )}
    </section>
  );
}

function AuditLog({ billingCurrency }: { billingCurrency: string }) {
  const id = useId();
  const [filters, setFilters] = useState<AuditFilters>({});
  // The cursors of the pages before this one, to go back.
  const [cursors, setCursors] = useState<(string | undefined)[]>([undefined]);
  const cursor = cursors.at(-1);
  const events = useAuditEvents(filters, cursor, true);
  const exporter = useExportAuditEvents();
  const change = (next: Partial<AuditFilters>) => {
    setFilters((now) => ({ ...now, ...next }));
    setCursors([undefined]);
  };

  return (
    <div className="grid gap-4">
      <fieldset className="grid gap-3 sm:grid-cols-2 lg:grid-cols-[repeat(3,minmax(0,1fr))_auto_auto]">
        <legend className="sr-only">Filters</legend>
        <div className="grid gap-1.5">
          <Label id={`${id}-area`}>Area</Label>
          <Select
            value={filters.area ?? ALL}
            onValueChange={(v) => change({ area: v === ALL ? undefined : v, action: undefined })}
          >
            <SelectTrigger aria-labelledby={`${id}-area`}>
              <SelectValue />
            </SelectTrigger>
            <SelectContent>
              <SelectItem value={ALL}>All areas</SelectItem>
              {AREAS.map((a) => (
                <SelectItem key={a} value={a}>
                  {areaLabel(a)}
                </SelectItem>
              ))}
            </SelectContent>
          </Select>
        </div>
        <div className="grid gap-1.5">
          <Label id={`${id}-action`}>Action</Label>
          <Select value={filters.action ?? ALL} onValueChange={(v) => change({ action: v === ALL ? undefined : v })}>
            <SelectTrigger aria-labelledby={`${id}-action`}>
              <SelectValue />
            </SelectTrigger>
            <SelectContent>
              <SelectItem value={ALL}>All actions</SelectItem>
              {actionsIn(filters.area).map((a) => (
                <SelectItem key={a} value={a}>
                  {actionLabel(a)}
                </SelectItem>
              ))}
            </SelectContent>
          </Select>
        </div>
        <div className="grid gap-1.5">
          <Label htmlFor={`${id}-actor`}>Person (email)</Label>
          <Input
            id={`${id}-actor`}
            type="email"
            placeholder="Anyone"
            defaultValue={filters.actorEmail}
            onBlur={(e) => change({ actorEmail: e.target.value || undefined })}
            onKeyDown={(e) => {
              if (e.key === 'Enter') change({ actorEmail: e.currentTarget.value || undefined });
            }}
          />
        </div>
        <div className="grid gap-1.5">
          <Label htmlFor={`${id}-from`}>From</Label>
          <Input
            id={`${id}-from`}
            type="date"
            value={filters.from ?? ''}
            onChange={(e) => change({ from: e.target.value || undefined })}
          />
        </div>
        <div className="grid gap-1.5">
          <Label htmlFor={`${id}-to`}>To</Label>
          <Input
            id={`${id}-to`}
            type="date"
            value={filters.to ?? ''}
            onChange={(e) => change({ to: e.target.value || undefined })}
          />
        </div>
      </fieldset>
      <div className="flex flex-wrap items-center justify-between gap-2">
        <p className="text-sm text-muted-foreground" aria-live="polite">
          {events.data ? `Page ${cursors.length}` : ''}
        </p>
        <ExportButton
          label="Download CSV"
          isPending={exporter.isPending}
          onExport={() => exporter.mutateAsync(filters)}
        />
      </div>
      <ListStates
        query={events}
        loading={<ListSkeleton label="Loading the audit log" rows={4} />}
        errorTitle="We could not load the audit log."
        isEmpty={(data) => data.data.length === 0}
        empty={
          <EmptyState
            icon={ScrollText}
            title={<>Nothing recorded{Object.values(filters).some(Boolean) ? ' matching these filters' : ' yet'}</>}
          />
        }
      >
        {(data) => (
          <>
            {/* biome-ignore lint/a11y/noNoninteractiveTabindex: a scrolling region must be reachable by keyboard to scroll it. */}
            <section aria-label="Audit log lines" tabIndex={0} className="overflow-x-auto rounded-xl border">
              <table
                className="w-full min-w-[40rem] text-left text-sm"
                aria-label="Audit log"
                aria-busy={events.isFetching}
              >
                <thead className="bg-muted/50 text-muted-foreground">
                  <tr>
                    <th scope="col" className="px-3 py-2 font-medium">
                      When
                    </th>
                    <th scope="col" className="px-3 py-2 font-medium">
                      Who
                    </th>
                    <th scope="col" className="px-3 py-2 font-medium">
                      What
                    </th>
                    <th scope="col" className="px-3 py-2 font-medium">
                      Details
                    </th>
                  </tr>
                </thead>
                <tbody className="divide-y">
                  {data.data.map((e) => (
                    <tr key={e.id} data-testid="audit-row">
                      <td className="whitespace-nowrap px-3 py-2 align-top">{formatTimestamp(e.created_at)}</td>
                      {/* Wide enough for an address; a very long one wraps where it must, not letter by letter. */}
                      <td className="min-w-64 px-3 py-2 align-top [overflow-wrap:anywhere]">
                        {e.actor?.email ? (
                          <>
                            {e.actor.email.slice(0, e.actor.email.lastIndexOf('@'))}
                            <wbr />
                            {e.actor.email.slice(e.actor.email.lastIndexOf('@'))}
                          </>
                        ) : e.api_key ? (
                          `API key ${e.api_key.name}`
                        ) : (
                          'System'
                        )}
                      </td>
                      <td className="px-3 py-2 align-top">
                        <span className="font-medium">{actionLabel(e.action)}</span>
                        <span className="block text-xs text-muted-foreground">{areaLabel(e.area)}</span>
                      </td>
                      <td className="min-w-64 px-3 py-2 align-top text-muted-foreground [overflow-wrap:anywhere]">
                        {describeDetail(e, billingCurrency)}
                      </td>
                    </tr>
                  ))}
                </tbody>
              </table>
            </section>
            <nav aria-label="Audit log pages" className="flex justify-end gap-2">
              <Button
                variant="outline"
                disabled={cursors.length === 1}
                onClick={() => setCursors((c) => c.slice(0, -1))}
              >
                Newer
              </Button>
              <Button
                variant="outline"
                disabled={!data.has_more || events.isFetching}
                onClick={() => {
                  const next = data?.next_cursor;
                  if (next) setCursors((c) => [...c, next]);
                }}
              >
                Older
              </Button>
            </nav>
          </>
        )}
      </ListStates>
    </div>
  );
}
