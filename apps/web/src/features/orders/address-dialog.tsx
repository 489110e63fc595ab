import { Input } from 'antd';
import { AddressFields, addressOfValues } from '../../components/address/address-fields';
import { areaPathOf } from '../../components/address/area-options';
import { useAreaOptions } from '../../components/address/use-area-options';
import type { OrderDialogProps } from './dialog-props';
import { ORDER_LABELS } from './labels';
import { OrderActionDialog } from './order-action-dialog';

/** 修改地址: receiver, region (cnArea cascader) and the street address, while the order waits to ship. */
export function AddressDialog(props: OrderDialogProps) {
  const { open, order } = props;
  const areas = useAreaOptions(open, order.address.countyCode);

  return (
    <OrderActionDialog
      action="modifyAddress"
      dialog={props}
      testId="address-dialog"
      fieldsOf={addressOfValues}
      initialValues={{
        receiverName: order.address.receiverName,
        receiverPhone: order.address.receiverPhone,
        region: areaPathOf(order.address.countyCode) ?? [],
        detail: order.address.detail,
      }}
    >
      <AddressFields
        areas={areas}
        testIdPrefix="address"
        regionPlaceholder={order.address.regionName}
        detail={
          <Input
            maxLength={200}
            placeholder={ORDER_LABELS.address.detailPlaceholder}
            data-testid="address-detail"
          />
        }
      />
    </OrderActionDialog>
  );
}
