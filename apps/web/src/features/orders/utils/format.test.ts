import { describe, expect, it } from 'vitest';
import { aCharge, anOrder } from '@/testing/order-data';
import { orderAmountText, shortOrderId } from './format';

describe('order formatting', () => {
  it('shortens an order id to its first block', () => {
    expect(shortOrderId('0b5f6f3e-7d0a-4a55-9f0e-1c2d3e4f5a6b')).toBe('0B5F6F3E');
  });

  it('shows the face value, the count of cards, and the USD charged for a card in another currency', () => {
    expect(orderAmountText(anOrder())).toEqual({ face: '$25.00' });
    expect(orderAmountText(anOrder({ quantity: 3 }))).toEqual({ face: '3 × $25.00' });
    const pounds = anOrder({
      currency: 'GBP',
      amount: 10,
      charged: aCharge({ currency: 'USD', rate: '1.27', subtotal: 12.7, fee: 0.32, total: 13.02 }),
    });
    expect(orderAmountText(pounds)).toEqual({ face: '£10.00', charged: '$13.02' });
  });
});
