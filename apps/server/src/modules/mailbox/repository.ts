import type { MailboxMessage } from '@giftrelay/contracts';
import type { Db } from '../../db/database';

const columns = [
  'id',
  'from_address',
  'reply_to',
  'to_address',
  'channel',
  'subject',
  'text_body',
  'html_body',
  'created_at',
] as const;

type Row = {
  id: string;
  from_address: string;
  reply_to: string | null;
  to_address: string;
  channel: string;
  subject: string;
  text_body: string;
  html_body: string;
  created_at: Date;
};

const toMessage = (r: Row): MailboxMessage => ({
  id: r.id,
  from: r.from_address,
  reply_to: r.reply_to,
  to: r.to_address,
  channel: r.channel === 'sms' ? 'sms' : 'email',
  subject: r.subject,
  text: r.text_body,
  html: r.html_body,
  created_at: r.created_at.toISOString(),
});

/**
 * Newest first; `to` narrows to one recipient (case-insensitive, as addresses are), or one number:
 * `?to=+15555550123` unencoded arrives as " 15555550123" (a plus is a space in a query), and its digits are
 * read as the number they were.
 */
export async function listMessages(db: Db, filter: { to?: string; limit: number }): Promise<MailboxMessage[]> {
  let q = db.selectFrom('mailbox_messages').select(columns);
  if (filter.to) q = q.where('to_address', '=', filter.to.toLowerCase().replace(/^\s*(\d{6,15})$/, '+$1'));
  const rows = await q.orderBy('created_at', 'desc').orderBy('id', 'desc').limit(filter.limit).execute();
  return rows.map(toMessage);
}

export async function findMessage(db: Db, id: string): Promise<MailboxMessage | undefined> {
  const row = await db.selectFrom('mailbox_messages').select(columns).where('id', '=', id).executeTakeFirst();
  return row && toMessage(row);
}
