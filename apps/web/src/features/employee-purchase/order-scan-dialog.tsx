import { employeePurchaseEndpoints as api, type EmployeeOrderRow } from '@console/contract';
import { useQuery } from '@tanstack/react-query';
import { List, Space, Tag, Typography } from 'antd';
import { useState } from 'react';
import { FormDialog } from '../../components/form-dialog/form-dialog';
import { ScanInput } from '../../components/form-dialog/scan-input';
import { call } from '../../lib/http';
import { employeePurchaseKeys } from './employee-purchase-query';
import { EMPLOYEE_PURCHASE_LABELS } from './labels';

const L = EMPLOYEE_PURCHASE_LABELS.scanOrder;
/** Pick-up and cancellation both check every code of the order at the counter, then act on the whole order. */
const MODES = {
  verify: { check: api.verifySkuQuery, act: api.verify, labels: L.verify },
  cancel: { check: api.cancelCheckSku, act: api.cancelOrder, labels: L.cancel },
} as const;
export type OrderScanMode = keyof typeof MODES;

export function OrderScanDialog(props: {
  mode: OrderScanMode;
  order: EmployeeOrderRow;
  storeCode: string;
  onClose(): void;
  onDone(): void;
}) {
  const { mode, order, storeCode, onClose, onDone } = props;
  const { check, act, labels } = MODES[mode];
  const { orderNo } = order;
  const detail = useQuery({
    queryKey: [...employeePurchaseKeys.order(storeCode), orderNo],
    queryFn: ({ signal }) => call(api.verifyEpcList, { storeCode, orderNo }, { signal }),
  });
  const [scanned, setScanned] = useState<string[]>([]);
  const lines = detail.data?.lines ?? [];
  const silent = { flags: { silent: true } } as const;

  return (
    <FormDialog<Record<string, never>>
      open
      title={`${labels.title} ${orderNo}`}
      okText={labels.ok}
      danger={mode === 'cancel'}
      testId={`purchase-${mode}`}
      onClose={onClose}
      check={() => (scanned.length < lines.length ? L.incomplete(lines.length - scanned.length) : null)}
      submit={() => call(act, { storeCode, orderNo, epcs: scanned }, silent)}
      doneText={labels.done}
      onDone={onDone}
    >
      <Space direction="vertical" style={{ width: '100%' }}>
        <ScanInput
          placeholder={L.scan}
          testId={`purchase-${mode}-scan`}
          onScan={async (code) => {
            const line = await call(check, { storeCode, orderNo, epc: code }, silent);
            setScanned((codes) => (codes.includes(line.epc) ? codes : [...codes, line.epc]));
          }}
        />
        <Typography.Text type="secondary">{L.progress(scanned.length, lines.length)}</Typography.Text>
        <List
          size="small"
          bordered
          loading={detail.isLoading}
          dataSource={lines}
          rowKey="epc"
          renderItem={(line) => (
            <List.Item>
              <List.Item.Meta title={`${line.name} ${line.spec}`} description={line.epc} />
              {scanned.includes(line.epc) ? <Tag color="success">{L.scanned}</Tag> : <Tag>{L.waiting}</Tag>}
            </List.Item>
          )}
        />
      </Space>
    </FormDialog>
  );
}
