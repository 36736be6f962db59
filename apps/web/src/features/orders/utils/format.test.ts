import { describe, expect, it } from 'vitest';
import { anOrder } from '@/testing/order-data';
import { formatAmount, orderAmountText, shortOrderId } from './format';

describe('order formatting', () => {
  it('shortens an order id to its first block', () => {
    expect(shortOrderId('0b5f6f3e-7d0a-4a55-9f0e-1c2d3e4f5a6b')).toBe('0B5F6F3E');
  });

  it('formats amounts exactly, in the currency’s own digits', () => {
    expect(formatAmount(1234.5, 'USD')).toBe('$1,234.50');
    expect(formatAmount(0.1, 'USD')).toBe('$0.10');
    expect(formatAmount(3000, 'JPY')).toBe('¥3,000');
    expect(formatAmount(-25.63, 'USD')).toBe('-$25.63');
    expect(formatAmount(0, 'USD')).toBe('$0.00');
  });

  it('shows the face value, the count of cards, and the USD charged for a card in another currency', () => {
    expect(orderAmountText(anOrder())).toEqual({ face: '$25.00' });
    expect(orderAmountText(anOrder({ quantity: 3 }))).toEqual({ face: '3 × $25.00' });
    const pounds = anOrder({
      currency: 'GBP',
      amount: 10,
      charged: { currency: 'USD', rate: '1.27', subtotal: 12.7, fee: 0.32, total: 13.02 },
    });
    expect(orderAmountText(pounds)).toEqual({ face: '£10.00', charged: '$13.02' });
  });
});
