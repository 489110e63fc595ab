import type { AreaNode, ContactOption, Place, StoreDetail } from '@console/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { Alert, Button, Cascader, Form, Input, Select, Space, Spin } from 'antd';
import { useState } from 'react';
import { areaPathDisplay } from '../../components/address/area-options';
import { notify } from '../../lib/notify';
import { STORE_INFO_LABELS as L } from './labels';
import { storeInfoApi } from './store-info-api';
import {
  STORE_INFO_RULES,
  formValuesOf,
  hasLocation,
  regionPathOf,
  saveBodyOf,
  type StoreInfoFormValues,
} from './store-info-model';
import styles from './store-info.module.css';
import { StoreMap } from './store-map';
import { usePlaceSearch } from './use-place-search';
import { storeInfoKeys, useStoreInfoData } from './use-store-info-data';

type StoreInfoFormProps = {
  shopCode: string;
  /** The form's layout: labels beside the fields, or above them on a phone. */
  vertical?: boolean;
  onSaved(): void;
  /** Shows a 取消 button; the confirmation dialog has none (the user must confirm). */
  onCancel?: () => void;
};

/** Loads regions, detail and contacts (spec 4.4), then shows the store-info form. */
export function StoreInfoForm({ shopCode, ...rest }: StoreInfoFormProps) {
  const data = useStoreInfoData(shopCode);
  if (data.isError) {
    return (
      <Alert
        type="error"
        showIcon
        title={L.loadFailed}
        action={<Button onClick={data.retry}>{L.retry}</Button>}
        data-testid="store-info-load-failed"
      />
    );
  }
  if (!data.areaTree || !data.detail || !data.contacts) {
    return (
      <div className={styles.loading} data-testid="store-info-loading">
        <Spin />
        <span>{L.loading}</span>
      </div>
    );
  }
  return (
    <LoadedStoreInfoForm
      // A fresh form for another store or after a reload of the detail.
      key={`${data.detail.shopCode}-${data.detail.id}`}
      areaTree={data.areaTree}
      detail={data.detail}
      contacts={data.contacts}
      {...rest}
    />
  );
}

type LoadedProps = Omit<StoreInfoFormProps, 'shopCode'> & {
  areaTree: AreaNode[];
  detail: StoreDetail;
  contacts: ContactOption[];
};

const AREA_FIELDS = { label: 'name', value: 'id', children: 'children' } as const;

