import { type ReactNode, useId, useRef, useState } from 'react';
import { moveFocus } from './focus-keys';

const tabsVariants = {
  /** Side tabs beside their panel from md up, a scrolling row above it below that. */
  side: {
    root: 'grid gap-8 md:grid-cols-[12rem_1fr]',
    list: 'flex gap-1 overflow-x-auto md:sticky md:top-24 md:flex-col md:self-start',
    trigger:
      'shrink-0 rounded-md px-3 py-2 text-left text-sm font-medium text-muted-foreground hover:text-foreground data-[state=active]:bg-secondary data-[state=active]:text-secondary-foreground',
    content: 'min-w-0 data-[state=inactive]:hidden',
  },
  /** A centred segmented control over the panel. */
  segmented: {
    root: undefined,
    list: 'mx-auto grid max-w-3xl grid-cols-2 gap-1 rounded-xl bg-muted p-1 sm:grid-cols-4',
    trigger:
      'rounded-lg px-3 py-2 text-sm font-medium text-muted-foreground data-[state=active]:bg-background data-[state=active]:text-foreground data-[state=active]:shadow-sm',
    content: 'mt-12 data-[state=inactive]:hidden',
  },
} as const;

type TabsVariant = keyof typeof tabsVariants;

export interface TabItem<T extends string> {
  id: T;
  label: ReactNode;
  panel: ReactNode;
}

type TabsState<T extends string> =
  | { value: T; onValueChange: (value: T) => void; defaultValue?: never }
  | { defaultValue?: T; value?: never; onValueChange?: never };

export type TabsProps<T extends string> = TabsState<T> & {
  items: readonly TabItem<T>[];
  /** The tab list's accessible name. */
  label: string;
  variant: TabsVariant;
};

/**
 * Tabs (arrow keys of their orientation, Home/End, roles, aria-controls, the selected tab the only
 * one in the Tab order, selection following focus), without Radix: its tabs brought about 10 KB of
 * gzip JavaScript to the public pages that show them. Every panel is rendered, inactive ones
 * hidden, so all of them are in the prerendered HTML for readers without JavaScript and for search
 * engines. Controlled with `value` and `onValueChange`, or left to itself from `defaultValue` (the
 * first tab when unset).
 */
export function Tabs<T extends string>({ items, label, variant, value, onValueChange, defaultValue }: TabsProps<T>) {
  const styles = tabsVariants[variant];
  const orientation = variant === 'side' ? 'vertical' : 'horizontal';
  const [own, setOwn] = useState(defaultValue ?? items[0]?.id);
  const selected = value ?? own;
  const id = useId();
  const list = useRef<HTMLDivElement>(null);
  const select = (next: T) => {
    if (next === selected) return;
    if (value === undefined) setOwn(next);
    onValueChange?.(next);
  };
  return (
    <div className={styles.root} data-orientation={orientation}>
      <div
        ref={list}
        role="tablist"
        aria-label={label}
        aria-orientation={orientation}
        data-orientation={orientation}
        className={styles.list}
      >
        {items.map((item, index) => {
          const state = item.id === selected ? 'active' : 'inactive';
          return (
            <button
              key={item.id}
              type="button"
              role="tab"
              id={`${id}-tab-${item.id}`}
              aria-selected={state === 'active'}
              aria-controls={`${id}-panel-${item.id}`}
              data-state={state}
              tabIndex={state === 'active' ? 0 : -1}
              className={styles.trigger}
              onClick={() => select(item.id)}
              onFocus={() => select(item.id)}
              // Focus selects (above), as Radix's automatic activation did.
              onKeyDown={(event) =>
                moveFocus(event, {
                  group: list.current,
                  selector: '[role="tab"]',
                  index,
                  vertical: orientation === 'vertical',
                })
              }
            >
              {item.label}
            </button>
          );
        })}
      </div>
      {items.map((item) => (
        <div
          key={item.id}
          role="tabpanel"
          id={`${id}-panel-${item.id}`}
          aria-labelledby={`${id}-tab-${item.id}`}
          // biome-ignore lint/a11y/noNoninteractiveTabindex: a panel is reachable by Tab, as the tabs pattern asks.
          tabIndex={0}
          data-state={item.id === selected ? 'active' : 'inactive'}
          data-orientation={orientation}
          className={styles.content}
        >
          {item.panel}
        </div>
      ))}
    </div>
  );
}
