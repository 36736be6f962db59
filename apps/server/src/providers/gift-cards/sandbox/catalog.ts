import { currencyExponent, findCountry, PAYOUT_TYPE_LABELS } from '@giftrelay/contracts';
import type { ProviderProduct } from '../types';
import { type Brand, getBrand } from './brands';
import { monogramSvg } from './logo';

/** A sandbox product with what the sandbox needs to issue its cards. */
export interface SandboxProduct extends ProviderProduct {
  issue: IssueStyle;
}

export interface IssueStyle {
  codeFormat: string;
  pinFormat: string | null;
  /** Months from issue to expiry; null for cards that do not expire. */
  expiryMonths: number | null;
  /** Whether the card comes with a link to activate it (virtual prepaid cards). */
  redemptionLink: boolean;
  /**
   * Where the brand's cards are redeemed online (its redemption page), given with every card so
   * the claim page can link there (issue 35); null for cards spent in store only. The sandbox's
   * stand-in for the brand's site: its cards have no value anywhere real.
   */
  redemptionSite: string | null;
}

interface Market {
  currency: string;
  /** Months a gift card stays valid there, by law or custom; null: no expiry. */
  expiryMonths: number | null;
  validity: string;
  /** The products on offer: brand key and its values, `min-max` or `a/b/c` in the major unit. */
  offer: string;
  names?: Record<string, string>;
}

const PREPAID_EXPIRY_MONTHS = 6;

/**
 * The hand-written part of the sandbox catalogue: well-known brands in the countries the
 * product's screens name first, with values and rules as their real cards have them.
 */
