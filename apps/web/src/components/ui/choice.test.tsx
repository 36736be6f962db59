// @vitest-environment happy-dom
import { cleanup, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { afterEach, describe, expect, it } from 'vitest';
import { Choice } from './choice';
import { FilterSelect } from './filter-select';

afterEach(cleanup);

const TONES = ['calm', 'bold'] as const;
const LABELS = { calm: 'Calm', bold: 'Bold' };

function Harness({ disabled }: { disabled?: boolean }) {
  const [tone, setTone] = useState<(typeof TONES)[number]>('calm');
  return (
    <>
      <Choice label="Tone" value={tone} options={TONES} labels={LABELS} onChange={setTone} disabled={disabled} />
      <p>Chosen: {tone}</p>
    </>
  );
}

describe('Choice', () => {
  it('shows its label, names the control by it and shows the chosen option', () => {
    render(<Harness />);
    const select = screen.getByRole('combobox', { name: 'Tone' });
    expect(select.textContent).toContain('Calm');
    expect(screen.getByText('Tone').className).not.toContain('sr-only');
  });

  it('reports the option picked', async () => {
    const user = userEvent.setup();
    render(<Harness />);
    await user.click(screen.getByRole('combobox', { name: 'Tone' }));
    await user.click(await screen.findByRole('option', { name: 'Bold' }));
    expect(screen.getByText('Chosen: bold')).toBeTruthy();
    expect(screen.getByRole('combobox', { name: 'Tone' }).textContent).toContain('Bold');
  });

  it('can be turned off while a generation runs', () => {
    render(<Harness disabled />);
    expect((screen.getByRole('combobox', { name: 'Tone' }) as HTMLButtonElement).disabled).toBe(true);
  });

  it('as a list filter keeps its name for screen readers only', () => {
    render(
      <FilterSelect
        label="Status"
        options={[
          { value: 'all', label: 'All Statuses' },
          { value: 'failed', label: 'Failed' },
        ]}
        value="all"
        onChange={() => {}}
      />,
    );
    expect(screen.getByRole('combobox', { name: 'Status' }).textContent).toContain('All Statuses');
    expect(screen.getByText('Status').className).toContain('sr-only');
  });
});