function LoadedStoreInfoForm({ areaTree, detail, contacts, vertical, onSaved, onCancel }: LoadedProps) {
  const [form] = Form.useForm<StoreInfoFormValues>();
  const queryClient = useQueryClient();
  const latitude = Form.useWatch('latitude', form) ?? detail.latitude;
  const longitude = Form.useWatch('longitude', form) ?? detail.longitude;
  const { places, searching, onSearch } = usePlaceSearch(storeInfoApi.searchPlaces);
  const [picked, setPicked] = useState<Place | null>(null);

  const save = useMutation({
    mutationFn: (values: StoreInfoFormValues) =>
      storeInfoApi.save(saveBodyOf(values, detail, areaTree, contacts)),
    onSuccess: async () => {
      notify.success(L.saved);
      await queryClient.invalidateQueries({ queryKey: storeInfoKeys.detail(detail.shopCode) });
      onSaved();
    },
  });

  const setLocation = (lat: number, lng: number) => form.setFieldsValue({ latitude: lat, longitude: lng });

  const pickPlace = (id: string) => {
    const place = places.find((candidate) => candidate.id === id);
    if (!place) return;
    setPicked(place);
    setLocation(place.location.lat, place.location.lng);
    const region = regionPathOf(areaTree, place.adcode);
    const current = form.getFieldValue('region') as string[] | undefined;
    if (region && region.join() !== current?.join()) {
      // Spec 5: a new region clears the detailed address, which belonged to the old one.
      form.setFieldsValue({ region, shopDetailAddress: '' });
      void form.validateFields(['region']);
    }
  };

  const pickContact = (id: number | undefined) => {
    const contact = contacts.find((person) => person.userId === id);
    if (contact) {
      form.setFieldsValue({ contactsPhone: contact.phone });
      void form.validateFields(['contactsPhone']);
    }
  };

  const submit = (values: StoreInfoFormValues) => {
    if (!hasLocation(values.latitude, values.longitude)) {
      notify.warning(L.rules.location);
      return;
    }
    save.mutate(values);
  };

  const placeOptions = [...places, ...(picked && !places.includes(picked) ? [picked] : [])].map((place) => ({
    value: place.id,
    label: place.title,
    address: place.address,
  }));

  return (
    <Form<StoreInfoFormValues>
      form={form}
      layout={vertical ? 'vertical' : 'horizontal'}
      labelCol={vertical ? undefined : { flex: '96px' }}
      labelWrap
      initialValues={formValuesOf(detail, areaTree, contacts)}
      onFinish={submit}
      className={styles.form}
      data-testid="store-info-form"
    >
      <Form.Item name="shopName" label={L.fields.shopName} rules={STORE_INFO_RULES.shopName}>
        <Input maxLength={64} placeholder={L.placeholders.shopName} data-testid="store-info-shop-name" />
      </Form.Item>
      <Form.Item name="shopCode" label={L.fields.shopCode}>
        <Input readOnly variant="filled" data-testid="store-info-shop-code" />
      </Form.Item>
      <Form.Item name="region" label={L.fields.region} rules={STORE_INFO_RULES.region}>
        <Cascader
          options={areaTree}
          fieldNames={AREA_FIELDS}
          displayRender={areaPathDisplay}
          showSearch
          placeholder={L.placeholders.region}
          onChange={() => form.setFieldsValue({ shopDetailAddress: '' })}
          data-testid="store-info-region"
        />
      </Form.Item>
      <Form.Item
        name="shopDetailAddress"
        label={L.fields.detailAddress}
        rules={STORE_INFO_RULES.shopDetailAddress}
      >
        <Input.TextArea
          rows={3}
          maxLength={255}
          placeholder={L.placeholders.detailAddress}
          data-testid="store-info-detail-address"
        />
      </Form.Item>
      <Form.Item name="latitude" hidden>
        <Input />
      </Form.Item>
      <Form.Item name="longitude" hidden>
        <Input />
      </Form.Item>
      <Form.Item label={L.fields.location} required>
        <Space orientation="vertical" size={8} className={styles.block}>
          <Select
            showSearch={{ filterOption: false, onSearch }}
            value={picked?.id}
            options={placeOptions}
            optionRender={(option) => (
              <div className={styles.place}>
                <span>{option.data.label}</span>
                <span className={styles.placeAddress}>{option.data.address}</span>
              </div>
            )}
            onSelect={pickPlace}
            loading={searching}
            notFoundContent={searching ? L.searching : null}
            placeholder={L.placeholders.placeSearch}
            suffixIcon={null}
            className={styles.placeSearch}
            data-testid="store-info-place-search"
          />
          <StoreMap latitude={latitude} longitude={longitude} onPick={setLocation} />
        </Space>
      </Form.Item>
      <Form.Item name="shopPhone" label={L.fields.shopPhone} rules={STORE_INFO_RULES.shopPhone}>
        <Input maxLength={20} placeholder={L.placeholders.shopPhone} data-testid="store-info-shop-phone" />
      </Form.Item>
      <Form.Item name="contactsId" label={L.fields.contact} extra={L.contactHint}>
        <Select
          allowClear
          showSearch={{ optionFilterProp: 'label' }}
          options={contacts.map((person) => ({ value: person.userId, label: person.name }))}
          onChange={pickContact}
          placeholder={L.placeholders.contact}
          notFoundContent={L.noContacts}
          data-testid="store-info-contact"
        />
      </Form.Item>
      <Form.Item name="contactsPhone" label={L.fields.contactPhone} rules={STORE_INFO_RULES.contactsPhone}>
        <Input
          maxLength={20}
          placeholder={L.placeholders.contactPhone}
          data-testid="store-info-contact-phone"
        />
      </Form.Item>
      {save.error && (
        <Alert
          type="error"
          showIcon
          title={save.error.message}
          className={styles.saveError}
          data-testid="store-info-save-error"
        />
      )}
      <div className={styles.actions}>
        {onCancel && <Button onClick={onCancel}>{L.cancel}</Button>}
        <Button type="primary" htmlType="submit" loading={save.isPending} data-testid="store-info-save">
          {L.save}
        </Button>
      </div>
    </Form>
  );
}
