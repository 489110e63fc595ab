import { fulfilmentEndpoints } from '@console/contract';
import { Input } from 'antd';
import { AddressFields, addressOfValues, type AddressValues } from '../../components/address/address-fields';
import { areaPathOf } from '../../components/address/area-options';
import { useAreaOptions } from '../../components/address/use-area-options';
import { FormDialog } from '../../components/form-dialog/form-dialog';
import { call } from '../../lib/http';
import { ACTION_CALL, type OrderDialogProps } from './dialog-props';
import { ORDER_LABELS } from './labels';

/** 修改地址: receiver, region (cnArea cascader) and the street address, while the order waits to ship. */
export function AddressDialog({ open, order, storeCode, onClose, onDone }: OrderDialogProps) {
  const areas = useAreaOptions(open, order.address.countyCode);

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
        region: areaPathOf(order.address.countyCode) ?? [],
        detail: order.address.detail,
      }}
      submit={(values) =>
        call(
          fulfilmentEndpoints.modifyAddress,
          { storeCode, performanceOrderNo: order.performanceOrderNo, ...addressOfValues(values) },
          ACTION_CALL,
        )
      }
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
    </FormDialog>
  );
}
