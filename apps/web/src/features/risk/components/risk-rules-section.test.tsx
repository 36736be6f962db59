// @vitest-environment happy-dom
import type { RiskRule } from '@giftrelay/contracts';
import { cleanup, screen, waitFor, within } from '@testing-library/react';
import userEventBase from '@testing-library/user-event';
import { afterEach, expect, it, vi } from 'vitest';
import { renderPage } from '@/testing/render-page';
import { RiskRulesSection } from './risk-rules-section';

const get = vi.fn();
const post = vi.fn();
const del = vi.fn();
// No pause between a person's actions: a loaded machine makes each of them slow enough.
const userEvent = userEventBase.setup({ delay: null });

vi.mock('@/lib/api-client', async (original) => ({
  ...(await original<typeof import('@/lib/api-client')>()),
  api: {
    get: (...args: unknown[]) => get(...args),
    post: (...args: unknown[]) => post(...args),
    delete: (...args: unknown[]) => del(...args),
  },
}));
const toast = vi.hoisted(() => ({ success: vi.fn(), error: vi.fn() }));
vi.mock('sonner', () => ({ toast }));

afterEach(() => {
  cleanup();
  get.mockReset();
  post.mockReset();
  del.mockReset();
  toast.success.mockReset();
});

const RULE: RiskRule = {
  id: '4f1c2d3e-0000-4000-8000-000000000001',
  kind: 'recipient_velocity',
  action: 'hold',
  reason: 'Survey panel: one reward a month',
  max_rewards: 1,
  period_days: 30,
  created_at: '2026-05-01T09:30:00.000Z',
  updated_at: '2026-05-01T09:30:00.000Z',
};

it('says there are no rules yet, and what one would do', async () => {
  get.mockResolvedValue({ success: true, data: [] });
  renderPage(<RiskRulesSection />);
  expect(screen.getByRole('status', { name: 'Loading the risk rules' })).toBeTruthy();
  expect(await screen.findByText('No risk rules yet')).toBeTruthy();
  expect(screen.getByRole('link', { name: 'Review' }).getAttribute('href')).toBe('/review');
});

it('says why the rules could not load', async () => {
  get.mockRejectedValue(new Error('Offline.'));
  renderPage(<RiskRulesSection />);
  expect((await screen.findByRole('alert')).textContent).toContain('We could not load the risk rules. Offline.');
});

it('lists each rule with what it catches and does, and deletes one after asking', async () => {
  get.mockResolvedValue({ success: true, data: [RULE] });
  del.mockResolvedValue({ success: true, id: RULE.id });
  renderPage(<RiskRulesSection />);
  const item = await screen.findByRole('listitem', { name: 'Same recipient too often' });
  expect(item.textContent).toContain('Holds for review');
  expect(item.textContent).toContain('More than 1 reward to one address in 30 days');
  expect(item.textContent).toContain('“Survey panel: one reward a month”');
  await userEvent.click(within(item).getByRole('button', { name: 'Delete the rule Same recipient too often' }));
  await userEvent.click(screen.getByRole('button', { name: 'Delete rule' }));
  await waitFor(() => expect(del).toHaveBeenCalledWith(`/api/v1/risk/rules/${RULE.id}`));
  await waitFor(() => expect(toast.success).toHaveBeenCalledWith('Risk rule deleted', expect.anything()));
});

// A dialog of Radix selects opened twice in happy-dom: about 2 s alone, past 5 s on a loaded machine.
it('adds a rule: explains the kind, refuses what the server would, then sends the API’s body', {
  timeout: 15_000,
}, async () => {
  get.mockResolvedValue({ success: true, data: [] });
  post.mockResolvedValue({
    success: true,
    rule: { ...RULE, kind: 'recipient_domain', domains: ['spam.test'], match: 'deny', reason: null },
  });
  renderPage(<RiskRulesSection />);
  await userEvent.click(await screen.findByRole('button', { name: 'Add rule' }));
  const dialog = screen.getByRole('dialog', { name: 'Add a risk rule' });
  expect(within(dialog).getByTestId('rule-explains').textContent).toContain('at the domains you list');
  const domains = within(dialog).getByLabelText('Domains');
  // Pasted, not typed key by key: the same change for the form, in a fraction of the time.
  await userEvent.click(domains);
  await userEvent.paste('spam');
  await userEvent.click(within(dialog).getByRole('button', { name: 'Add rule' }));
  expect(within(dialog).getByRole('alert').textContent).toBe('“spam” is not a domain name such as example.com.');
  expect(domains.getAttribute('aria-invalid')).toBe('true');
  expect(post).not.toHaveBeenCalled();

  await userEvent.clear(domains);
  await userEvent.paste('Spam.test');
  await userEvent.click(within(dialog).getByRole('button', { name: 'Add rule' }));
  await waitFor(() =>
    expect(post).toHaveBeenCalledWith('/api/v1/risk/rules', {
      kind: 'recipient_domain',
      action: 'hold',
      domains: ['spam.test'],
      match: 'deny',
    }),
  );
  await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
  expect(toast.success).toHaveBeenCalledWith('Risk rule added', expect.anything());
});
