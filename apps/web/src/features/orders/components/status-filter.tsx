import type { OrderStatus } from '@giftrelay/contracts';
import { FilterSelect } from '@/components/ui/filter-select';
import { STATUS_FILTERS, type StatusFilter as StatusFilterValue } from '../utils/order-view';

interface StatusFilterProps {
  value: StatusFilterValue;
  onChange: (status: OrderStatus | undefined) => void;
}

/** All Statuses, Delivered, Pending, Failed. */
export function StatusFilter({ value, onChange }: StatusFilterProps) {
  return (
    <FilterSelect
      label="Status"
      options={STATUS_FILTERS}
      value={value}
      onChange={(next) => onChange(next === 'all' ? undefined : next)}
    />
  );
}
