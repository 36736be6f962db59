// @vitest-environment happy-dom
import { cleanup, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ExportButton } from './export-button';

afterEach(cleanup);

const progressOf = (state: Parameters<typeof ExportButton>[0]['state']) => {
  render(<ExportButton state={state} onExport={vi.fn()} onCancel={vi.fn()} />);
  return screen.getByRole('progressbar', { name: 'Export progress' });
};

describe('ExportButton', () => {
  it('is busy, not stuck at 0, until the first rows arrive', () => {
    const bar = progressOf({ status: 'running', rows: 0, total: 30000 });
    expect(bar.getAttribute('aria-valuetext')).toBe('Preparing 30,000 orders…');
    expect(bar.hasAttribute('value')).toBe(false);
  });

  it('shows the rows received against the total, never past it', () => {
    const bar = progressOf({ status: 'running', rows: 30123, total: 30000 }) as HTMLProgressElement;
    expect(bar.getAttribute('aria-valuetext')).toBe('30,000 of 30,000 orders');
    expect(bar.value).toBe(30000);
  });

  it('counts the rows alone when the total is not known', () => {
    expect(progressOf({ status: 'running', rows: 12 }).getAttribute('aria-valuetext')).toBe('12 orders');
  });

  it('offers Export when nothing runs', () => {
    render(<ExportButton state={{ status: 'idle' }} onExport={vi.fn()} onCancel={vi.fn()} />);
    expect(screen.getByRole('button', { name: 'Export' })).toBeTruthy();
    expect(screen.queryByRole('progressbar')).toBeNull();
  });
});
