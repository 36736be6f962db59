import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';

/** Whether this server keeps email in its built-in mailbox (no SMTP server configured). */
export const getMailboxStatus = () =>
  api.get('/api/mailbox?limit=1', { auth: false }).then(
    () => true,
    () => false,
  );

export const mailboxStatusQueryOptions = () =>
  queryOptions({ queryKey: ['mailbox', 'status'], queryFn: getMailboxStatus, staleTime: Number.POSITIVE_INFINITY });

export const useMailboxStatus = () => useQuery(mailboxStatusQueryOptions());
