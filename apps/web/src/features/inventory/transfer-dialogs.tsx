import {
  INVENTORY_REASON_MAX,
  inventoryEndpoints,
  type TransferDetail,
  type TransferLine,
} from '@console/contract';
import { useQuery } from '@tanstack/react-query';
import { Form, InputNumber, Select } from 'antd';
import { FormDialog } from '../../components/form-dialog/form-dialog';
import { FormAlert } from '../../components/form-dialog/form-fields';
import { ReasonDialog } from '../../components/form-dialog/reason-dialog';
import { LineDialog, lineName, ReceiveDialog } from './line-dialog';
import { call } from '../../lib/http';
import { inventoryKeys } from './inventory-keys';
import { INVENTORY_LABELS } from './labels';

export type TransferDialog = 'accept' | 'refuse' | 'confirmBatch' | 'ship' | 'receive' | 'cancel';
type Props = {
  dialog: TransferDialog | null;
  transfer: TransferDetail;
  storeCode: string;
  onClose(): void;
  onDone(next: TransferDetail): void;
};

const A = INVENTORY_LABELS.actions;
const silent = { flags: { silent: true } } as const;

/** A transfer's action dialogs; each is the action's confirmation and shows the server's refusal. */
export function TransferDialogs({ dialog, transfer, storeCode, onClose, onDone }: Props) {
  const base = { storeCode, id: transfer.id };
  const done = (next: TransferDetail) => {
    onDone(next);
    return next;
  };
  return (
    <>
      <FormDialog<object>
        open={dialog === 'accept' || dialog === 'ship'}
        title={dialog === 'ship' ? A.ship : A.accept}
        okText={dialog === 'ship' ? A.ship : A.accept}
        doneText={dialog === 'ship' ? INVENTORY_LABELS.ship.done : INVENTORY_LABELS.accept.done}
        testId="transfer-confirm-dialog"
        onClose={onClose}
        onDone={() => undefined}
        submit={async () =>
          done(
            await call(
              dialog === 'ship' ? inventoryEndpoints.transferShip : inventoryEndpoints.transferAccept,
              base,
              silent,
            ),
          )
        }
      >
        <FormAlert
          type="warning"
          title={dialog === 'ship' ? INVENTORY_LABELS.ship.confirm : INVENTORY_LABELS.accept.confirm}
        />
      </FormDialog>
      <ReasonDialog
        open={dialog === 'refuse' || dialog === 'cancel'}
        title={dialog === 'refuse' ? INVENTORY_LABELS.refuse.title : INVENTORY_LABELS.cancel.title}
        okText={dialog === 'refuse' ? A.refuse : A.cancel}
        doneText={dialog === 'refuse' ? INVENTORY_LABELS.refuse.done : INVENTORY_LABELS.cancel.done}
        warning={dialog === 'refuse' ? INVENTORY_LABELS.refuse.warning : INVENTORY_LABELS.cancel.warning}
        testId="transfer-reason-dialog"
        reasonTestId="transfer-reason"
        labels={INVENTORY_LABELS.reason}
        reasonMax={INVENTORY_REASON_MAX}
        onClose={onClose}
        onDone={() => undefined}
        submit={async (reason) =>
          done(
            await call(
              dialog === 'refuse' ? inventoryEndpoints.transferRefuse : inventoryEndpoints.transferCancel,
              { ...base, reason },
              silent,
            ),
          )
        }
      />
      {dialog === 'confirmBatch' ? (
        <BatchDialog transfer={transfer} storeCode={storeCode} onClose={onClose} onDone={done} />
      ) : null}
      {dialog === 'receive' ? (
        <ReceiveDialog
          lines={transfer.lines}
          testPrefix="transfer"
          onClose={onClose}
          submit={async (lines) =>
            done(await call(inventoryEndpoints.transferReceive, { ...base, lines }, silent))
          }
        />
      ) : null}
    </>
  );
}

type LineDialogProps = {
  transfer: TransferDetail;
  storeCode: string;
  onClose(): void;
  onDone(next: TransferDetail): unknown;
};

/** 确认发货批次: per line a batch of the store's stock of that SKU (earliest expiry first) and a quantity. */
function BatchDialog({ transfer, storeCode, onClose, onDone }: LineDialogProps) {
  const L = INVENTORY_LABELS.batch;
  const stock = useQuery({
    queryKey: [...inventoryKeys.stock(storeCode), 'batches', transfer.id],
    queryFn: ({ signal }) =>
      Promise.all(
        transfer.lines.map((line) =>
          call(
            inventoryEndpoints.stockList,
            { storeCode, keyword: line.skuCode, pageNum: 1, pageSize: 50 },
            { signal },
          ),
        ),
      ),
  });
  const batchesOf = (index: number) =>
    (stock.data?.[index]?.list ?? [])
      .filter((row) => row.skuId === transfer.lines[index]!.skuId && row.available > 0)
      .map((row) => ({
        value: row.batchNo,
        label: `${row.batchNo}（${L.available} ${row.available}，${L.expiry} ${row.expiryDate}）`,
      }));
  return (
    <LineDialog<TransferLine, { batchNo: string; quantity: number }>
      title={L.title}
      doneText={L.done}
      testId="transfer-batch-dialog"
      lines={transfer.lines}
      heading={(line) => `${lineName(line)} × ${line.quantity}`}
      initial={(line) => ({ batchNo: undefined as unknown as string, quantity: line.quantity })}
      fields={(line, index) => (
        <>
          <Form.Item
            name={['lines', index, 'batchNo']}
            rules={[{ required: true, message: L.batchRequired }]}
          >
            <Select
              options={batchesOf(index)}
              loading={stock.isLoading}
              placeholder={L.batch}
              style={{ width: 260 }}
              data-testid={`transfer-batch-${index}`}
            />
          </Form.Item>
          <Form.Item name={['lines', index, 'quantity']} rules={[{ required: true }]}>
            <InputNumber
              min={1}
              max={line.quantity}
              precision={0}
              data-testid={`transfer-batch-qty-${index}`}
            />
          </Form.Item>
        </>
      )}
      submit={async (values) =>
        onDone(
          await call(
            inventoryEndpoints.transferConfirmBatch,
            {
              storeCode,
              id: transfer.id,
              lines: transfer.lines.map((line, index) => ({ lineId: line.id, ...values[index]! })),
            },
            silent,
          ),
        )
      }
      onClose={onClose}
    />
  );
}
