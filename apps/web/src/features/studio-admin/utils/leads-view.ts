import type { LeadSource } from '@giftrelay/contracts';

/** The inbox's filters, as the address keeps them (`?source=…&campaign=…`). */
export interface LeadFilters {
  source?: LeadSource;
  campaign?: string;
}

export const SOURCE_LABELS: Record<LeadSource, string> = {
  contact_form: 'Contact form',
  landing_page: 'Landing page',
};

export function filterQuery(filters: LeadFilters): URLSearchParams {
  const q = new URLSearchParams();
  if (filters.source) q.set('source', filters.source);
  if (filters.campaign) q.set('campaign', filters.campaign);
  return q;
}

/** The filters in an address; anything unknown is no filter. */
export function filtersFrom(params: URLSearchParams): LeadFilters {
  const source = params.get('source');
  const campaign = params.get('campaign')?.trim();
  return {
    source: source === 'contact_form' || source === 'landing_page' ? source : undefined,
    campaign: campaign ? campaign.slice(0, 200) : undefined,
  };
}
