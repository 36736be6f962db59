import type { OrderMode } from '@giftrelay/contracts';
import { FilterSelect } from './ui/filter-select';

const MODES = [
  { value: 'live', label: 'Live orders' },
  { value: 'sandbox', label: 'Sandbox orders' },
] as const satisfies readonly { value: OrderMode; label: string }[];

/**
 * For a live organisation: its live orders (the default), or those it placed in sandbox mode
 * before going live (decision 045), in the order history, the dashboard and analytics. A sandbox
 * organisation has only the one kind, and no switch (lib/use-report-mode.ts).
 */
export function ModeFilter({ value, onChange }: { value: OrderMode; onChange: (mode: OrderMode) => void }) {
  return <FilterSelect label="Mode" options={MODES} value={value} onChange={onChange} />;
}
