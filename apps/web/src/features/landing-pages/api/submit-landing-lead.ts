import { api } from '@/lib/api-client';

export interface LandingLead {
  email: string;
  slug: string;
  utm_campaign?: string;
  primary_keyword?: string;
}

/**
 * The lead form: the server files it with campaign `landing_page_{slug}` and source `landing_page`
 * (spec section 7). A plain call, not a mutation: a visitor's page loads no query client.
 */
export const submitLandingLead = (lead: LandingLead) =>
  api.post(
    '/api/v1/leads/landing-page',
    {
      email: lead.email,
      slug: lead.slug,
      ...(lead.utm_campaign ? { utm_campaign: lead.utm_campaign } : {}),
      ...(lead.primary_keyword ? { primary_keyword: lead.primary_keyword } : {}),
    },
    { auth: false },
  );
