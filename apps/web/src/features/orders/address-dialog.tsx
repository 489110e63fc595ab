import { fulfilmentEndpoints } from '@console/contract';
import { call } from '../../lib/http';
import { MOBILE_PATTERN } from '@console/contract';
import { Cascader, Form, Input } from 'antd';
import { FormDialog } from '../../components/form-dialog/form-dialog';
import type { AreaOption } from '../../components/address/area-options';
import { areaPathOf } from '../../components/address/area-options';
import type { OrderDialogProps } from './dialog-props';
import { ORDER_LABELS } from './labels';
import { ACTION_CALL } from './dialog-props';
import { useAreaOptions } from '../../components/address/use-area-options';

const L = ORDER_LABELS.address;
const F = ORDER_LABELS.fields;

type AddressValues = { receiverName: string; receiverPhone: string; region: string[]; detail: string };

/** 修改地址: receiver, region (cnArea cascader) and the street address, while the order waits to ship. */
export function AddressDialog({ open, order, storeCode, onClose, onDone }: OrderDialogProps) {
  const areas = useAreaOptions(open, order.address.countyCode);
  const initialRegion = areaPathOf(order.address.countyCode);

  return (
    <FormDialog<AddressValues>
      open={open}
      title={ORDER_LABELS.actions.modifyAddress}
      doneText={ORDER_LABELS.actions.done.modifyAddress}
      testId="address-dialog"
      onClose={onClose}
      onDone={onDone}
      initialValues={{
        receiverName: order.address.receiverName,
        receiverPhone: order.address.receiverPhone,
        region: initialRegion ?? [],
        detail: order.address.detail,
      }}
      submit={(values) => {
        const [provinceCode = '', cityCode = '', countyCode = ''] = values.region;
        return call(
          fulfilmentEndpoints.modifyAddress,
          {
            storeCode,
            performanceOrderNo: order.performanceOrderNo,
            receiverName: values.receiverName.trim(),
            receiverPhone: values.receiverPhone.trim(),
            provinceCode,
            cityCode,
            countyCode,
            detail: values.detail.trim(),
          },
          ACTION_CALL,
        );
      }}
    >
      <Form.Item
        name="receiverName"
        label={F.receiver}
        rules={[{ required: true, whitespace: true, message: L.receiverRequired }]}
      >
        <Input maxLength={64} data-testid="address-receiver" />
      </Form.Item>
      <Form.Item
        name="receiverPhone"
        label={F.phone}
        rules={[
          { required: true, message: L.phoneRequired },
          { pattern: MOBILE_PATTERN, message: L.phoneInvalid },
        ]}
      >
        <Input maxLength={11} data-testid="address-phone" />
      </Form.Item>
      <Form.Item
        name="region"
        label={L.region}
        rules={[{ required: true, type: 'array', len: 3, message: L.regionRequired }]}
      >
        <Cascader<AreaOption>
          data-testid="address-region"
          options={areas.options}
          loadData={(selected) => void areas.loadData(selected)}
          changeOnSelect={false}
          placeholder={order.address.regionName || L.regionPlaceholder}
        />
      </Form.Item>
      <Form.Item
        name="detail"
        label={L.detail}
        rules={[{ required: true, whitespace: true, message: L.detailRequired }]}
      >
        <Input maxLength={200} placeholder={L.detailPlaceholder} data-testid="address-detail" />
      </Form.Item>
    </FormDialog>
  );
}
