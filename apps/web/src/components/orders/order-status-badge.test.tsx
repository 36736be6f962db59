// @vitest-environment happy-dom
import { cleanup, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { badgeVariants } from '@/components/ui/badge';
import { OrderStatusBadge, statusBadgeVariant, statusLabel } from './order-status-badge';

afterEach(cleanup);

describe('order status badges', () => {
  it('style completed default, pending secondary, failed destructive and anything else secondary', () => {
    expect(statusBadgeVariant('completed')).toBe('default');
    expect(statusBadgeVariant('pending')).toBe('secondary');
    expect(statusBadgeVariant('failed')).toBe('destructive');
    expect(statusBadgeVariant('refunded')).toBe('secondary');
    expect(statusBadgeVariant('toString')).toBe('secondary');
  });

  it('use the contract’s labels, and show a status the app does not know capitalised', () => {
    expect(['completed', 'pending', 'failed'].map(statusLabel)).toEqual(['Delivered', 'Pending', 'Failed']);
    expect(statusLabel('refunded')).toBe('Refunded');
    expect(statusLabel('toString')).toBe('ToString');
  });

  it('render the label in the badge of its variant', () => {
    render(
      <>
        <OrderStatusBadge status="completed" />
        <OrderStatusBadge status="failed" />
      </>,
    );
    expect(screen.getByText('Delivered').className).toBe(badgeVariants({ variant: 'default' }));
    expect(screen.getByText('Failed').className).toBe(badgeVariants({ variant: 'destructive' }));
  });
});
