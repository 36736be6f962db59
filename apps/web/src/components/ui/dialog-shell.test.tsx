// @vitest-environment happy-dom
import { cleanup, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { Button } from './button';
import { ConfirmDialog } from './confirm-dialog';
import { DialogActions, DialogDescription, DialogShell } from './dialog-shell';

afterEach(cleanup);

function Harness({ size }: { size?: 'md' | 'lg' }) {
  const [open, setOpen] = useState(false);
  return (
    <DialogShell
      open={open}
      onOpenChange={setOpen}
      size={size}
      title="Invite a member"
      trigger={<Button>Invite</Button>}
    >
      <DialogDescription>We email them a link.</DialogDescription>
      <DialogActions>
        <Button type="submit">Send invitation</Button>
      </DialogActions>
    </DialogShell>
  );
}

describe('DialogShell', () => {
  it('opens from its trigger, named by its title and described, and Cancel closes it', async () => {
    const user = userEvent.setup();
    render(<Harness />);
    await user.click(screen.getByRole('button', { name: 'Invite' }));
    const dialog = screen.getByRole('dialog', { name: 'Invite a member' });
    expect(dialog.getAttribute('aria-describedby')).toBe(screen.getByText('We email them a link.').id);
    expect(dialog.className).toContain('max-w-lg');
    expect(screen.getByRole('button', { name: 'Send invitation' })).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'Cancel' }));
    expect(screen.queryByRole('dialog')).toBeNull();
  });

  it('closes with its close button, and is narrower for a short question', async () => {
    const user = userEvent.setup();
    render(<Harness size="md" />);
    await user.click(screen.getByRole('button', { name: 'Invite' }));
    expect(screen.getByRole('dialog').className).toContain('max-w-md');
    await user.click(screen.getByRole('button', { name: 'Close' }));
    expect(screen.queryByRole('dialog')).toBeNull();
  });
});

describe('ConfirmDialog', () => {
  const renderConfirm = (onConfirm = vi.fn()) => {
    render(
      <ConfirmDialog
        trigger={<Button>Revoke</Button>}
        title="Revoke “CI”?"
        description={
          <>
            The key ending in <span>abcd</span> stops working.
          </>
        }
        confirmLabel="Revoke key"
        onConfirm={onConfirm}
      />,
    );
    return onConfirm;
  };

  it('asks first, and Cancel does nothing', async () => {
    const user = userEvent.setup();
    const onConfirm = renderConfirm();
    await user.click(screen.getByRole('button', { name: 'Revoke' }));
    const dialog = screen.getByRole('alertdialog', { name: 'Revoke “CI”?' });
    expect(dialog.textContent).toContain('The key ending in abcd stops working.');
    await user.click(screen.getByRole('button', { name: 'Cancel' }));
    expect(screen.queryByRole('alertdialog')).toBeNull();
    expect(onConfirm).not.toHaveBeenCalled();
  });

  it('acts once confirmed, and closes', async () => {
    const user = userEvent.setup();
    const onConfirm = renderConfirm();
    await user.click(screen.getByRole('button', { name: 'Revoke' }));
    await user.click(screen.getByRole('button', { name: 'Revoke key' }));
    expect(onConfirm).toHaveBeenCalledTimes(1);
    expect(screen.queryByRole('alertdialog')).toBeNull();
  });
});
