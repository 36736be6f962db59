import type { Analytics } from '@giftrelay/contracts';
import { describe, expect, it } from 'vitest';
import { analyticsCsv } from './export';

const figures = (currency: string, spend: number, fees: number): Analytics => ({
  success: true,
  currency,
  from: '2026-03-01',
  to: '2026-03-02',
  interval: 'day',
  totals: {
    spend,
    fees,
    spend_minor: Math.round(spend * 100),
    fees_minor: Math.round(fees * 100),
    orders: 2,
    completed: 2,
    failed: 0,
    rewards_issued: 2,
    rewards_claimed: 1,
    claimed_share: 50,
  },
  series: [
    { period: '2026-03-01', spend, fees, orders: 2 },
    { period: '2026-03-02', spend: 0, fees: 0, orders: 0 },
  ],
  by_brand: [{ key: 'Amazon', spend, fees, orders: 2 }],
  by_category: [],
  by_country: [],
});

async function csv(a: Analytics): Promise<string[]> {
  let out = '';
  for await (const chunk of analyticsCsv(a)) out += chunk;
  return out
    .replace(/^\uFEFF/, '')
    .trimEnd()
    .split(/\r?\n/);
}

describe('analyticsCsv', () => {
  it('writes a zero-decimal currency without decimals', async () => {
    const lines = await csv(figures('JPY', 10250, 250));
    expect(lines).toContain('totals,all,10250,250,2,JPY,2026-03-01,2026-03-02');
    expect(lines).toContain('series_day,2026-03-01,10250,250,2,JPY,2026-03-01,2026-03-02');
    expect(lines).toContain('series_day,2026-03-02,0,0,0,JPY,2026-03-01,2026-03-02');
    expect(lines).toContain('brand,Amazon,10250,250,2,JPY,2026-03-01,2026-03-02');
  });

  it('writes two decimals for USD and three for a three-decimal currency', async () => {
    expect(await csv(figures('USD', 46.1, 1.13))).toContain('totals,all,46.10,1.13,2,USD,2026-03-01,2026-03-02');
    expect(await csv(figures('KWD', 12.345, 0.3))).toContain('totals,all,12.345,0.300,2,KWD,2026-03-01,2026-03-02');
  });
});
