import { fulfilmentEndpoints, type CodeFormat } from '@console/contract';
import { useQuery } from '@tanstack/react-query';
import { Form, Select } from 'antd';
import { MobileField } from '../../components/address/address-fields';
import { CodeField, TextField } from '../../components/form-dialog/form-fields';
import { call } from '../../lib/http';
import type { OrderDialogProps } from './dialog-props';
import { ORDER_LABELS } from './labels';
import { OrderActionDialog } from './order-action-dialog';
import { orderKeys } from './order-keys';

const L = ORDER_LABELS.ship;
const F = ORDER_LABELS.fields;
/** Letters and digits; the courier's own pattern is checked on the server. */
const TRACKING_NO_FORMAT: CodeFormat = {
  pattern: /^[A-Za-z0-9]{6,30}$/,
  invalid: L.trackingInvalid,
  max: 30,
  digits: false,
};

type ShipValues = {
  courierCode?: string;
  trackingNo?: string;
  delivererName?: string;
  delivererPhone?: string;
};

/** 发货: a courier and tracking number for express orders, the deliverer for store delivery. */
export function ShipDialog(props: OrderDialogProps) {
  const { open, order } = props;
  const type = order.delivery.type;
  const couriers = useQuery({
    queryKey: orderKeys.couriers,
    queryFn: ({ signal }) => call(fulfilmentEndpoints.deliveryCompany, {}, { signal }),
    enabled: open && type === 'express',
    staleTime: 10 * 60_000,
  });

  return (
    <OrderActionDialog
      action="deliver"
      dialog={props}
      testId="ship-dialog"
      fieldsOf={(values: ShipValues) => ({
        ...(type === 'express'
          ? { courierCode: values.courierCode, trackingNo: values.trackingNo?.trim() }
          : {}),
        ...(type === 'store_delivery'
          ? { delivererName: values.delivererName?.trim(), delivererPhone: values.delivererPhone?.trim() }
          : {}),
      })}
    >
      <Form.Item label={L.method}>{order.delivery.typeText}</Form.Item>
      {type === 'express' ? (
        <>
          <Form.Item
            name="courierCode"
            label={F.courier}
            rules={[{ required: true, message: L.courierRequired }]}
          >
            <Select
              data-testid="ship-courier"
              showSearch={{ optionFilterProp: 'label' }}
              loading={couriers.isLoading}
              placeholder={L.courierPlaceholder}
              options={(couriers.data ?? []).map((c) => ({ value: c.code, label: c.name }))}
            />
          </Form.Item>
          <CodeField
            name="trackingNo"
            label={F.trackingNo}
            required={L.trackingRequired}
            format={TRACKING_NO_FORMAT}
            placeholder={L.trackingPlaceholder}
            testId="ship-tracking"
          />
        </>
      ) : null}
      {type === 'store_delivery' ? (
        <>
          <TextField
            name="delivererName"
            label={F.deliverer}
            required={L.delivererRequired}
            max={32}
            placeholder={L.delivererPlaceholder}
            testId="ship-deliverer"
          />
          <MobileField
            name="delivererPhone"
            label={L.delivererPhone}
            required={L.delivererPhoneInvalid}
            placeholder={L.delivererPhonePlaceholder}
            testId="ship-deliverer-phone"
          />
        </>
      ) : null}
    </OrderActionDialog>
  );
}
