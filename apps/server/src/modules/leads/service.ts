import type { CreateLead } from '@giftrelay/contracts';
import type { Db } from '../../db/database';
import { insertLead } from './repository';

/** Stores a contact-form message. An empty company is no company. */
export async function createContactLead(db: Db, input: CreateLead): Promise<{ id: string }> {
  return insertLead(db, {
    source: 'contact_form',
    name: input.name,
    email: input.email,
    company: input.company || null,
    topic: input.topic,
    plan: input.plan ?? null,
    message: input.message,
  });
}
