import { createRequire } from 'node:module';
import {
  type RiskMatch,
  SANDBOX_BLOCK_DOMAIN,
  SANDBOX_HOLD_AMOUNT_MINOR,
  SANDBOX_HOLD_DOMAIN,
} from '@giftrelay/contracts';
import { convertMinor } from '@giftrelay/money';
import { getRate } from '../fx';

/**
 * What the order statement's `risk_order_matches` needs from this process (decision 083): the
 * reward's face value in USD, whether the address's domain gives out disposable addresses, and the
 * sandbox trigger it meets, if any. All in memory: an order of an organisation without rules costs
 * no query for them.
 */
export interface RiskOrderInputs {
  usdRewardMinor: number;
  disposable: boolean;
  /** A JSON array of one sandbox match, or null. */
  sandboxMatch: string | null;
}

const require = createRequire(import.meta.url);
let disposableDomains: Set<string> | undefined;

/**
 * Whether `domain` is on the maintained list of disposable-address domains (the
 * `disposable-email-domains` package: about 120,000 names, some 8 MB as a Set, loaded on first use).
 */
export function isDisposableDomain(domain: string): boolean {
  disposableDomains ??= new Set(require('disposable-email-domains') as string[]);
  return disposableDomains.has(domain);
}

/**
 * The deterministic sandbox triggers (documented on the docs page): in sandbox mode only, an
 * address at hold.sandbox.giftrelay.test or a face value of exactly 13.13 is held, one at
 * block.sandbox.giftrelay.test refused.
 */
export function sandboxTrigger(email: string | null, amountMinor: number, sandbox: boolean): RiskMatch | null {
  if (!sandbox) return null;
  // An order by text only (decision 088) has no domain: only the amount's trigger applies.
  const domain = email === null ? null : domainOf(email);
  const trigger = (kind: string, action: RiskMatch['action'], reason: string): RiskMatch => ({
    rule_id: null,
    scope: 'sandbox',
    kind,
    action,
    reason: `Sandbox trigger: ${reason}`,
  });
  if (domain === SANDBOX_BLOCK_DOMAIN)
    return trigger('recipient_domain', 'block', `every order to ${SANDBOX_BLOCK_DOMAIN} is refused`);
  if (domain === SANDBOX_HOLD_DOMAIN)
    return trigger('recipient_domain', 'hold', `every order to ${SANDBOX_HOLD_DOMAIN} is held for review`);
  if (amountMinor === SANDBOX_HOLD_AMOUNT_MINOR)
    return trigger('amount_above', 'hold', 'every reward of exactly 13.13 is held for review');
  return null;
}

/** A face value in USD minor units, at the day's rate (what amount rules compare). */
export function usdMinorOf(amountMinor: number, currency: string): number {
  const rate = getRate(currency, 'USD');
  if (!rate) throw new Error(`no ${currency} → USD rate for the risk rules`);
  return convertMinor(amountMinor, currency, 'USD', rate.rate);
}

/** The address's domain, as the rules compare it. */
const domainOf = (email: string) => email.slice(email.lastIndexOf('@') + 1);

/** Whether the address is at a disposable-address domain; an order by text only (null) is not (decision 088). */
export const isDisposableAddress = (email: string | null): boolean =>
  email !== null && isDisposableDomain(domainOf(email));

export function riskOrderInputs(order: {
  recipient_email: string | null;
  amount_minor: string | number;
  currency: string;
  sandbox: boolean;
}): RiskOrderInputs {
  const amountMinor = Number(order.amount_minor);
  const email = order.recipient_email;
  const match = sandboxTrigger(email, amountMinor, order.sandbox);
  return {
    usdRewardMinor: usdMinorOf(amountMinor, order.currency),
    disposable: isDisposableAddress(email),
    sandboxMatch: match ? JSON.stringify([match]) : null,
  };
}
