import type { MailboxMessage } from '@giftrelay/contracts';
import { Inbox, RefreshCw } from 'lucide-react';
import { useSearchParams } from 'react-router';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { Spinner } from '@/components/ui/spinner';
import { ApiError } from '@/lib/api-client';
import { formatTimestamp } from '@/lib/format';
import { cn } from '@/lib/utils';
import { useMailboxMessages } from '../api/list-mailbox-messages';
import { EmailFrame } from './email-frame';
import { SmsBubble } from './sms-bubble';

/** Every email the app sent while no SMTP server is configured: a list, and the one selected. */
export function MailboxView() {
  const messages = useMailboxMessages();
  const [params, setParams] = useSearchParams();

  if (messages.isPending) {
    return (
      <div className="flex justify-center py-16">
        <Spinner label="Loading the mailbox" />
      </div>
    );
  }
  if (messages.isError) {
    const isOff = messages.error instanceof ApiError && messages.error.status === 404;
    return (
      <Card className="p-8 text-center">
        <p role="alert" className="font-medium">
          {isOff
            ? 'The built-in mailbox is not open here: this server sends email through its SMTP server, or its mailbox answers only on the server’s own machine.'
            : 'Could not load the mailbox.'}
        </p>
        {!isOff && (
          <Button className="mt-4" variant="outline" onClick={() => void messages.refetch()}>
            Try again
          </Button>
        )}
      </Card>
    );
  }

  const list = messages.data.messages;
  const selected = list.find((m) => m.id === params.get('id')) ?? list[0];
  const select = (m: MailboxMessage) =>
    setParams(
      (p) => {
        p.set('id', m.id);
        return p;
      },
      { replace: true },
    );

  if (!list.length) {
    return (
      <Card className="flex flex-col items-center gap-3 p-12 text-center">
        <Inbox className="size-10 text-muted-foreground" aria-hidden />
        <p className="font-medium">No emails yet</p>
        <p className="text-sm text-muted-foreground">Emails the app sends, such as verification links, appear here.</p>
      </Card>
    );
  }

  return (
    <div className="grid gap-4 md:grid-cols-[minmax(0,20rem)_minmax(0,1fr)]">
      <Card className="overflow-hidden">
        <div className="flex items-center justify-between border-b px-4 py-2">
          <h2 className="text-sm font-semibold">
            {list.length} message{list.length === 1 ? '' : 's'}
          </h2>
          <Button
            variant="ghost"
            size="icon"
            aria-label="Refresh"
            disabled={messages.isFetching}
            onClick={() => void messages.refetch()}
          >
            <RefreshCw className={cn('size-4', messages.isFetching && 'animate-spin')} aria-hidden />
          </Button>
        </div>
        <ul aria-label="Messages" className="max-h-[70vh] divide-y overflow-y-auto">
          {list.map((m) => (
            <li key={m.id}>
              <button
                type="button"
                aria-current={m.id === selected?.id ? 'true' : undefined}
                onClick={() => select(m)}
                className={cn(
                  'grid w-full gap-0.5 px-4 py-3 text-left hover:bg-muted',
                  m.id === selected?.id && 'bg-secondary text-secondary-foreground',
                )}
              >
                <span className="flex min-w-0 items-center gap-2">
                  {m.channel === 'sms' && <Badge variant="outline">SMS</Badge>}
                  <span className="truncate text-sm font-medium">{m.subject}</span>
                </span>
                <span className="truncate text-xs text-muted-foreground">To {m.to}</span>
                <span className="text-xs text-muted-foreground">{formatTimestamp(m.created_at)}</span>
              </button>
            </li>
          ))}
        </ul>
      </Card>
      {selected && (
        <Card className="grid min-w-0 content-start gap-3 p-4">
          <div className="grid gap-1">
            <h2 className="text-lg font-semibold break-words">{selected.subject}</h2>
            <dl className="grid grid-cols-[auto_1fr] gap-x-3 text-sm text-muted-foreground">
              <dt>From</dt>
              <dd className="break-all">{selected.from}</dd>
              <dt>To</dt>
              <dd className="break-all">{selected.to}</dd>
              <dt>Sent</dt>
              <dd>{formatTimestamp(selected.created_at)}</dd>
            </dl>
          </div>
          {selected.channel === 'sms' ? (
            <SmsBubble message={selected} />
          ) : (
            <>
              <EmailFrame message={selected} />
              <details className="text-sm">
                <summary className="cursor-pointer font-medium">Plain-text version</summary>
                <pre className="mt-2 overflow-x-auto whitespace-pre-wrap break-words rounded-md bg-muted p-3 font-mono text-xs">
                  {selected.text}
                </pre>
              </details>
            </>
          )}
        </Card>
      )}
    </div>
  );
}
