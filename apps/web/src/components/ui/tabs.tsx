import { Tabs as TabsPrimitive } from 'radix-ui';
import type { ReactNode } from 'react';

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
 * Tabs on Radix (arrow keys, Home/End, roles and aria-controls). Every panel is rendered, inactive
 * ones hidden, so all of them are in the prerendered HTML for readers without JavaScript and for
 * search engines. Controlled with `value` and `onValueChange`, or left to itself from
 * `defaultValue` (the first tab when unset).
 */
export function Tabs<T extends string>({ items, label, variant, value, onValueChange, defaultValue }: TabsProps<T>) {
  const styles = tabsVariants[variant];
  const isItem = (v: string): v is T => items.some((item) => item.id === v);
  return (
    <TabsPrimitive.Root
      value={value}
      onValueChange={onValueChange && ((v) => isItem(v) && onValueChange(v))}
      defaultValue={value === undefined ? (defaultValue ?? items[0]?.id) : undefined}
      orientation={variant === 'side' ? 'vertical' : undefined}
      className={styles.root}
    >
      <TabsPrimitive.List aria-label={label} className={styles.list}>
        {items.map((item) => (
          <TabsPrimitive.Trigger key={item.id} value={item.id} className={styles.trigger}>
            {item.label}
          </TabsPrimitive.Trigger>
        ))}
      </TabsPrimitive.List>
      {items.map((item) => (
        <TabsPrimitive.Content key={item.id} value={item.id} forceMount className={styles.content}>
          {item.panel}
        </TabsPrimitive.Content>
      ))}
    </TabsPrimitive.Root>
  );
}
