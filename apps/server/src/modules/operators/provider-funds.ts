import { formatMoney } from '@giftrelay/money';
import type { FastifyInstance } from 'fastify';
import { sql } from 'kysely';
import { renderEmail } from '../../lib/email/layout';
import { lowFundsLevelMinor } from '../../providers/gift-cards';
import { listOperators } from './repository';

const ALERT = 'low_funds';
const ONCE_EVERY_HOURS = 24;

/**
 * The housekeeping sweep's look at GiftRelay's own account with a real provider (issue 17): below
 * its alert level (TANGO_LOW_BALANCE), every platform operator is emailed, at most once a day
 * across every process (the claim on `provider_alerts` is one conditional statement). Returns
 * whether it emailed. Orders fail with `insufficient_funds` once the account is empty, so this
 * is the warning before that.
 */
export async function alertLowProviderFunds(app: FastifyInstance): Promise<boolean> {
  if (app.giftCards.isSandbox || !app.config.giftCards.tango) return false;
  const health = await app.giftCards.health({ fresh: true });
  if (!health.funds) return false;
  const { currency, availableMinor } = health.funds;
  const levelMinor = lowFundsLevelMinor(app.config, currency);
  if (levelMinor === null || availableMinor >= levelMinor) return false;
  const { rows } = await sql<{ claimed: boolean }>`
    INSERT INTO provider_alerts AS a (provider, kind, sent_at) VALUES (${app.giftCards.name}, ${ALERT}, now())
    ON CONFLICT (provider, kind) DO UPDATE SET sent_at = now()
      WHERE a.sent_at < now() - make_interval(hours => ${ONCE_EVERY_HOURS})
    RETURNING true AS claimed`.execute(app.db);
  if (!rows[0]?.claimed) return false;
  const operators = await listOperators(app.db, app.config.operatorEmails);
  const available = formatMoney(availableMinor, currency);
  for (const { email } of operators) {
    await app.mail.send({
      to: email,
      subject: `GiftRelay's ${app.giftCards.name} account is low: ${available} left`,
      ...renderEmail({
        preview: `${available} left with ${app.giftCards.name}; orders fail once it runs out.`,
        heading: 'The gift-card provider account runs low',
        paragraphs: [
          `GiftRelay's account with ${app.giftCards.name} holds ${available}, below the alert level of ${formatMoney(levelMinor, currency)} (TANGO_LOW_BALANCE).`,
          'Orders fail with "insufficient funds" at the provider once it is empty, and their holds are released. Fund the account before then.',
        ],
      }),
    });
  }
  app.log.warn({ provider: app.giftCards.name, currency }, 'provider account low: operators emailed');
  return true;
}