const MARKETS: Record<string, Market> = {
  US: {
    currency: 'USD',
    expiryMonths: null,
    validity: 'This card does not expire and carries no fees.',
    offer: `AMAZON 1-2000, TARGET 5-500, WALMART 5-500, BESTBUY 10-500, HOMEDEPOT 10-2000, LOWES 10-500,
      NIKE 10-500, SEPHORA 10-500, MACYS 10-500, NORDSTROM 25-1000, IKEA 10-1000, GAP 25/50/100, EBAY 5-200,
      WAYFAIR 25-500, ULTA 10-250, ADIDAS 10-250, STARBUCKS 5-500, DOORDASH 15-500, UBEREATS 15-500,
      CHIPOTLE 10-250, DUNKIN 5-100, PANERA 5-250, DOMINOS 10/25/50, INSTACART 25-500, SUBWAY 5-100,
      CHEESECAKE 25-250, GRUBHUB 10-200, WHOLEFOODS 25-500, NETFLIX 25/30/50/60/100, SPOTIFY 10/30/60/99,
      APPLE 2-500, GOOGLEPLAY 5-500, AMC 10-200, FANDANGO 10-200, HULU 25/50/100, DISNEYPLUS 25/50/100,
      XBOX 10/15/25/50/100, PLAYSTATION 10/25/50/75/100, NINTENDO 10/20/35/50/70/99, STEAM 20/50/100,
      ROBLOX 10/25/50/100, AIRBNB 25-2000, UBER 15-500, SOUTHWEST 25-1000, HOTELSCOM 50-1000, DELTA 50-1000,
      VISA 5-2000, MASTERCARD 5-2000`,
    names: { AMAZON: 'Amazon.com Gift Card' },
  },
  UK: {
    currency: 'GBP',
    expiryMonths: 24,
    validity: 'Valid for 24 months from the date of issue.',
    offer: `AMAZON 1-2000, TESCO 5-500, MARKS 5-500, JOHNLEWIS 10-500, ARGOS 5-500, BOOTS 5-250, SAINSBURYS 5-500,
      ASOS 10-500, CURRYS 10-500, NEXT 10-500, IKEA 10-1000, LOVE2SHOP 5-1000, COSTA 5-100,
      PIZZAEXPRESS 10/25/50/100, DELIVEROO 10-250, NANDOS 10-100, PRET 5-50, CAFFENERO 5-100, JUSTEAT 10-250,
      STARBUCKS 5-100, GREGGS 5/10/20, NETFLIX 15/25/50, SPOTIFY 10/30/60/99, APPLE 10-250, GOOGLEPLAY 5-200,
      ODEON 10-250, CINEWORLD 10-200, XBOX 10/15/25/50, PLAYSTATION 10/20/25/50, NINTENDO 15/25/50,
      STEAM 10/20/50, AIRBNB 25-1000, UBER 15-250, TRAINLINE 10-500, VISA 10-1000`,
    names: { AMAZON: 'Amazon.co.uk Gift Card' },
  },
  CA: {
    currency: 'CAD',
    expiryMonths: null,
    validity: 'This card does not expire and carries no fees, as provincial law requires.',
    offer: `AMAZON 1-2000, CANADIANTIRE 10-1000, HUDSONSBAY 10-1000, SEPHORA 10-500, BESTBUY 10-500, WALMART 10-500,
      INDIGO 10-500, ROOTS 25-500, WINNERS 25-500, IKEA 10-1000, LULULEMON 25-500, SPORTCHEK 10-500,
      TIMHORTONS 5-100, STARBUCKS 5-500, UBEREATS 15-500, DOORDASH 15-500, SKIP 10-250, SWISSCHALET 25/50/100,
      BOSTONPIZZA 25/50/100, CINEPLEX 10-250, NETFLIX 30/50/75, SPOTIFY 10/30/60, APPLE 15-500,
      GOOGLEPLAY 15/25/50/100, XBOX 15/25/50/100, PLAYSTATION 20/50/75/100, NINTENDO 20/35/50, STEAM 20/50/100,
      AIRBNB 25-1000, UBER 25-250, VISA 10-1000, MASTERCARD 10-1000`,
    names: { AMAZON: 'Amazon.ca Gift Card' },
  },
  AU: {
    currency: 'AUD',
    expiryMonths: 36,
    validity: 'Valid for at least 3 years from the date of issue, as Australian law requires.',
    offer: `AMAZON 1-2000, JBHIFI 10-1000, WOOLWORTHS 10-500, COLES 10-500, MYER 20-1000, BUNNINGS 10-1000,
      IKEA 10-1000, UBEREATS 25-500, MENULOG 10-250, GUZMAN 10-100, EVENTCINEMAS 10-200, HOYTS 10-200,
      NETFLIX 20/30/50/100, SPOTIFY 10/30/60, APPLE 20-500, GOOGLEPLAY 20/30/50/100, XBOX 15/30/50/100,
      PLAYSTATION 20/30/50/100, NINTENDO 20/50/100, STEAM 20/50/100, AIRBNB 50-1000, UBER 25-250, VISA 20-1000`,
    names: { AMAZON: 'Amazon.com.au Gift Card' },
  },
  DE: {
    currency: 'EUR',
    expiryMonths: 36,
    validity: 'Valid until the end of the third year after purchase.',
    offer: `AMAZON 1-1000, ZALANDO 5-500, MEDIAMARKT 15-500, IKEA 10-1000, DOUGLAS 10-250, HM 10-500,
      LIEFERANDO 10-250, NETFLIX 15/25/50, SPOTIFY 10/30/60, APPLE 15-250, GOOGLEPLAY 15/25/50/100,
      XBOX 10/15/25/50, PLAYSTATION 10/20/25/50, NINTENDO 15/25/50, STEAM 10/20/50, AIRBNB 25-1000, UBER 15-250`,
    names: { AMAZON: 'Amazon.de Gift Card' },
  },
  FR: {
    currency: 'EUR',
    expiryMonths: 12,
    validity: 'Valid for 12 months from the date of issue.',
    offer: `AMAZON 1-1000, FNAC 10-500, DECATHLON 10-500, SEPHORA 10-500, CARREFOUR 10-500,
      GALERIESLAFAYETTE 20-1000, IKEA 10-1000, UBEREATS 15-250, DELIVEROO 10-250, NETFLIX 15/25/50,
      SPOTIFY 10/30/60, APPLE 15-250, GOOGLEPLAY 15/25/50/100, XBOX 10/15/25/50, PLAYSTATION 10/20/25/50,
      NINTENDO 15/25/50, AIRBNB 25-1000`,
    names: { AMAZON: 'Amazon.fr Gift Card' },
  },
  JP: {
    currency: 'JPY',
    expiryMonths: null,
    validity: 'This card does not expire.',
    offer: `AMAZON 15-500000, STARBUCKS 1000-30000, UNIQLO 1000-30000, APPLE 1500-100000,
      GOOGLEPLAY 1500/3000/5000/10000, NINTENDO 1000/3000/5000/9000, PLAYSTATION 1100/3000/5000/10000,
      NETFLIX 2000/3000/5000/10000, UBEREATS 3000-50000`,
    names: { AMAZON: 'Amazon.co.jp Gift Card' },
  },
};

