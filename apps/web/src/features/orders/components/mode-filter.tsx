import type { OrderMode } from '@giftrelay/contracts';
import { FilterSelect } from './filter-select';

const MODES = [
  { value: 'live', label: 'Live orders' },
  { value: 'sandbox', label: 'Sandbox orders' },
] as const satisfies readonly { value: OrderMode; label: string }[];

/**
 * For a live organisation: its live orders (the default), or those it placed in sandbox mode
 * before going live (decision 045). A sandbox organisation has only the one kind, and no switch.
 */
export function ModeFilter({ value, onChange }: { value: OrderMode; onChange: (mode: OrderMode) => void }) {
  return <FilterSelect label="Mode" options={MODES} value={value} onChange={onChange} />;
}
