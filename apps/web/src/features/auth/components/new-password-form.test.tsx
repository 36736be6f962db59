// @vitest-environment happy-dom
import { cleanup, render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { NewPasswordForm } from './new-password-form';

afterEach(cleanup);

const renderForm = (pending = false) => {
  const onSubmit = vi.fn();
  render(
    <NewPasswordForm
      title="Choose your password"
      intro="Whoever holds this inbox decides."
      passwordLabel="Password"
      confirmLabel="Confirm password"
      submitLabel="Verify and sign in"
      pendingLabel="Verifying…"
      pending={pending}
      onSubmit={onSubmit}
    >
      <a href="/login">Back to sign in</a>
    </NewPasswordForm>,
  );
  return onSubmit;
};

const STRONG = 'correct horse battery staple 42';

describe('NewPasswordForm', () => {
  it('says so when the two passwords differ, and sends nothing', async () => {
    const user = userEvent.setup();
    const onSubmit = renderForm();
    expect(screen.getByRole('heading', { name: 'Choose your password' })).toBeTruthy();
    await user.type(screen.getByLabelText('Password'), STRONG);
    await user.type(screen.getByLabelText('Confirm password'), `${STRONG}!`);
    await user.click(screen.getByRole('button', { name: 'Verify and sign in' }));
    expect(await screen.findByText('The passwords do not match')).toBeTruthy();
    expect(screen.getByLabelText('Confirm password').getAttribute('aria-invalid')).toBe('true');
    expect(onSubmit).not.toHaveBeenCalled();
  });

  it('sends the password once both agree', async () => {
    const user = userEvent.setup();
    const onSubmit = renderForm();
    await user.type(screen.getByLabelText('Password'), STRONG);
    await user.type(screen.getByLabelText('Confirm password'), STRONG);
    await user.click(screen.getByRole('button', { name: 'Verify and sign in' }));
    await waitFor(() => expect(onSubmit).toHaveBeenCalledWith(STRONG));
  });

  it('is busy while the answer is awaited, with its links under the button', () => {
    renderForm(true);
    expect((screen.getByRole('button', { name: 'Verifying…' }) as HTMLButtonElement).disabled).toBe(true);
    expect(screen.getByRole('link', { name: 'Back to sign in' })).toBeTruthy();
  });
});
