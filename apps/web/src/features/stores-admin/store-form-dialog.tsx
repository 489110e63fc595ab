import {
  CHINA_BOUNDS as B,
  STORE_ADMIN_MESSAGES,
  storeAdminEndpoints,
  type StoreAdminRow,
} from '@console/contract';
import { useQuery } from '@tanstack/react-query';
import { Cascader, Form, Input, InputNumber, Space } from 'antd';
import { useMemo } from 'react';
import { areaPathDisplay, type AreaOption } from '../../components/address/area-options';
import { useAreaOptions } from '../../components/address/use-area-options';
import { FormDialog } from '../../components/form-dialog/form-dialog';
import { TextField } from '../../components/form-dialog/form-fields';
import { call } from '../../lib/http';
import { STORES_ADMIN_LABELS } from './labels';
import { RemoteSelect } from '../../components/remote-select';
import { shopGroupChoices } from '../../lib/shop-group-choices';
import { storesAdminKeys } from './stores-admin-keys';

const L = STORES_ADMIN_LABELS.form;

type Values = {
  shopName: string;
  businessScopeName: string;
  shopGroupId: number;
  shopPhone: string;
  region: string[];
  shopDetailAddress: string;
  latitude: number | null;
  longitude: number | null;
};

/** The two halves of the location, each checked against China's bounding box as the server does. */
const COORDINATES = [
  {
    name: 'latitude',
    min: B.latMin,
    max: B.latMax,
    message: STORE_ADMIN_MESSAGES.latitude,
    testId: 'store-form-lat',
  },
  {
    name: 'longitude',
    min: B.lngMin,
    max: B.lngMax,
    message: STORE_ADMIN_MESSAGES.longitude,
    testId: 'store-form-lng',
  },
] as const;

/** A one-line field of the form, labelled from the labels by its name. */
const text = (name: keyof typeof L, max: number, testId: string, required?: string) => (
  <TextField name={name} label={L[name]} required={required} max={max} testId={testId} />
);

export type StoreFormTarget = { mode: 'add' } | { mode: 'edit'; store: StoreAdminRow };

/** The form's values → the body both `addShop` and `editShop` take. */
export function storeBodyOf(values: Values) {
  const [shopProvinceCode = '', shopCityCode = '', shopCountyCode = ''] = values.region ?? [];
  return {
    shopName: values.shopName.trim(),
    businessScopeName: values.businessScopeName.trim(),
    shopGroupId: values.shopGroupId,
    shopPhone: (values.shopPhone ?? '').trim(),
    shopProvinceCode,
    shopCityCode,
    shopCountyCode,
    shopDetailAddress: values.shopDetailAddress.trim(),
    latitude: values.latitude ?? Number.NaN,
    longitude: values.longitude ?? Number.NaN,
  };
}

const initialOf = (store: StoreAdminRow | null): Partial<Values> =>
  store
    ? {
        ...store,
        region: [store.shopProvinceCode, store.shopCityCode, store.shopCountyCode],
      }
    : { shopPhone: '', latitude: null, longitude: null };

type Props = { target: StoreFormTarget | null; onClose(): void; onSaved(): void };

/** 开店 / 编辑门店: names, group, phone, area from the national tree, street address and the location. */
export function StoreFormDialog({ target, onClose, onSaved }: Props) {
  const store = target?.mode === 'edit' ? target.store : null;
  const adding = target?.mode === 'add';
  const code = useQuery({
    queryKey: storesAdminKeys.newCode,
    queryFn: () => call(storeAdminEndpoints.shopCode, {}),
    enabled: adding,
    staleTime: Infinity,
    gcTime: 0,
  });
  const storeGroup = useMemo(
    () => (store ? [{ value: store.shopGroupId, label: store.groupName }] : []),
    [store],
  );
  const areas = useAreaOptions(target !== null, store?.shopCountyCode ?? '');
  const shopCode = store?.shopCode ?? code.data?.shopCode ?? '';
  return (
    <FormDialog<Values>
      open={target !== null}
      title={store ? L.edit : L.add}
      doneText={store ? STORES_ADMIN_LABELS.saved : STORES_ADMIN_LABELS.created(shopCode)}
      testId="store-form"
      onClose={onClose}
      onDone={onSaved}
      initialValues={initialOf(store)}
      submit={async (values) => {
        const body = storeBodyOf(values);
        if (store)
          await call(storeAdminEndpoints.edit, { id: store.id, ...body }, { flags: { silent: true } });
        else
          await call(
            storeAdminEndpoints.add,
            { ...body, shopCode: shopCode || null },
            { flags: { silent: true } },
          );
      }}
    >
      <Form.Item label={L.shopCode} extra={L.shopCodeHint}>
        <Input value={shopCode} disabled data-testid="store-form-code" />
      </Form.Item>
      {text('shopName', 64, 'store-form-name', L.shopNameRequired)}
      {text('businessScopeName', 128, 'store-form-full-name', L.businessScopeNameRequired)}
      <Form.Item name="shopGroupId" label={L.group} rules={[{ required: true, message: L.groupRequired }]}>
        <RemoteSelect
          {...shopGroupChoices}
          enabled={target !== null}
          known={storeGroup}
          testId="store-form-group"
        />
      </Form.Item>
      {text('shopPhone', 32, 'store-form-phone')}
      <Form.Item
        name="region"
        label={L.region}
        rules={[{ required: true, type: 'array', len: 3, message: L.regionRequired }]}
      >
        <Cascader<AreaOption>
          displayRender={areaPathDisplay}
          data-testid="store-form-region"
          options={areas.options}
          loadData={(selected) => void areas.loadData(selected)}
        />
      </Form.Item>
      {text('shopDetailAddress', 255, 'store-form-detail', L.detailRequired)}
      <Form.Item label={L.location} extra={L.locationHint} required>
        <Space.Compact block>
          {COORDINATES.map(({ name, min, max, message, testId }) => (
            <Form.Item
              key={name}
              name={name}
              noStyle
              rules={[
                { required: true, message: L.locationRequired },
                { type: 'number', min, max, message },
              ]}
            >
              <InputNumber
                placeholder={L[name]}
                precision={6}
                style={{ width: '50%' }}
                data-testid={testId}
              />
            </Form.Item>
          ))}
        </Space.Compact>
      </Form.Item>
    </FormDialog>
  );
}
