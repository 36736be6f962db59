import type { MailboxList } from '@giftrelay/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';

export const listMailboxMessages = () => api.get<MailboxList>('/api/mailbox?limit=100', { auth: false });

/** New mail shows up by itself: the list is polled while the page is open. */
export const mailboxMessagesQueryOptions = () =>
  queryOptions({ queryKey: ['mailbox', 'messages'], queryFn: listMailboxMessages, refetchInterval: 3000 });

export const useMailboxMessages = () => useQuery(mailboxMessagesQueryOptions());
