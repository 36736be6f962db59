/**
 * Roughly how many units of each currency a US dollar buys. The sandbox uses them only to give
 * its synthetic cards values that look right in each country (a 25-dollar card is about 4,000
 * yen, not 25 yen); they are not exchange rates to charge with.
 */
const UNITS_PER_USD = `
AED 3.67 AFN 70 ALL 92 AMD 390 ANG 1.79 AOA 900 ARS 1000 AUD 1.5 AWG 1.8 AZN 1.7 BAM 1.7 BBD 2
BDT 120 BGN 1.8 BHD 0.376 BIF 2900 BMD 1 BND 1.3 BOB 6.9 BRL 5.5 BSD 1 BTN 84 BWP 13.5 BYN 3.3
BZD 2 CAD 1.37 CDF 2800 CHF 0.88 CLP 950 CNY 7.2 COP 4000 CRC 510 CUP 24 CVE 100 CZK 23 DJF 178
DKK 6.8 DOP 60 DZD 134 EGP 49 ERN 15 ETB 120 EUR 0.92 FJD 2.25 GBP 0.78 GEL 2.7 GHS 15 GIP 0.78
GMD 70 GNF 8600 GTQ 7.7 GYD 209 HKD 7.8 HNL 25 HTG 131 HUF 360 IDR 16000 ILS 3.7 INR 84 IQD 1310
IRR 42000 ISK 138 JMD 157 JOD 0.709 JPY 150 KES 129 KGS 87 KHR 4100 KMF 450 KPW 900 KRW 1380
KWD 0.307 KYD 0.83 KZT 480 LAK 21900 LBP 89500 LKR 295 LRD 190 LSL 18 LYD 4.8 MAD 10 MDL 18
MGA 4600 MKD 57 MMK 2100 MNT 3400 MOP 8 MRU 40 MUR 46 MVR 15.4 MWK 1730 MXN 18 MYR 4.4 MZN 64
NAD 18 NGN 1600 NIO 36.8 NOK 10.8 NPR 135 NZD 1.65 OMR 0.385 PAB 1 PEN 3.75 PGK 3.9 PHP 57
PKR 278 PLN 4 PYG 7800 QAR 3.64 RON 4.6 RSD 108 RUB 95 RWF 1350 SAR 3.75 SBD 8.4 SCR 13.5
SDG 600 SEK 10.5 SGD 1.33 SLE 22.5 SOS 570 SRD 35 SSP 1300 STN 22.5 SYP 13000 SZL 18 THB 34
TJS 10.7 TMT 3.5 TND 3.1 TOP 2.35 TRY 34 TTD 6.8 TWD 32 TZS 2700 UAH 41 UGX 3700 USD 1 UYU 41
UZS 12800 VES 45 VND 25000 VUV 119 WST 2.7 XAF 600 XCD 2.7 XOF 600 XPF 110 YER 250 ZAR 18 ZMW 27
`;

const RATES: ReadonlyMap<string, number> = (() => {
  const parts = UNITS_PER_USD.trim().split(/\s+/);
  const map = new Map<string, number>();
  for (let i = 0; i < parts.length; i += 2) map.set(parts[i] ?? '', Number(parts[i + 1]));
  return map;
})();

export function unitsPerUsd(currency: string): number {
  const rate = RATES.get(currency);
  if (rate === undefined) throw new Error(`No sandbox rate for ${currency}`);
  return rate;
}

/** A round amount near `value`, as printed on cards: 1, 2, 2.5 or 5 times a power of ten. */
export function roundAmount(value: number): number {
  const power = 10 ** Math.floor(Math.log10(value));
  const step = [1, 2, 2.5, 5, 10].reduce((best, s) =>
    Math.abs(s * power - value) < Math.abs(best * power - value) ? s : best,
  );
  return step * power;
}
