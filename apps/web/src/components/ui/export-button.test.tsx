// @vitest-environment happy-dom
import { cleanup, render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ExportButton } from './export-button';

const toast = vi.hoisted(() => ({ success: vi.fn(), error: vi.fn() }));
vi.mock('sonner', () => ({ toast }));

afterEach(() => {
  cleanup();
  vi.clearAllMocks();
});

describe('ExportButton', () => {
  it('downloads and says where the file went', async () => {
    const onExport = vi.fn(async () => 'giftrelay-leads.csv');
    render(<ExportButton label="Export CSV" isPending={false} onExport={onExport} />);
    await userEvent.click(screen.getByRole('button', { name: 'Export CSV' }));
    expect(onExport).toHaveBeenCalledTimes(1);
    await waitFor(() =>
      expect(toast.success).toHaveBeenCalledWith('Export ready', {
        description: 'giftrelay-leads.csv is in your downloads.',
      }),
    );
  });

  it('says why a download failed', async () => {
    render(
      <ExportButton
        label="Export CSV"
        isPending={false}
        onExport={() => Promise.reject(new Error('Too many exports'))}
      />,
    );
    await userEvent.click(screen.getByRole('button', { name: 'Export CSV' }));
    await waitFor(() => expect(toast.error).toHaveBeenCalledWith('Error', { description: 'Too many exports' }));
  });

  it('while one runs, stays focusable but marked busy and starts no second', async () => {
    const onExport = vi.fn(async () => 'x.csv');
    render(<ExportButton label="Download CSV" isPending onExport={onExport} />);
    const button = screen.getByRole('button', { name: 'Exporting...' });
    expect(button.getAttribute('aria-disabled')).toBe('true');
    expect((button as HTMLButtonElement).disabled).toBe(false);
    await userEvent.click(button);
    expect(onExport).not.toHaveBeenCalled();
  });
});
