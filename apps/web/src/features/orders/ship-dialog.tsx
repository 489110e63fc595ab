import { fulfilmentEndpoints } from '@console/contract';
import { call } from '../../lib/http';
import { MOBILE_PATTERN } from '@console/contract';
import { useQuery } from '@tanstack/react-query';
import { Form, Input, Select } from 'antd';
import { FormDialog } from '../../components/form-dialog/form-dialog';
import type { OrderDialogProps } from './dialog-props';
import { ORDER_LABELS } from './labels';
import { orderKeys } from './order-keys';
import { ACTION_CALL } from './dialog-props';

const L = ORDER_LABELS.ship;
const F = ORDER_LABELS.fields;
/** Letters and digits; the courier's own pattern is checked on the server. */
const TRACKING_PATTERN = /^[A-Za-z0-9]{6,30}$/;

type ShipValues = {
  courierCode?: string;
  trackingNo?: string;
  delivererName?: string;
  delivererPhone?: string;
};

/** 发货: a courier and tracking number for express orders, the deliverer for store delivery. */
export function ShipDialog({ open, order, storeCode, onClose, onDone }: OrderDialogProps) {
  const type = order.delivery.type;
  const couriers = useQuery({
    queryKey: orderKeys.couriers,
    queryFn: ({ signal }) => call(fulfilmentEndpoints.deliveryCompany, {}, { signal }),
    enabled: open && type === 'express',
    staleTime: 10 * 60_000,
  });

  return (
    <FormDialog<ShipValues>
      open={open}
      title={ORDER_LABELS.actions.deliver}
      doneText={ORDER_LABELS.actions.done.deliver}
      testId="ship-dialog"
      onClose={onClose}
      onDone={onDone}
      submit={(values) =>
        call(
          fulfilmentEndpoints.deliver,
          {
            storeCode,
            performanceOrderNo: order.performanceOrderNo,
            ...(type === 'express'
              ? { courierCode: values.courierCode, trackingNo: values.trackingNo?.trim() }
              : {}),
            ...(type === 'store_delivery'
              ? { delivererName: values.delivererName?.trim(), delivererPhone: values.delivererPhone?.trim() }
              : {}),
          },
          ACTION_CALL,
        )
      }
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
          <Form.Item
            name="trackingNo"
            label={F.trackingNo}
            rules={[
              { required: true, whitespace: true, message: L.trackingRequired },
              { pattern: TRACKING_PATTERN, message: L.trackingInvalid },
            ]}
          >
            <Input
              data-testid="ship-tracking"
              maxLength={30}
              placeholder={L.trackingPlaceholder}
              autoComplete="off"
            />
          </Form.Item>
        </>
      ) : null}
      {type === 'store_delivery' ? (
        <>
          <Form.Item
            name="delivererName"
            label={F.deliverer}
            rules={[{ required: true, whitespace: true, message: L.delivererRequired }]}
          >
            <Input data-testid="ship-deliverer" maxLength={32} placeholder={L.delivererPlaceholder} />
          </Form.Item>
          <Form.Item
            name="delivererPhone"
            label={L.delivererPhone}
            rules={[
              { required: true, message: L.delivererPhoneInvalid },
              { pattern: MOBILE_PATTERN, message: L.delivererPhoneInvalid },
            ]}
          >
            <Input
              data-testid="ship-deliverer-phone"
              maxLength={11}
              placeholder={L.delivererPhonePlaceholder}
            />
          </Form.Item>
        </>
      ) : null}
    </FormDialog>
  );
}
