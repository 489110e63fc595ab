import type { StoreDetail } from '@console/contract';
import { EditOutlined } from '@ant-design/icons';
import { Alert, Button, Card, Descriptions, Empty, Spin, Tag, type DescriptionsProps } from 'antd';
import { useState } from 'react';
import { Permission } from '../../components/permission';
import { useShopStore } from '../../stores/shop-store';
import { STORE_INFO_LABELS as L } from './labels';
import { StoreInfoDialog } from './store-info-dialog';
import { formatCoordinates, hasLocation } from './store-info-model';
import styles from './store-info.module.css';
import { useStoreDetail } from './use-store-info-data';
import { areaPathDisplay } from '../../components/address/area-options';

/** The button permission of the 门店信息 page (server menu, `store:edit`). */
export const STORE_EDIT_PERMISSION = ['store:edit'] as const;

function detailItems(detail: StoreDetail): DescriptionsProps['items'] {
  const text = (value: string) => value || L.none;
  const region = areaPathDisplay([detail.shopProvinceName, detail.shopCityName, detail.shopCountyName]);
  return [
    { key: 'shopName', label: L.fields.shopName, children: text(detail.shopName) },
    { key: 'shopCode', label: L.fields.shopCode, children: detail.shopCode },
    { key: 'region', label: L.fields.region, children: text(region) },
    { key: 'detailAddress', label: L.fields.detailAddress, children: text(detail.shopDetailAddress) },
    {
      key: 'location',
      label: L.fields.coordinates,
      children: hasLocation(detail.latitude, detail.longitude)
        ? formatCoordinates(detail.latitude, detail.longitude)
        : L.noLocation,
    },
    { key: 'shopPhone', label: L.fields.shopPhone, children: text(detail.shopPhone) },
    { key: 'contact', label: L.fields.contact, children: text(detail.contactsName) },
    { key: 'contactPhone', label: L.fields.contactPhone, children: text(detail.contactsPhone) },
    {
      key: 'confirmed',
      label: L.fields.confirmed,
      children: detail.infoConfirmed ? (
        <Tag color="success">{L.confirmedYes}</Tag>
      ) : (
        <Tag color="warning">{L.confirmedNo}</Tag>
      ),
    },
  ];
}

/** 门店信息 (server menu `StoreInfo`): the selected store's details, editable with `store:edit`. */
export function StoreInfoPage() {
  const shopCode = useShopStore((state) => state.shopInfo?.addressId ?? '');
  const detail = useStoreDetail(shopCode);
  const [editing, setEditing] = useState(false);

  let body;
  if (shopCode === '') body = <Empty description={L.noStore} />;
  else if (detail.isError)
    body = (
      <Alert
        type="error"
        showIcon
        title={L.loadFailed}
        action={<Button onClick={() => void detail.refetch()}>{L.retry}</Button>}
      />
    );
  else if (!detail.data)
    body = (
      <div className={styles.loading}>
        <Spin />
        <span>{L.loading}</span>
      </div>
    );
  else
    body = (
      <Descriptions
        bordered
        column={{ xs: 1, md: 2 }}
        items={detailItems(detail.data)}
        data-testid="store-info-detail"
      />
    );

  return (
    <Card
      title={L.pageTitle}
      data-testid="store-info-page"
      extra={
        shopCode !== '' &&
        detail.data && (
          <Permission value={STORE_EDIT_PERMISSION}>
            <Button
              type="primary"
              icon={<EditOutlined />}
              onClick={() => setEditing(true)}
              data-testid="store-info-edit"
            >
              {L.edit}
            </Button>
          </Permission>
        )
      }
    >
      {body}
      {editing && (
        <StoreInfoDialog
          open
          shopCode={shopCode}
          title={L.editTitle}
          onSaved={() => setEditing(false)}
          onCancel={() => setEditing(false)}
        />
      )}
    </Card>
  );
}