/** Everything about a product that follows from its brand, country and values. */
export function buildProduct(
  brand: Brand,
  country: string,
  currency: string,
  values: { min: number; max: number } | { denominations: number[] },
  market: { name?: string; code?: string; expiryMonths: number | null; validity: string },
): SandboxProduct {
  const countryName = withArticle(findCountry(country)?.name ?? country);
  const exponent = currencyExponent(currency);
  const minor = (major: number) => Math.round(major * 10 ** exponent);
  const denominationsMinor = 'denominations' in values ? values.denominations.map(minor) : null;
  const isPrepaid = brand.payoutType === 'prepaid_card';
  const name = market.name ?? `${brand.name} ${isPrepaid ? 'Prepaid Card' : 'Gift Card'}`;
  const expiryMonths = isPrepaid ? PREPAID_EXPIRY_MONTHS : market.expiryMonths;
  return {
    code: market.code ?? `${brand.key}-${country}`,
    name,
    brand: brand.name,
    country,
    currency,
    minValueMinor: denominationsMinor ? Math.min(...denominationsMinor) : minor((values as { min: number }).min),
    maxValueMinor: denominationsMinor ? Math.max(...denominationsMinor) : minor((values as { max: number }).max),
    denominationsMinor,
    payoutType: brand.payoutType,
    category: brand.category,
    logoSvg: monogramSvg(brand.name, brand.colors),
    description: `${brand.about} A digital ${PAYOUT_TYPE_LABELS[brand.payoutType].toLowerCase()} for use in ${countryName}, delivered by email.`,
    redemptionInstructions: instructions(brand, countryName),
    terms: terms(brand, isPrepaid ? prepaidValidity : market.validity),
    issue: {
      codeFormat: brand.codeFormat,
      pinFormat: brand.pinFormat,
      expiryMonths,
      redemptionLink: brand.channel === 'prepaid',
      redemptionSite:
        brand.channel === 'store' || brand.channel === 'prepaid'
          ? null
          : `https://redeem.sandbox.example/${brand.key.toLowerCase()}`,
    },
  };
}

// Country names read with "the" in a sentence: "for use in the United Kingdom".
const TAKES_THE =
  /^(United |Central African|Dominican|Czech|Netherlands|Philippines|Bahamas|Gambia|Maldives|.* Islands$)/;

function withArticle(name: string): string {
  return TAKES_THE.test(name) ? `the ${name}` : name;
}

const prepaidValidity =
  'The card expires 6 months after issue and any balance left then is forfeited. It cannot be used for cash withdrawals.';

function instructions(brand: Brand, countryName: string): string {
  const withPin = brand.pinFormat ? 'the card number and PIN' : 'the code';
  switch (brand.channel) {
    case 'account':
      return `Sign in to your ${brand.name} account on the website or in the app, choose "Redeem a gift card" and enter ${withPin}. The value is added to your ${brand.name} balance and used on your next purchases.`;
    case 'online':
      return `Shop on the ${brand.name} website and enter ${withPin} in the gift card field at checkout.`;
    case 'store':
      return `Show this email with ${withPin} at any ${brand.name} location in ${countryName}; the cashier scans or types it in. Any balance stays on the card for next time.`;
    case 'both':
      return `Online: enter ${withPin} in the gift card field at checkout on the ${brand.name} website or app. In store: show ${withPin} at the till in any ${brand.name} location in ${countryName}.`;
    case 'prepaid':
      return `Open the redemption link and accept the cardholder terms to reveal your virtual card. Use its number, expiry date and security code (the PIN) wherever ${brand.name} is accepted online, or add it to Apple Pay or Google Pay to pay in stores.`;
  }
}

function terms(brand: Brand, validity: string): string {
  return [
    validity,
    'It cannot be exchanged for cash except where the law requires, and is not replaced if lost or stolen: keep the code safe.',
    `${brand.name} is not a sponsor of this reward and its own gift card terms apply.`,
    'Sandbox card: issued for testing, it has no value and cannot be used in a real purchase.',
  ].join(' ');
}

/** The hand-written catalogue, in a stable order. */
export function baseCatalog(): SandboxProduct[] {
  const products: SandboxProduct[] = [];
  for (const [country, market] of Object.entries(MARKETS)) {
    for (const entry of market.offer.split(',')) {
      const [key = '', spec = ''] = entry.trim().split(/\s+/);
      const brand = getBrand(key);
      products.push(
        buildProduct(brand, country, market.currency, parseValues(spec), {
          ...market,
          name: market.names?.[key],
        }),
      );
    }
  }
  return products;
}

function parseValues(spec: string): { min: number; max: number } | { denominations: number[] } {
  if (spec.includes('-')) {
    const [min, max] = spec.split('-').map(Number);
    return { min: min ?? 0, max: max ?? 0 };
  }
  return { denominations: spec.split('/').map(Number) };
}
