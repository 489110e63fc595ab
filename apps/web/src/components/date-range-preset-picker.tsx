import { DatePicker } from 'antd';
import type { Dayjs } from 'dayjs';
import { DATE_RANGE_PRESETS } from '../lib/format/date-range-presets';
import { dateFilterOfRange, rangeOfDateFilter, type DateFilter } from './date-range-filter';

type Props = {
  value: DateFilter;
  onChange(filter: DateFilter): void;
  placeholder?: [string, string];
  'data-testid'?: string;
};

/** A day-range picker with the 11 presets of spec 9; a preset is kept as a preset, not as fixed days. */
export function DateRangePresetPicker({ value, onChange, placeholder, ...rest }: Props) {
  return (
    <DatePicker.RangePicker
      data-testid={rest['data-testid']}
      value={rangeOfDateFilter(value)}
      presets={DATE_RANGE_PRESETS}
      placeholder={placeholder}
      allowClear
      inputReadOnly
      onChange={(range) =>
        onChange(dateFilterOfRange(range && range[0] && range[1] ? [range[0], range[1] as Dayjs] : null))
      }
    />
  );
}
