import {
  integralClassEndpoints as api,
  lookupEndpoints,
  type ClassSkuTerms,
  type IntegralClassDetail,
  type IntegralClassRow,
  type ShelfSkuRow,
} from '@console/contract';
import { useQuery } from '@tanstack/react-query';
import { DatePicker, Form, Select, Switch } from 'antd';
import type { Dayjs } from 'dayjs';
import { FormDialog, LoadingFormDialog } from '../../components/form-dialog/form-dialog';
import { IntegerField, TextField, YuanField } from '../../components/form-dialog/form-fields';
import { call } from '../../lib/http';
import { MALL_LABELS as L } from './labels';

const silent = { flags: { silent: true } } as const;

export const classDetailOf = (id: number, signal?: AbortSignal) =>
  call(api.selectClassSkuById, {}, { pathParams: { id }, ...(signal ? { signal } : {}), ...silent });

/** The terms a class's SKU row carries, as saveClassSku takes them back. */
const termsOf = (sku: IntegralClassDetail['skus'][number]): ClassSkuTerms => ({
  skuId: sku.skuId,
  points: sku.points,
  cashCents: sku.cashCents,
  perMemberLimit: sku.perMemberLimit,
  validFrom: sku.validFrom,
  validTo: sku.validTo,
});

/** Saves the class as it is now, with `change` applied to its name, state or SKUs. */
async function saveClass(
  id: number,
  change: (detail: IntegralClassDetail) => { name?: string; enabled?: boolean; skus?: ClassSkuTerms[] },
) {
  const detail = await classDetailOf(id);
  const { name = detail.name, enabled = detail.enabled, skus = detail.skus.map(termsOf) } = change(detail);
  return call(api.saveClassSku, { id, name, enabled, skus }, silent);
}

type DialogProps = { onClose(): void; onDone(): void };

/** 新增分类 / 编辑 (head office): the class's name and whether it is on; its SKUs stay as they are. */
export function ClassFormDialog({
  editing,
  onClose,
  onDone,
}: DialogProps & { editing: IntegralClassRow | null }) {
  return (
    <FormDialog<{ name: string; enabled: boolean }>
      open
      title={editing ? L.classForm.editTitle : L.classForm.addTitle}
      doneText={L.classForm.done}
      testId="class-form"
      onClose={onClose}
      onDone={onDone}
      initialValues={{ name: editing?.name ?? '', enabled: editing?.enabled ?? true }}
      submit={(v) =>
        editing
          ? saveClass(editing.id, () => ({ name: v.name.trim(), enabled: v.enabled }))
          : call(api.saveClassSku, { name: v.name.trim(), enabled: v.enabled, skus: [] }, silent)
      }
    >
      <TextField
        name="name"
        label={L.classForm.name}
        required={L.classForm.nameRequired}
        max={32}
        testId="class-form-name"
      />
      <Form.Item name="enabled" label={L.classForm.enabled} valuePropName="checked">
        <Switch />
      </Form.Item>
    </FormDialog>
  );
}

type SkuValues = {
  skuId: number;
  points: number;
  cash: number | null;
  perMemberLimit: number;
  window: [Dayjs, Dayjs] | null;
};

/** 添加商品 (head office): an integral SKU into the class with its points terms (replacing them if it is there). */
export function AddSkuDialog({
  target,
  storeCode,
  onClose,
  onDone,
}: DialogProps & { target: IntegralClassRow; storeCode: string }) {
  const choices = useQuery({
    queryKey: ['points-mall', 'sku-choices', storeCode],
    queryFn: ({ signal }) => call(lookupEndpoints.integralSkuPage, { storeCode, pageSize: 50 }, { signal }),
  });
  return (
    <FormDialog<SkuValues>
      open
      title={L.skuForm.title(target.name)}
      doneText={L.skuForm.done}
      testId="class-sku-form"
      onClose={onClose}
      onDone={onDone}
      initialValues={{ points: 500, cash: 0, perMemberLimit: 0, window: null }}
      submit={(v) =>
        saveClass(target.id, (detail) => {
          const added: ClassSkuTerms = {
            skuId: v.skuId,
            points: v.points,
            cashCents: Math.round((v.cash ?? 0) * 100),
            perMemberLimit: v.perMemberLimit,
            validFrom: v.window?.[0].format('YYYY-MM-DD') ?? null,
            validTo: v.window?.[1].format('YYYY-MM-DD') ?? null,
          };
          const others = detail.skus.filter((s) => s.skuId !== v.skuId).map(termsOf);
          return { skus: [...others, added] };
        })
      }
    >
      <Form.Item
        name="skuId"
        label={L.skuForm.sku}
        rules={[{ required: true, message: L.skuForm.skuRequired }]}
      >
        <Select
          data-testid="class-sku-form-sku"
          showSearch
          optionFilterProp="label"
          loading={choices.isFetching}
          options={(choices.data?.list ?? []).map((s) => ({
            value: s.id,
            label: `${s.name}（${s.skuCode}）`,
          }))}
        />
      </Form.Item>
      <IntegerField
        name="points"
        label={L.skuForm.points}
        min={1}
        max={1_000_000}
        testId="class-sku-form-points"
      />
      <YuanField name="cash" label={L.skuForm.cash} min={0} max={10_000} />
      <IntegerField name="perMemberLimit" label={L.skuForm.perMemberLimit} min={0} max={99} />
      <Form.Item name="window" label={L.skuForm.window}>
        <DatePicker.RangePicker style={{ width: '100%' }} />
      </Form.Item>
    </FormDialog>
  );
}

/** 管理授权 (head office): the stores that may shelve the class's SKUs. */
export function ManageAuthDialog({ target, onClose, onDone }: DialogProps & { target: IntegralClassRow }) {
  const detail = useQuery({
    queryKey: ['points-mall', 'class', target.id],
    queryFn: ({ signal }) => classDetailOf(target.id, signal),
  });
  if (!detail.data)
    return (
      <LoadingFormDialog title={L.manageForm.title(target.name)} testId="manage-auth" onClose={onClose} />
    );
  return (
    <FormDialog<{ storeCodes: string[] }>
      open
      title={L.manageForm.title(target.name)}
      doneText={L.manageForm.done}
      testId="manage-auth"
      onClose={onClose}
      onDone={onDone}
      initialValues={{ storeCodes: detail.data.storeCodes }}
      submit={(v) => call(api.setManageAuth, { classId: target.id, storeCodes: v.storeCodes }, silent)}
    >
      <Form.Item name="storeCodes" label={L.manageForm.stores}>
        <Select
          mode="tags"
          data-testid="manage-auth-stores"
          placeholder={L.manageForm.storesPlaceholder}
          tokenSeparators={[',', '，', ' ']}
        />
      </Form.Item>
    </FormDialog>
  );
}

/** 上架 (a store): the SKU on this store's shelf with the stock it holds for the points mall. */
export function ShelfDialog({
  sku,
  storeCode,
  onClose,
  onDone,
}: DialogProps & { sku: ShelfSkuRow; storeCode: string }) {
  return (
    <FormDialog<{ stock: number }>
      open
      title={L.shelfForm.title(sku.name)}
      doneText={L.shelfForm.done}
      testId="shelf-form"
      onClose={onClose}
      onDone={onDone}
      initialValues={{ stock: sku.stock || 10 }}
      submit={(v) =>
        call(api.shelvesState, { storeCode, skuId: sku.skuId, onShelf: true, stock: v.stock }, silent)
      }
    >
      <IntegerField name="stock" label={L.shelfForm.stock} min={0} max={100_000} testId="shelf-form-stock" />
    </FormDialog>
  );
}
