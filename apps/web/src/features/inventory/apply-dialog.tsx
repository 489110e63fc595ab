import {
  INVENTORY_REASON_MAX,
  LOAN_DAYS_MAX,
  inventoryEndpoints,
  inventoryIoEndpoints,
  loanEndpoints,
  type SkuOption,
} from '@console/contract';
import { useQuery } from '@tanstack/react-query';
import { Button, DatePicker, Form, InputNumber, Select, Space } from 'antd';
import dayjs, { type Dayjs } from 'dayjs';
import { MinusCircleOutlined, PlusOutlined } from '@ant-design/icons';
import { FormDialog } from '../../components/form-dialog/form-dialog';
import { TextAreaField, TextField } from '../../components/form-dialog/form-fields';
import { RemoteSelect, type RemoteOption } from '../../components/remote-select';
import { call } from '../../lib/http';
import { useState } from 'react';
import { inventoryKeys } from './inventory-keys';
import { INVENTORY_LABELS } from './labels';
import { LinesImport, skuOptionOf } from './lines-import';

const L = INVENTORY_LABELS.apply;

type Values = {
  fromStoreCode?: string;
  lenderStoreCode?: string;
  dueDate?: Dayjs;
  toStoreCode?: string;
  remark?: string;
  lines: { skuId: number; quantity: number }[];
};

/**
 * 申请调入 (the chosen store receives) or 总部派单 (head office names the receiving store too: an automatic
 * transfer-in, spec 4.9 type 2). Both answer the new transfer's id.
 */
export type ApplyMode = 'apply' | 'dispatch' | 'requestGoods' | 'loan';

const MODES = {
  apply: {
    endpoint: inventoryEndpoints.transferApply,
    title: INVENTORY_LABELS.actions.apply,
    done: L.done,
    testId: 'transfer-apply-dialog',
  },
  dispatch: {
    endpoint: inventoryEndpoints.transferDispatch,
    title: INVENTORY_LABELS.actions.dispatch,
    done: L.dispatched,
    testId: 'transfer-dispatch-dialog',
  },
  /** 申请要货: the same lines, no other store (the warehouse supplies). */
  requestGoods: {
    endpoint: inventoryEndpoints.requestGoodsApply,
    title: INVENTORY_LABELS.requestGoods.apply,
    done: INVENTORY_LABELS.requestGoods.applied,
    testId: 'request-goods-apply-dialog',
  },
  /** 申请借货: the lending store and the day the goods go back (借货管理). */
  loan: {
    endpoint: loanEndpoints.apply,
    title: INVENTORY_LABELS.loan.apply,
    done: INVENTORY_LABELS.loan.applied,
    testId: 'loan-apply-dialog',
  },
} as const;

/** A loan's body: the due day as the contract's `yyyy-MM-dd`. */
const loanInput = (storeCode: string, values: Values) => ({
  storeCode,
  lenderStoreCode: (values.lenderStoreCode ?? '').trim(),
  dueDate: values.dueDate?.format('YYYY-MM-DD') ?? '',
  remark: values.remark ?? '',
  lines: values.lines,
});

/** The SKUs the store carries (its stock list), as choices for a transfer's lines. */
export function useSkuChoices(storeCode: string, enabled: boolean) {
  const stock = useQuery({
    queryKey: [...inventoryKeys.stock(storeCode), 'choices'],
    enabled: enabled && Boolean(storeCode),
    queryFn: ({ signal }) =>
      call(inventoryEndpoints.stockList, { storeCode, pageNum: 1, pageSize: 50 }, { signal }),
  });
  const seen = new Map<number, string>();
  for (const row of stock.data?.list ?? []) seen.set(row.skuId, `${row.skuName} ${row.spec}`.trim());
  return [...seen].map(([value, label]) => ({ value, label }));
}

/** A request's SKU: the whole catalogue, searched on the server by code or name as the clerk types. */
function CatalogueSkuSelect({
  storeCode,
  known,
  testId,
  ...field
}: {
  storeCode: string;
  known: readonly RemoteOption[];
  testId: string;
  value?: number | null;
  onChange?: (value: number | undefined) => void;
}) {
  return (
    <RemoteSelect<SkuOption>
      {...field}
      queryKey={[...inventoryKeys.stock(storeCode), 'catalogue']}
      fetchPage={(keyword, pageNum, signal) =>
        call(
          inventoryIoEndpoints.skuOptions,
          { storeCode, keyword, pageNum, pageSize: 20 },
          { signal, flags: { silent: true } },
        )
      }
      optionOf={skuOptionOf}
      known={known}
      placeholder={INVENTORY_LABELS.requestGoods.skuSearch}
      // On a phone the select leaves room for the quantity on the same line.
      style={{ width: 'min(260px, calc(100vw - 200px))' }}
      testId={testId}
    />
  );
}

