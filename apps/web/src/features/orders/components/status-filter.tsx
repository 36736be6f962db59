import type { OrderStatus } from '@giftrelay/contracts';
import { STATUS_FILTERS, type StatusFilter as StatusFilterValue } from '../utils/order-view';
import { FilterSelect } from './filter-select';

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
