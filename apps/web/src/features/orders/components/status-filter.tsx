import type { OrderStatus } from '@giftrelay/contracts';
import { useId } from 'react';
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from '@/components/ui/select';
import { STATUS_FILTERS, type StatusFilter as StatusFilterValue } from '../utils/order-view';

interface StatusFilterProps {
  value: StatusFilterValue;
  onChange: (status: OrderStatus | undefined) => void;
}

/** All Statuses, Delivered, Pending, Failed. */
export function StatusFilter({ value, onChange }: StatusFilterProps) {
  const labelId = useId();
  return (
    <div className="sm:w-44">
      <span id={labelId} className="sr-only">
        Status
      </span>
      <Select value={value} onValueChange={(next) => onChange(next === 'all' ? undefined : (next as OrderStatus))}>
        <SelectTrigger aria-labelledby={labelId}>
          <SelectValue />
        </SelectTrigger>
        <SelectContent>
          {STATUS_FILTERS.map((option) => (
            <SelectItem key={option.value} value={option.value}>
              {option.label}
            </SelectItem>
          ))}
        </SelectContent>
      </Select>
    </div>
  );
}