/** 申请调入 / 总部派单: the stores' codes and the lines; the dialog is the confirmation. */
export function ApplyDialog({
  mode = 'apply',
  open,
  storeCode,
  onClose,
  onDone,
}: {
  mode?: ApplyMode;
  open: boolean;
  storeCode: string;
  onClose(): void;
  onDone(created: { id: number }): void;
}) {
  // 申请要货 chooses from the whole catalogue (and may import its lines); a transfer from the store's stock.
  const catalogue = mode === 'requestGoods';
  const choices = useSkuChoices(storeCode, open && !catalogue);
  const [known, setKnown] = useState<RemoteOption[]>([]);
  const { endpoint, title, done, testId } = MODES[mode];
  return (
    <FormDialog<Values>
      open={open}
      title={title}
      doneText={done}
      okText={title}
      testId={testId}
      schema={endpoint.request}
      context={{ storeCode }}
      {...(mode === 'loan' ? { toInput: (values: Values) => loanInput(storeCode, values) } : {})}
      initialValues={{ lines: [{ skuId: undefined as unknown as number, quantity: 1 }] }}
      onClose={onClose}
      onDone={() => undefined}
      submit={async (values) => {
        const options = { flags: { silent: true } };
        const own = { storeCode, remark: values.remark ?? '', lines: values.lines };
        const body = { ...own, fromStoreCode: (values.fromStoreCode ?? '').trim() };
        const created =
          mode === 'loan'
            ? await call(loanEndpoints.apply, loanInput(storeCode, values), options)
            : mode === 'requestGoods'
              ? await call(inventoryEndpoints.requestGoodsApply, own, options)
              : mode === 'dispatch'
                ? await call(
                    inventoryEndpoints.transferDispatch,
                    { ...body, toStoreCode: (values.toStoreCode ?? '').trim() },
                    options,
                  )
                : await call(inventoryEndpoints.transferApply, body, options);
        onDone(created);
        return created;
      }}
    >
      {catalogue ? <LinesImport onImported={(lines) => setKnown(lines.map(skuOptionOf))} /> : null}
      {mode === 'dispatch' ? (
        <TextField
          name="toStoreCode"
          label={L.toStoreCode}
          required={L.toStoreCodeRequired}
          placeholder={L.fromStorePlaceholder}
          max={32}
          code="text"
          testId="transfer-apply-to"
        />
      ) : null}
      {mode === 'loan' ? (
        <>
          <TextField
            name="lenderStoreCode"
            label={INVENTORY_LABELS.loan.lenderStoreCode}
            required={INVENTORY_LABELS.loan.lenderStoreCodeRequired}
            placeholder={L.fromStorePlaceholder}
            max={32}
            code="text"
            testId="loan-apply-lender"
          />
          <Form.Item
            name="dueDate"
            label={INVENTORY_LABELS.loan.dueDate}
            rules={[{ required: true, message: INVENTORY_LABELS.loan.dueDateRequired }]}
          >
            <DatePicker
              style={{ width: '100%' }}
              disabledDate={(day) =>
                !day.isAfter(dayjs(), 'day') || day.isAfter(dayjs().add(LOAN_DAYS_MAX, 'day'), 'day')
              }
              data-testid="loan-apply-due"
            />
          </Form.Item>
        </>
      ) : mode === 'requestGoods' ? null : (
        <TextField
          name="fromStoreCode"
          label={L.fromStoreCode}
          required={L.fromStoreCodeRequired}
          placeholder={L.fromStorePlaceholder}
          max={32}
          code="text"
          testId="transfer-apply-from"
        />
      )}
      <Form.List name="lines">
        {(fields, { add, remove }) => (
          <>
            {fields.map((field, index) => (
              <Space key={field.key} align="baseline" wrap data-testid="transfer-apply-line">
                <Form.Item name={[field.name, 'skuId']} rules={[{ required: true, message: L.skuRequired }]}>
                  {catalogue ? (
                    <CatalogueSkuSelect
                      storeCode={storeCode}
                      known={known}
                      testId={`transfer-apply-sku-${index}`}
                    />
                  ) : (
                    <Select
                      showSearch
                      optionFilterProp="label"
                      options={choices}
                      placeholder={L.sku}
                      style={{ width: 220 }}
                      data-testid={`transfer-apply-sku-${index}`}
                    />
                  )}
                </Form.Item>
                <Form.Item name={[field.name, 'quantity']} rules={[{ required: true, message: L.quantity }]}>
                  <InputNumber
                    min={1}
                    precision={0}
                    placeholder={L.quantity}
                    data-testid={`transfer-apply-qty-${index}`}
                  />
                </Form.Item>
                {fields.length > 1 ? <MinusCircleOutlined onClick={() => remove(field.name)} /> : null}
              </Space>
            ))}
            <Button type="dashed" onClick={() => add({ quantity: 1 })} icon={<PlusOutlined />} block>
              {L.addLine}
            </Button>
          </>
        )}
      </Form.List>
      <TextAreaField
        name="remark"
        label={L.remark}
        max={INVENTORY_REASON_MAX}
        testId="transfer-apply-remark"
      />
    </FormDialog>
  );
}
