import { MailboxView } from '@/features/mailbox';
import { usePageTitle } from '@/lib/page-meta';

export function Component() {
  usePageTitle('Mailbox');
  return (
    <div className="mx-auto grid max-w-6xl gap-6 px-4 py-10">
      <div className="grid gap-1">
        <h1 className="text-3xl font-bold tracking-tight">Mailbox</h1>
        <p className="text-muted-foreground">
          No email server is configured, so GiftRelay keeps the emails it sends here instead. Set <code>SMTP_URL</code>{' '}
          to deliver them for real.
        </p>
      </div>
      <MailboxView />
    </div>
  );
}
