// @vitest-environment happy-dom
import { cleanup, fireEvent, render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { DateRangePicker, type QuickRange } from './date-range-picker';

afterEach(cleanup);

const quick = (onSelect = vi.fn()): QuickRange[] => [
  { key: '7', label: '7 days', name: 'Last 7 days', isActive: true, onSelect },
  { key: '30', label: '30 days', name: 'Last 30 days', isActive: false, onSelect },
];

describe('DateRangePicker', () => {
  it('shows the dates and presses the active quick range', () => {
    render(
      <DateRangePicker idPrefix="r" from="2026-03-01" to="2026-03-30" onDateChange={() => {}} quickRanges={quick()} />,
    );
    expect((screen.getByLabelText('From') as HTMLInputElement).value).toBe('2026-03-01');
    expect((screen.getByLabelText('To') as HTMLInputElement).value).toBe('2026-03-30');
    const group = screen.getByRole('group', { name: 'Quick ranges' });
    expect(within(group).getByRole('button', { name: 'Last 7 days' }).getAttribute('aria-pressed')).toBe('true');
    expect(within(group).getByRole('button', { name: 'Last 30 days' }).getAttribute('aria-pressed')).toBe('false');
    expect(screen.queryByRole('alert')).toBeNull();
    expect(screen.getByLabelText('From').getAttribute('aria-invalid')).toBe('false');
  });

  it('reports a typed date and a quick range, and ignores a date not yet whole', async () => {
    const onDateChange = vi.fn();
    const onSelect = vi.fn();
    render(
      <DateRangePicker
        idPrefix="r"
        from="2026-03-01"
        to="2026-03-30"
        onDateChange={onDateChange}
        quickRanges={quick(onSelect)}
      />,
    );
    fireEvent.change(screen.getByLabelText('To'), { target: { value: '2026-03-20' } });
    expect(onDateChange).toHaveBeenCalledWith({ to: '2026-03-20' });
    fireEvent.change(screen.getByLabelText('From'), { target: { value: '' } });
    expect(onDateChange).toHaveBeenCalledTimes(1);
    await userEvent.click(screen.getByRole('button', { name: 'Last 30 days' }));
    expect(onSelect).toHaveBeenCalledTimes(1);
  });

  it('says the server’s refusal under the dates and ties both fields to it', () => {
    render(
      <DateRangePicker
        idPrefix="site-range"
        from="2026-03-30"
        to="2026-03-01"
        onDateChange={() => {}}
        quickRanges={quick()}
        error="To must not be before from"
      />,
    );
    const alert = screen.getByRole('alert');
    expect(alert.textContent).toBe('To must not be before from');
    expect(alert.id).toBe('site-range-error');
    for (const name of ['From', 'To']) {
      expect(screen.getByLabelText(name).getAttribute('aria-invalid')).toBe('true');
      expect(screen.getByLabelText(name).getAttribute('aria-describedby')).toBe('site-range-error');
    }
  });

  it('puts the quick ranges first when asked, and extra controls beside the dates', () => {
    const { container } = render(
      <DateRangePicker
        idPrefix="r"
        from="2026-03-01"
        to="2026-03-30"
        onDateChange={() => {}}
        quickRanges={quick()}
        quickRangesFirst
      >
        <span>Interval</span>
      </DateRangePicker>,
    );
    const [first, second] = Array.from(container.firstElementChild?.children ?? []);
    expect(first?.tagName).toBe('FIELDSET');
    expect(second?.textContent).toContain('Interval');
  });
});
