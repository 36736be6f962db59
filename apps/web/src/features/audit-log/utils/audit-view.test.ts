import type { AuditEvent } from '@giftrelay/contracts';
import { describe, expect, it } from 'vitest';
import { describeDetail, detailLabel } from './audit-view';

const line = (detail: Record<string, unknown>, over: Partial<AuditEvent> = {}): AuditEvent => ({
  id: '00000000-0000-4000-8000-000000000001',
  action: 'organisation.updated',
  area: 'organisation',
  created_at: '2026-03-05T14:07:00.000Z',
  actor: { id: '00000000-0000-4000-8000-000000000002', email: 'ada@example.com' },
  api_key: null,
  detail,
  ...over,
});

describe('describeDetail', () => {
  it('shows amounts as money and fields by their names, never minor units or keys', () => {
    expect(
      describeDetail(
        line({
          changes: {
            low_balance_threshold_minor: { before: 5_000, after: 10_050 },
            brand_color: { before: null, after: '#0f766e' },
          },
        }),
        'GBP',
      ),
    ).toBe('Low-balance alert below: £50.00 → £100.50; Brand colour: none → #0f766e');
    expect(describeDetail(line({ changes: { monthly_cap_usd_minor: { before: 50_050, after: null } } }), 'EUR')).toBe(
      'Monthly cap per sender: $500.50 → none',
    );
    expect(
      describeDetail(line({ amount_minor: 25_050, currency: 'USD', sandbox: true }, { action: 'balance.topped_up' })),
    ).toBe('Amount: $250.50; Sandbox: yes');
    expect(
      describeDetail(
        line(
          { name: 'Payroll', scopes: ['orders:read', 'orders:write'] },
          {
            action: 'api_key.created',
            api_key: { id: '00000000-0000-4000-8000-000000000003', name: 'CI', last_four: 'abcd' },
          },
        ),
      ),
    ).toBe('Key: CI (…abcd); Name: Payroll; Scopes: orders:read, orders:write');
  });

  it('says codes in words', () => {
    expect(
      describeDetail(line({ mode: 'all_or_nothing', rows: 7, ip: '127.0.0.1' }, { action: 'batch.created' })),
    ).toBe('Mode: all or nothing; Rows: 7; IP address: 127.0.0.1');
  });

  it('spells out a key it has no label for', () => {
    expect(detailLabel('sandbox_balance_closed_minor')).toBe('Sandbox balance closed');
    expect(detailLabel('some_new_field')).toBe('Some new field');
    expect(detailLabel('refund_usd_minor')).toBe('Refund');
  });
});
