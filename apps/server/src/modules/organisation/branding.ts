import { DEFAULT_BRAND_COLOUR, senderDisplayName } from '@giftrelay/contracts';
import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema';
import { type Branding, findBranding } from './repository';

export const logoPath = (logoId: string) => `/api/v1/organisation-logos/${logoId}`;

export interface SenderBranding {
  /** The sender as recipients read it: the sender name, else the organisation's name. */
  sender: string;
  /** The From line's name: "Acme People Team via GiftRelay". */
  fromName: string;
  replyTo: string | null;
  /** `#rrggbb`; GiftRelay's colour when none is set. */
  colour: string;
  hasOwnColour: boolean;
  /** Path of the logo on this site, or null. */
  logoPath: string | null;
}

/** The organisation's look on recipient emails and the claim page, as of now. */
export async function senderBranding(db: Kysely<Database>, organisationId: string): Promise<SenderBranding> {
  return brandingOf(await findBranding(db, organisationId));
}

/** The look from the organisation's row and its logo's id, read by a caller's own statement. */
export function brandingOf(b: Branding): SenderBranding {
  const sender = b.sender_name ?? b.name;
  return {
    sender,
    fromName: senderDisplayName(sender),
    replyTo: b.reply_to,
    colour: b.brand_colour ?? DEFAULT_BRAND_COLOUR,
    hasOwnColour: b.brand_colour !== null,
    logoPath: b.logo_id ? logoPath(b.logo_id) : null,
  };
}
