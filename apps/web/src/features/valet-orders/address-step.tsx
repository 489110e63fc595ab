import { DELIVERY_TYPES, DELIVERY_TYPE_TEXT, type DeliveryType, type MemberAddress } from '@console/contract';
import { PlusOutlined } from '@ant-design/icons';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Alert, Button, Card, Empty, Radio, Spin, Tag } from 'antd';
import { useState } from 'react';
import { distanceText } from '../../lib/format/display';
import { AddressAddDialog } from './address-add-dialog';
import { VALET_LABELS } from './labels';
import { valetApi, valetKeys } from './valet-api';
import styles from './valet-orders.module.css';

const L = VALET_LABELS.address;

type Props = {
  storeCode: string;
  storeName: string;
  memberId: string;
  deliveryType: DeliveryType;
  address: MemberAddress | null;
  onDeliveryType(type: DeliveryType): void;
  onAddress(address: MemberAddress | null): void;
};

/** 收货方式与地址: pickup at this store, or one of the member's addresses (last used first), or a new one. */
export function AddressStep(props: Props) {
  const { storeCode, memberId, deliveryType, address, onAddress } = props;
  const queryClient = useQueryClient();
  const [adding, setAdding] = useState(false);
  const needsAddress = deliveryType !== 'pickup';
  const last = useQuery({
    queryKey: valetKeys.lastAddress(storeCode, memberId),
    queryFn: async ({ signal }) => {
      const found = await valetApi.lastAddress(storeCode, memberId, signal);
      // The first visit picks the address the member used last, so the usual case is one click.
      if (found && !address) onAddress(found);
      return found;
    },
    enabled: needsAddress,
  });
  const list = useQuery({
    queryKey: valetKeys.addresses(storeCode, memberId),
    queryFn: ({ signal }) => valetApi.addresses(storeCode, memberId, signal),
    enabled: needsAddress,
  });
  const addresses = list.data ?? [];

  const usable = (candidate: MemberAddress) =>
    deliveryType !== 'store_delivery' || candidate.withinBikeDistance;

  return (
    <div className={styles.step} data-testid="address-step">
      <Radio.Group
        data-testid="delivery-type"
        optionType="button"
        buttonStyle="solid"
        value={deliveryType}
        onChange={(event) => props.onDeliveryType(event.target.value as DeliveryType)}
        options={[...DELIVERY_TYPES]
          .sort((a, b) => Number(b === 'pickup') - Number(a === 'pickup'))
          .map((type) => ({ value: type, label: DELIVERY_TYPE_TEXT[type] }))}
      />
      {!needsAddress ? (
        <Alert type="info" showIcon title={L.pickupHint(props.storeName)} />
      ) : (
        <Spin spinning={list.isLoading || last.isLoading}>
          <div className={styles.addresses} data-testid="address-list">
            {addresses.map((candidate) => {
              const chosen = address?.addressId === candidate.addressId;
              const classes = [
                styles.addressCard,
                chosen ? styles.addressChosen : '',
                usable(candidate) ? '' : styles.addressDisabled,
              ].join(' ');
              return (
                <Card
                  key={candidate.addressId}
                  size="small"
                  className={classes}
                  data-testid="address-option"
                  onClick={() => onAddress(candidate)}
                >
                  <Radio checked={chosen}>
                    <strong>{candidate.receiverName}</strong> {candidate.receiverPhoneMasked}
                  </Radio>
                  <div>
                    {candidate.regionName} {candidate.detail}
                  </div>
                  <div className={styles.memberLine}>
                    {last.data?.addressId === candidate.addressId ? (
                      <Tag color="blue">{L.lastUsed}</Tag>
                    ) : null}
                    {candidate.isDefault ? <Tag>{L.default}</Tag> : null}
                    {candidate.distanceMeters === null ? (
                      <Tag>{L.unlocated}</Tag>
                    ) : (
                      <span className={styles.muted}>
                        {L.distance(distanceText(candidate.distanceMeters))}
                      </span>
                    )}
                    {deliveryType === 'store_delivery' && !candidate.withinBikeDistance ? (
                      <Tag color="red">{L.outOfRange}</Tag>
                    ) : null}
                  </div>
                </Card>
              );
            })}
          </div>
          {!list.isLoading && addresses.length === 0 ? (
            <Empty description={L.empty} image={Empty.PRESENTED_IMAGE_SIMPLE} />
          ) : null}
        </Spin>
      )}
      {needsAddress ? (
        <div>
          <Button icon={<PlusOutlined />} onClick={() => setAdding(true)} data-testid="address-add">
            {L.add}
          </Button>
        </div>
      ) : null}
      {adding ? (
        <AddressAddDialog
          storeCode={storeCode}
          memberId={memberId}
          onClose={() => setAdding(false)}
          onAdded={(added) => {
            onAddress(added);
            void queryClient.invalidateQueries({ queryKey: valetKeys.addresses(storeCode, memberId) });
          }}
        />
      ) : null}
    </div>
  );
}
