import type { Lead } from '@giftrelay/contracts';
import { Inbox } from 'lucide-react';
import { useId } from 'react';
import { useSearchParams } from 'react-router';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { ExportButton } from '@/components/ui/export-button';
import { Label } from '@/components/ui/label';
import { EmptyState, ListSkeleton, ListStates } from '@/components/ui/list-states';
import { ScrollTable } from '@/components/ui/scroll-table';
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from '@/components/ui/select';
import { formatTimestamp } from '@/lib/format';
import { useExportLeads, useLeadCampaigns, useLeads } from '../api/leads';
import { filtersFrom, type LeadFilters, SOURCE_LABELS } from '../utils/leads-view';

const ALL = 'all';
const HEADINGS = ['Received', 'Email', 'Source', 'Campaign', 'Details', 'Sent'];

/**
 * Marketing → Leads: the contact form's messages and the landing pages' leads in one inbox,
 * filtered by source and campaign (kept in the address), paged with Load more, and exported.
 */
export function LeadsInbox() {
  const id = useId();
  const [params, setParams] = useSearchParams();
  const filters = filtersFrom(params);
  const leads = useLeads(filters);
  const campaigns = useLeadCampaigns();
  const exporter = useExportLeads();

  const change = (next: Partial<LeadFilters>) => {
    const merged = { ...filters, ...next };
    setParams(
      (now) => {
        const out = new URLSearchParams(now);
        for (const key of ['source', 'campaign'] as const) {
          const value = merged[key];
          if (value) out.set(key, value);
          else out.delete(key);
        }
        return out;
      },
      { replace: true },
    );
  };
  const rows = leads.data?.pages.flatMap((p) => p.data) ?? [];
  const campaignOptions = campaigns.data?.map((c) => c.campaign) ?? [];
  // A campaign in the address that no lead has (yet) stays choosable, so the control shows it.
  if (filters.campaign && !campaignOptions.includes(filters.campaign)) campaignOptions.unshift(filters.campaign);

  return (
    <div className="grid gap-4">
      <fieldset className="grid gap-3 sm:grid-cols-[minmax(0,12rem)_minmax(0,18rem)_1fr] sm:items-end">
        <legend className="sr-only">Filters</legend>
        <div className="grid gap-1.5">
          <Label id={`${id}-source`}>Source</Label>
          <Select
            value={filters.source ?? ALL}
            onValueChange={(v) => change({ source: v === ALL ? undefined : (v as LeadFilters['source']) })}
          >
            <SelectTrigger aria-labelledby={`${id}-source`}>
              <SelectValue />
            </SelectTrigger>
            <SelectContent>
              <SelectItem value={ALL}>All sources</SelectItem>
              <SelectItem value="contact_form">{SOURCE_LABELS.contact_form}</SelectItem>
              <SelectItem value="landing_page">{SOURCE_LABELS.landing_page}</SelectItem>
            </SelectContent>
          </Select>
        </div>
        <div className="grid gap-1.5">
          <Label id={`${id}-campaign`}>Campaign</Label>
          <Select
            value={filters.campaign ?? ALL}
            onValueChange={(v) => change({ campaign: v === ALL ? undefined : v })}
          >
            <SelectTrigger aria-labelledby={`${id}-campaign`}>
              <SelectValue />
            </SelectTrigger>
            <SelectContent>
              <SelectItem value={ALL}>All campaigns</SelectItem>
              {campaignOptions.map((c) => (
                <SelectItem key={c} value={c}>
                  {c}
                </SelectItem>
              ))}
            </SelectContent>
          </Select>
        </div>
        <div className="flex sm:justify-end">
          <ExportButton
            label="Export CSV"
            isPending={exporter.isPending}
            onExport={() => exporter.mutateAsync(filters)}
          />
        </div>
      </fieldset>

      <ListStates
        query={leads}
        loading={<ListSkeleton label="Loading leads" rows={4} />}
        errorTitle="We could not load the leads."
        isEmpty={() => rows.length === 0}
        empty={
          <EmptyState
            icon={Inbox}
            title={filters.source || filters.campaign ? 'No leads match these filters' : 'No leads yet'}
          >
            <p className="max-w-prose text-sm text-muted-foreground">
              Messages from the contact form and emails left on landing pages arrive here.
            </p>
          </EmptyState>
        }
      >
        {() => (
          <>
            <ScrollTable label="Leads" headings={HEADINGS} busy={leads.isFetching}>
              {rows.map((lead) => (
                <LeadRow key={lead.id} lead={lead} />
              ))}
            </ScrollTable>
            <div className="flex flex-wrap items-center justify-between gap-2">
              <p className="text-sm text-muted-foreground" aria-live="polite">
                {rows.length === 1 ? '1 lead shown' : `${rows.length} leads shown`}
              </p>
              {leads.hasNextPage && (
                <Button variant="outline" disabled={leads.isFetchingNextPage} onClick={() => leads.fetchNextPage()}>
                  {leads.isFetchingNextPage ? 'Loading...' : 'Load more'}
                </Button>
              )}
            </div>
          </>
        )}
      </ListStates>
    </div>
  );
}

function LeadRow({ lead }: { lead: Lead }) {
  const details =
    lead.source === 'contact_form'
      ? [lead.name, lead.company, lead.topic && `Topic: ${lead.topic}`, lead.plan && `Plan: ${lead.plan}`]
      : [lead.primary_keyword && `Keyword: ${lead.primary_keyword}`, lead.utm_campaign && `UTM: ${lead.utm_campaign}`];
  return (
    <tr data-testid="lead-row">
      <td className="whitespace-nowrap px-3 py-2 align-top">{formatTimestamp(lead.created_at)}</td>
      <td className="px-3 py-2 align-top break-all">{lead.email}</td>
      <td className="px-3 py-2 align-top">
        <Badge variant={lead.source === 'landing_page' ? 'secondary' : 'outline'}>{SOURCE_LABELS[lead.source]}</Badge>
      </td>
      <td className="px-3 py-2 align-top break-all">{lead.campaign ?? '—'}</td>
      <td className="max-w-[24rem] px-3 py-2 align-top text-muted-foreground">
        <p className="break-words">{details.filter(Boolean).join(' · ') || '—'}</p>
        {lead.message && <p className="mt-1 line-clamp-3 whitespace-pre-line break-words">{lead.message}</p>}
      </td>
      <td className="whitespace-nowrap px-3 py-2 align-top tabular-nums">
        {lead.submissions === 1 ? 'Once' : `${lead.submissions} times`}
        {lead.submissions > 1 && (
          <span className="block text-xs text-muted-foreground">last {formatTimestamp(lead.last_submitted_at)}</span>
        )}
      </td>
    </tr>
  );
}
