import type { MailboxMessage } from '@giftrelay/contracts';

/**
 * The email's HTML in a sandboxed frame: no scripts, no access to the app. Links open in the
 * whole window (a <base target> added to the email), as they would from a mail client.
 */
export function EmailFrame({ message }: { message: MailboxMessage }) {
  const html = message.html.includes('<head>')
    ? message.html.replace('<head>', '<head><base target="_top">')
    : `<base target="_top">${message.html}`;
  return (
    <iframe
      title={`Email: ${message.subject}`}
      srcDoc={html}
      sandbox="allow-popups allow-popups-to-escape-sandbox allow-top-navigation-by-user-activation"
      className="h-[70vh] min-h-96 w-full rounded-md border bg-white"
    />
  );
}
