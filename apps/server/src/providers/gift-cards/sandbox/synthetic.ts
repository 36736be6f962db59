import { COUNTRIES, currencyExponent } from '@giftrelay/contracts';
import { type Brand, CATEGORIES, getBrand } from './brands';
import { buildProduct, type SandboxProduct } from './catalog';
import { roundAmount, unitsPerUsd } from './rates';

/**
 * Brands sold in (nearly) every country. A large sandbox catalogue first offers each of them in
 * every country, then fills up with local brands it makes up, so a catalogue of 10,000 spans all
 * the countries in contracts/countries.ts with values in each one's currency.
 */
const GLOBAL_BRANDS = [
  'AMAZON',
  'NETFLIX',
  'SPOTIFY',
  'APPLE',
  'GOOGLEPLAY',
  'XBOX',
  'PLAYSTATION',
  'NINTENDO',
  'STEAM',
  'UBER',
  'UBEREATS',
  'AIRBNB',
  'IKEA',
  'HM',
  'SEPHORA',
  'STARBUCKS',
  'DECATHLON',
  'NIKE',
  'ADIDAS',
  'UNIQLO',
  'HOTELSCOM',
  'ROBLOX',
  'VISA',
  'MASTERCARD',
];

// Value shapes in US dollars, scaled to each currency and rounded as cards print them.
const RANGES_USD: [number, number][] = [
  [5, 500],
  [10, 250],
  [25, 1000],
  [1, 2000],
  [10, 500],
  [20, 200],
];
const DENOMINATIONS_USD = [
  [10, 25, 50, 100],
  [15, 30, 50],
  [25, 50, 100, 200],
  [5, 10, 20],
];

const SYLLABLES = ['ka', 'lo', 'mi', 'ra', 'ven', 'to', 'sa', 'nor', 'bel', 'li', 'mar', 'do', 'zen', 'ta', 'vi', 'ro'];
const LOCAL_KINDS: { category: Brand['category']; words: string[] }[] = [
  { category: CATEGORIES.retail, words: ['Market', 'Department Store', 'Home', 'Books', 'Electronics', 'Fashion'] },
  { category: CATEGORIES.food, words: ['Coffee', 'Kitchen', 'Pizza', 'Bakery', 'Grill', 'Eats'] },
  { category: CATEGORIES.entertainment, words: ['Cinemas', 'Stream', 'Music', 'Live'] },
  { category: CATEGORIES.gaming, words: ['Games', 'Play'] },
  { category: CATEGORIES.travel, words: ['Air', 'Rail', 'Hotels', 'Trips'] },
];
const PALETTE: [string, string][] = [
  ['#1E3A8A', '#FFFFFF'],
  ['#B91C1C', '#FFFFFF'],
  ['#047857', '#FFFFFF'],
  ['#7C3AED', '#FFFFFF'],
  ['#C2410C', '#FFFFFF'],
  ['#0F172A', '#FACC15'],
  ['#BE185D', '#FFFFFF'],
  ['#0E7490', '#FFFFFF'],
];

const VALIDITY = 'Valid for 24 months from the date of issue.';

/** Products beyond the hand-written catalogue, `count` of them, the same every time. */
export function syntheticCatalog(count: number, existingCodes: ReadonlySet<string>): SandboxProduct[] {
  const products: SandboxProduct[] = [];
  for (const key of GLOBAL_BRANDS) {
    const brand = getBrand(key);
    for (const country of COUNTRIES) {
      if (products.length >= count) return products;
      const code = `${key}-${country.code}`;
      if (existingCodes.has(code)) continue;
      products.push(product(brand, country.code, country.currency, code));
    }
  }
  for (let i = 0; products.length < count; i++) {
    const country = COUNTRIES[i % COUNTRIES.length];
    if (!country) break;
    const random = seeded(`local-${i}`);
    const kind = LOCAL_KINDS[Math.floor(random() * LOCAL_KINDS.length)] ?? LOCAL_KINDS[0];
    if (!kind) break;
    const stem = Array.from({ length: 2 + Math.floor(random() * 2) }, () => pick(SYLLABLES, random)).join('');
    const name = `${stem[0]?.toUpperCase()}${stem.slice(1)} ${pick(kind.words, random)}`;
    const brand: Brand = {
      key: `LOCAL${i}`,
      name,
      category: kind.category,
      payoutType: 'gift_card',
      colors: pick(PALETTE, random),
      codeFormat: '6999 9999 9999 999L',
      pinFormat: '9999',
      channel: random() < 0.5 ? 'both' : 'online',
      about: `${name} is a popular local brand in ${country.name}.`,
    };
    products.push(product(brand, country.code, country.currency, `SYN-${country.code}-${String(i).padStart(6, '0')}`));
  }
  return products;
}

function product(brand: Brand, country: string, currency: string, code: string): SandboxProduct {
  const random = seeded(code);
  const rate = unitsPerUsd(currency);
  const exponent = currencyExponent(currency);
  // Whole minor units only: a yen card is never worth 1,234.5 yen.
  const local = (usd: number) => {
    const value = roundAmount(usd * rate);
    return Math.max(value, 10 ** -exponent);
  };
  const fixed = brand.payoutType === 'gift_card' && random() < 0.35;
  const values = fixed
    ? { denominations: [...new Set(pick(DENOMINATIONS_USD, random).map(local))] }
    : (() => {
        const [min, max] = pick(RANGES_USD, random);
        return { min: local(min), max: Math.max(local(max), local(min)) };
      })();
  return buildProduct(brand, country, currency, values, { code, expiryMonths: 24, validity: VALIDITY });
}

function pick<T>(items: readonly T[], random: () => number): T {
  return items[Math.floor(random() * items.length)] as T;
}

/** A small deterministic generator (mulberry32) seeded from text, so the catalogue is stable. */
function seeded(text: string): () => number {
  let seed = 2166136261;
  for (let i = 0; i < text.length; i++) seed = Math.imul(seed ^ text.charCodeAt(i), 16777619);
  return () => {
    seed = (seed + 0x6d2b79f5) | 0;
    let t = Math.imul(seed ^ (seed >>> 15), 1 | seed);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}
