import { DELIVERY_TYPE_TEXT, DELIVERY_TYPES, type DeliveryType } from '@console/contract';
import { Select } from 'antd';
import { ORDER_LABELS } from './labels';

const OPTIONS = DELIVERY_TYPES.map((type) => ({ value: type, label: DELIVERY_TYPE_TEXT[type] }));

/** The order lists' 配送方式 filter: one type or, cleared, all of them. */
export function DeliveryTypeFilter(props: {
  testId: string;
  value: DeliveryType | undefined;
  onChange: (value: DeliveryType | undefined) => void;
}) {
  return (
    <Select
      data-testid={props.testId}
      style={{ minWidth: 160 }}
      allowClear
      placeholder={ORDER_LABELS.received.allDelivery}
      value={props.value}
      onChange={props.onChange}
      options={OPTIONS}
    />
  );
}
