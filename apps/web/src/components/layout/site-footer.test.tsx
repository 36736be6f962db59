// @vitest-environment happy-dom
import { cleanup, render, screen } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { afterEach, expect, it, vi } from 'vitest';
import { SiteFooter } from './site-footer';

afterEach(() => {
  cleanup();
  vi.useRealTimers();
});

it('says the current year, not the year it was written', () => {
  vi.useFakeTimers({ toFake: ['Date'] });
  vi.setSystemTime(new Date('2031-06-01T12:00:00Z'));
  render(
    <MemoryRouter>
      <SiteFooter />
    </MemoryRouter>,
  );
  expect(screen.getByText(/All rights reserved/).textContent).toBe('© 2031 GiftRelay. All rights reserved.');
});
