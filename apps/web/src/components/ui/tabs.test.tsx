// @vitest-environment happy-dom
import { cleanup, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { afterEach, describe, expect, it } from 'vitest';
import { Tabs } from './tabs';

afterEach(cleanup);

const ITEMS = [
  { id: 'one', label: 'One', panel: <p>First panel</p> },
  { id: 'two', label: 'Two', panel: <p>Second panel</p> },
  { id: 'three', label: 'Three', panel: <p>Third panel</p> },
] as const;

const panelOf = (text: string) => screen.getByText(text).closest('[role="tabpanel"]');

describe('Tabs', () => {
  it('names its tab list, opens the first tab, and keeps every panel in the page', () => {
    render(<Tabs items={ITEMS} label="Numbers" variant="segmented" />);
    expect(screen.getByRole('tablist', { name: 'Numbers' })).toBeTruthy();
    expect(screen.getByRole('tab', { name: 'One' }).getAttribute('aria-selected')).toBe('true');
    expect(panelOf('First panel')?.getAttribute('data-state')).toBe('active');
    expect(panelOf('Third panel')?.getAttribute('data-state')).toBe('inactive');
    expect(panelOf('Third panel')?.className).toContain('data-[state=inactive]:hidden');
  });

  it('moves between tabs with the arrow keys of its orientation', async () => {
    const user = userEvent.setup();
    render(<Tabs items={ITEMS} label="Numbers" variant="side" defaultValue="two" />);
    expect(screen.getByRole('tablist').getAttribute('aria-orientation')).toBe('vertical');
    screen.getByRole('tab', { name: 'Two' }).focus();
    await user.keyboard('{ArrowDown}');
    expect(screen.getByRole('tab', { name: 'Three' }).getAttribute('aria-selected')).toBe('true');
    expect(panelOf('Third panel')?.getAttribute('data-state')).toBe('active');
  });

  it('leaves an arrow key with a modifier to the browser (Alt+Left goes back)', async () => {
    const user = userEvent.setup();
    render(<Tabs items={ITEMS} label="Numbers" variant="segmented" defaultValue="two" />);
    screen.getByRole('tab', { name: 'Two' }).focus();
    let prevented: boolean | undefined;
    // After React's own listener (on the root): what the browser will see.
    const seen = (event: KeyboardEvent) => {
      prevented = event.defaultPrevented;
    };
    document.addEventListener('keydown', seen);
    await user.keyboard('{Alt>}{ArrowLeft}{/Alt}');
    expect(prevented).toBe(false);
    expect(screen.getByRole('tab', { name: 'Two' }).getAttribute('aria-selected')).toBe('true');
    await user.keyboard('{ArrowLeft}');
    expect(prevented).toBe(true);
    expect(screen.getByRole('tab', { name: 'One' }).getAttribute('aria-selected')).toBe('true');
    document.removeEventListener('keydown', seen);
  });

  it('leaves a controlled tab to its owner', async () => {
    const user = userEvent.setup();
    const chosen: string[] = [];
    function Controlled() {
      const [tab, setTab] = useState<(typeof ITEMS)[number]['id']>('one');
      return (
        <Tabs
          items={ITEMS}
          label="Numbers"
          variant="side"
          value={tab}
          onValueChange={(v) => {
            chosen.push(v);
            setTab(v);
          }}
        />
      );
    }
    render(<Controlled />);
    await user.click(screen.getByRole('tab', { name: 'Three' }));
    // Radix selects on mouse-down and again on the focus it brings: the same choice both times.
    expect([...new Set(chosen)]).toEqual(['three']);
    expect(panelOf('Third panel')?.getAttribute('data-state')).toBe('active');
  });
});
