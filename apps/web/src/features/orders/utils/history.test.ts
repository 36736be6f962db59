import { describe, expect, it } from 'vitest';
import { ApiError } from '@/lib/api-client';
import { describeEvent, historyInOrder, resendProblem } from './history';

const event = (type: string, detail: Record<string, unknown> = {}, at = '2026-03-02T10:00:00.000Z') => ({
  type,
  at,
  detail,
});

describe('the order history', () => {
  it('tells a choice reward’s story: invited to choose, a pick returned and why, the card chosen (decision 080)', () => {
    expect(describeEvent(event('choice.invited', { to: 'pat@example.com' }))).toEqual({
      title: 'Email sent',
      detail: 'To pat@example.com: invited to choose a card',
    });
    expect(describeEvent(event('choice.returned', { problem: 'out_of_stock' }))).toEqual({
      title: 'Choice returned to the recipient',
      detail: 'The card chosen was out of stock: they choose again, and the amount stays held.',
    });
    expect(describeEvent(event('choice.returned', { problem: 'try_again_later' })).detail).toContain('try again');
    expect(describeEvent(event('reward.choice_made', { position: 1, product_name: 'Amazon.com Gift Card' }))).toEqual({
      title: 'Card chosen',
      detail: 'Reward #1: the recipient chose Amazon.com Gift Card',
    });
  });

  it('says why a risk rule held the order, and who released or blocked it (decision 083)', () => {
    const matched = [{ reason: 'Domain spam.test is on the deny list' }, { reason: 'Above $500.00' }];
    expect(describeEvent(event('reward.held', { review: { matched } }))).toEqual({
      title: 'Held for review',
      detail: 'Domain spam.test is on the deny list; Above $500.00',
    });
    expect(
      describeEvent(event('reward.released', { review: { decided_by_email: 'ada@example.com', note: 'Known panel' } })),
    ).toEqual({ title: 'Released from review', detail: 'By ada@example.com: “Known panel”' });
    expect(describeEvent(event('order.review_released'))).toEqual({ title: 'Released from review' });
    expect(describeEvent(event('order.review_blocked', { review: 'not an object' }))).toEqual({
      title: 'Blocked in review',
      detail: 'Nothing was sent; the held total went back to the balance.',
    });
  });

  it('says each event in words, with the failure’s reason and the resend’s address', () => {
    expect(describeEvent(event('order.created'))).toEqual({ title: 'Order placed' });
    expect(describeEvent(event('order.completed')).title).toBe('Delivered');
    expect(describeEvent(event('order.failed', { reason: 'This gift card is out of stock at the provider' }))).toEqual({
      title: 'Failed',
      detail: 'This gift card is out of stock at the provider',
    });
    expect(describeEvent(event('order.failed')).detail).toBe('The gift card could not be issued.');
    expect(describeEvent(event('email.queued', { to: 'ada@example.com' }))).toEqual({
      title: 'Email sent',
      detail: 'To ada@example.com',
    });
    for (const type of ['email.resent', 'order.resent']) {
      expect(describeEvent(event(type, { to: 'fixed@example.com' }))).toEqual({
        title: 'Email resent',
        detail: 'To fixed@example.com',
      });
    }
    expect(describeEvent(event('recipient.changed', { from: 'ada@exmaple.com', to: 'ada@example.com' }))).toEqual({
      title: 'Recipient corrected',
      detail: 'From ada@exmaple.com to ada@example.com',
    });
    expect(describeEvent(event('order.refunded'))).toEqual({ title: 'order.refunded' });
    expect(describeEvent(event('email.reminder', { to: 'ada@example.com', reminder: 2 }))).toEqual({
      title: 'Second reminder sent',
      detail: 'To ada@example.com: the reward is not claimed yet',
    });
    expect(describeEvent(event('email.void_notice', { voids_on: '28 November 2026' })).detail).toBe(
      'Unless claimed by 28 November 2026',
    );
    expect(describeEvent(event('order.void_requested', { positions: [2, 3], note: 'Wrong team' }))).toEqual({
      title: 'Void requested',
      detail: 'Rewards #2, #3: “Wrong team”',
    });
    expect(describeEvent(event('order.void_requested', { positions: [1], note: null })).detail).toBe('Reward #1');
    expect(
      describeEvent(event('reward.voided', { position: 2, refunded: true, refund_minor: 2562, currency: 'USD' })),
    ).toEqual({ title: 'Reward #2 voided', detail: '$25.62 back on the balance' });
    expect(
      describeEvent(
        event('reward.voided', { position: 1, refunded: false, reason: 'Prepaid cards cannot be cancelled' }),
      ),
    ).toEqual({ title: 'Reward #1 voided, not refunded', detail: 'Prepaid cards cannot be cancelled' });
  });

  it('lists the oldest first', () => {
    const later = event('order.resent', {}, '2026-03-02T11:00:00.000Z');
    const earlier = event('order.created', {}, '2026-03-02T09:00:00.000Z');
    expect(historyInOrder([later, earlier]).map((e) => e.type)).toEqual(['order.created', 'order.resent']);
  });

  it('explains each refusal of a resend', () => {
    expect(resendProblem(new ApiError(409, 'CONFLICT', 'Only delivered orders can be resent')).title).toBe(
      'This order cannot be resent',
    );
    expect(resendProblem(new ApiError(400, 'VALIDATION_ERROR', 'email must be a valid email address'))).toEqual({
      title: 'Check the email address',
      description: 'email must be a valid email address',
    });
    expect(resendProblem(new ApiError(429, 'RATE_LIMITED', '')).title).toBe('Resent too often');
    expect(resendProblem(new Error('boom')).title).toBe('The email could not be resent');
    const notTheirs = 'Only an owner or admin, or the person who sent this order, can send it to another address';
    expect(resendProblem(new ApiError(403, 'RECIPIENT_CHANGE_FORBIDDEN', notTheirs))).toEqual({
      title: 'You cannot change this order’s address',
      description: notTheirs,
    });
    expect(resendProblem(new ApiError(403, 'RECIPIENT_CHANGE_NEEDS_APPROVAL', 'ask an owner')).title).toBe(
      'You cannot change this order’s address',
    );
    const opened = 'A reward of this order has been opened: it can only be sent again to the same address';
    expect(resendProblem(new ApiError(409, 'REWARD_OPENED', opened))).toEqual({
      title: 'The reward has been opened',
      description: opened,
    });
  });
});
