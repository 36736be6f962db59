import type { MailboxMessage } from '@giftrelay/contracts';

/**
 * A text message (decision 082) as a phone shows it: one bubble, its links followable, as the
 * built-in mailbox took it in place of an SMS provider.
 */
export function SmsBubble({ message }: { message: MailboxMessage }) {
  const parts = message.text.split(/(https?:\/\/\S+)/);
  return (
    <section aria-label={`Text message to ${message.to}`} className="rounded-md border bg-muted/40 p-4">
      <p className="max-w-sm whitespace-pre-wrap break-words rounded-2xl rounded-bl-sm bg-secondary px-4 py-3 text-secondary-foreground text-sm">
        {parts.map((part, i) =>
          /^https?:\/\//.test(part) ? (
            // biome-ignore lint/suspicious/noArrayIndexKey: the parts of one fixed text, in order
            <a key={i} href={part} className="underline underline-offset-2">
              {part}
            </a>
          ) : (
            part
          ),
        )}
      </p>
    </section>
  );
}
