import { SMTPServer } from 'smtp-server';

/**
 * A real SMTP server for the benches (smtp-server, in the bench's process) that records when each
 * recipient's message was accepted (`performance.now()`), and the verification link of each
 * sign-up email, so a bench can create real accounts and time deliveries to the email.
 */
export function smtpRecorder() {
  const received = new Map<string, number>();
  const verifyLinks = new Map<string, string>();
  /** The claim link's token of each recipient's latest reward email (bench:choice picks with it). */
  const claimTokens = new Map<string, string>();
  /** Messages accepted per recipient: a bench that promises exactly once counts them. */
  const counts = new Map<string, number>();
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS', 'AUTH'],
    logger: false,
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (c: Buffer) => chunks.push(c));
      stream.on('end', () => {
        const at = performance.now();
        const raw = Buffer.concat(chunks)
          .toString('utf8')
          .replace(/=\r?\n/g, '')
          .replace(/=3D/g, '=');
        for (const rcpt of session.envelope.rcptTo) {
          received.set(rcpt.address, at);
          counts.set(rcpt.address, (counts.get(rcpt.address) ?? 0) + 1);
          const link = /\/verify\/([A-Za-z0-9_-]{20,})/.exec(raw)?.[1];
          if (link) verifyLinks.set(rcpt.address, link);
          const claim = /\/claim\/([A-Za-z0-9_-]{43})/.exec(raw)?.[1];
          if (claim) claimTokens.set(rcpt.address, claim);
        }
        callback();
      });
    },
  });
  return { server, received, verifyLinks, counts, claimTokens };
}
