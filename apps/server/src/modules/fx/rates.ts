/**
 * Exchange rates for charging an organisation in its billing currency. The sandbox uses fixed
 * reference rates (USD per unit); a real deployment plugs a rate source in here. Rates are exact
 * decimal strings, stored with each order.
 */
const USD_PER_UNIT: Record<string, string> = {
  USD: '1',
  GBP: '1.2700',
  CAD: '0.7300',
  EUR: '1.0800',
  AUD: '0.6600',
  NZD: '0.6000',
  CHF: '1.1300',
  JPY: '0.0067',
  INR: '0.0120',
  MXN: '0.0580',
  BRL: '0.1800',
  SEK: '0.0950',
  NOK: '0.0930',
  DKK: '0.1450',
  PLN: '0.2500',
  SGD: '0.7400',
  HKD: '0.1280',
  ZAR: '0.0540',
  AED: '0.2723',
};

export interface Rate {
  /** Units of `to` per unit of `from`, as an exact decimal string. */
  rate: string;
  from: string;
  to: string;
  source: string;
}

export function getRate(from: string, to: string): Rate | undefined {
  if (from === to) return { rate: '1', from, to, source: 'identity' };
  const fromUsd = USD_PER_UNIT[from];
  const toUsd = USD_PER_UNIT[to];
  if (!fromUsd || !toUsd) return undefined;
  if (to === 'USD') return { rate: fromUsd, from, to, source: 'sandbox-reference' };
  // Cross rate, rounded to 10 decimals (the precision convertMinor accepts).
  const scale = 10n ** 10n;
  const [a, b] = [decimalToScaled(fromUsd), decimalToScaled(toUsd)];
  const scaled = (a * scale * 2n + b) / (b * 2n);
  const whole = scaled / scale;
  const frac = (scaled % scale).toString().padStart(10, '0').replace(/0+$/, '');
  return { rate: frac ? `${whole}.${frac}` : `${whole}`, from, to, source: 'sandbox-reference' };
}

function decimalToScaled(rate: string): bigint {
  const [w, f = ''] = rate.split('.');
  return BigInt(`${w}${f.padEnd(10, '0')}`);
}

export const supportedCurrencies = () => Object.keys(USD_PER_UNIT);
