import type { CyclePlanProposal, SkuInfo, ValetKind } from '@console/contract';
import { DeleteOutlined } from '@ant-design/icons';
import { useQuery } from '@tanstack/react-query';
import { Alert, Button, Card, Empty, Input, InputNumber, List, Segmented, Spin, Tabs, Tag } from 'antd';
import { useState } from 'react';
import { isApiError } from '../../lib/http';
import { orderAmount } from '../orders/order-format';
import { VALET_LABELS } from './labels';
import { valetApi, valetKeys } from './valet-api';
import { QUANTITY_MAX, type DraftLine, type ValetDraft } from './valet-draft';
import styles from './valet-orders.module.css';

const L = VALET_LABELS.items;

type Props = {
  storeCode: string;
  draft: ValetDraft;
  onKind(kind: ValetKind): void;
  onQuantity(kind: ValetKind, sku: DraftLine['sku'], quantity: number): void;
};

/** '800 积分' or '1500 积分 + ¥9.90' for a SKU that also costs cash. */
export const pointsPriceText = (sku: Pick<SkuInfo, 'points' | 'priceCents'>) =>
  `${L.pointsPrice(sku.points)}${sku.priceCents > 0 ? L.plusCash(orderAmount(sku.priceCents)) : ''}`;

function IntegralShelf({ storeCode, draft, onQuantity }: Omit<Props, 'onKind'>) {
  const [label, setLabel] = useState('');
  const labels = useQuery({
    queryKey: valetKeys.labels(storeCode),
    queryFn: ({ signal }) => valetApi.integralLabels(storeCode, signal),
  });
  const skus = useQuery({
    queryKey: valetKeys.skus(storeCode, label),
    queryFn: ({ signal }) => valetApi.integralSkus(storeCode, label || undefined, signal),
  });
  const quantityOf = (code: string) =>
    draft.lines.integral.find((l) => l.sku.skuCode === code)?.quantity ?? 0;

  return (
    <div className={styles.step}>
      <Segmented<string>
        data-testid="integral-labels"
        value={label}
        onChange={setLabel}
        options={[
          { value: '', label: L.allLabels },
          ...(labels.data ?? [])
            .filter((l) => l.labelName)
            .map((l) => ({ value: l.labelName, label: `${l.labelName}（${l.skuCount}）` })),
        ]}
        style={{ maxWidth: '100%', overflowX: 'auto' }}
      />
      <Spin spinning={skus.isFetching}>
        {skus.data && skus.data.list.length === 0 ? (
          <Empty description={L.emptyShelf} image={Empty.PRESENTED_IMAGE_SIMPLE} />
        ) : null}
        <div className={styles.skus} data-testid="integral-skus">
          {(skus.data?.list ?? []).map((sku) => (
            <Card key={sku.skuCode} size="small" className={styles.skuCard} data-testid="sku-card">
              <div>
                <strong>{sku.name}</strong> <span className={styles.muted}>{sku.spec}</span>
              </div>
              <div className={styles.muted}>
                {sku.skuCode} {sku.labelName ? <Tag>{sku.labelName}</Tag> : null}
              </div>
              <div className={styles.skuFoot}>
                <span className={styles.points}>{pointsPriceText(sku)}</span>
                <InputNumber
                  aria-label={`${sku.name} 数量`}
                  data-testid={`qty-${sku.skuCode}`}
                  mode="spinner"
                  size="small"
                  min={0}
                  max={QUANTITY_MAX}
                  precision={0}
                  value={quantityOf(sku.skuCode)}
                  onChange={(value) => onQuantity('integral', sku, value ?? 0)}
                  style={{ width: 110 }}
                />
              </div>
            </Card>
          ))}
        </div>
      </Spin>
    </div>
  );
}

/**
 * The uEnjoy plans: a subscription SKU by its code (there is no uEnjoy shelf lookup), with the cycle plan it
 * gives shown as the preview; name and price come with the trial.
 */
function UenjoyPlans({ storeCode, draft, onQuantity }: Omit<Props, 'onKind'>) {
  const [plans, setPlans] = useState<Record<string, CyclePlanProposal>>({});
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  const add = async (code: string) => {
    const skuCode = code.trim().toUpperCase();
    if (!skuCode) return;
    setBusy(true);
    setError(null);
    try {
      const plan = await valetApi.cyclePlan(storeCode, skuCode, draft.firstDeliveryDate ?? undefined);
      setPlans((current) => ({ ...current, [skuCode]: plan }));
      const existing = draft.lines.uenjoy.find((l) => l.sku.skuCode === skuCode);
      onQuantity(
        'uenjoy',
        existing?.sku ?? { skuCode, name: skuCode, spec: '', priceCents: 0, points: 0 },
        (existing?.quantity ?? 0) + 1,
      );
    } catch (failure) {
      setError(isApiError(failure) ? failure.message : VALET_LABELS.common.loadFailed);
    } finally {
      setBusy(false);
    }
  };

  return (
    <div className={styles.step}>
      <Input.Search
        data-testid="uenjoy-code"
        className={styles.keyword}
        enterButton={VALET_LABELS.common.ok}
        loading={busy}
        maxLength={32}
        placeholder={L.uenjoyPlaceholder}
        onSearch={(value) => void add(value)}
      />
      {error ? <Alert type="error" showIcon title={error} /> : null}
      <List<DraftLine>
        bordered
        dataSource={draft.lines.uenjoy}
        locale={{ emptyText: L.uenjoyEmpty }}
        renderItem={(line) => {
          const plan = plans[line.sku.skuCode];
          return (
            <List.Item
              actions={[
                <InputNumber
                  key="qty"
                  aria-label={`${line.sku.skuCode} 数量`}
                  size="small"
                  min={1}
                  max={QUANTITY_MAX}
                  precision={0}
                  value={line.quantity}
                  onChange={(value) => onQuantity('uenjoy', line.sku, value ?? 1)}
                />,
                <Button
                  key="remove"
                  size="small"
                  icon={<DeleteOutlined />}
                  aria-label={L.remove}
                  onClick={() => onQuantity('uenjoy', line.sku, 0)}
                />,
              ]}
            >
              <List.Item.Meta
                title={line.sku.name}
                description={
                  plan ? (
                    <span>
                      {L.cyclePlan}：{L.periods(plan.periods, plan.intervalDays)}（
                      {plan.plans.map((p) => p.date).join('、')}）
                    </span>
                  ) : null
                }
              />
            </List.Item>
          );
        }}
      />
    </div>
  );
}

/** 选择商品: tabs 积分商城 / 优享订阅, each with its own basket. */
export function ItemsStep(props: Props) {
  const count = props.draft.lines[props.draft.kind].reduce((sum, l) => sum + l.quantity, 0);
  return (
    <div data-testid="items-step">
      <Tabs
        activeKey={props.draft.kind}
        onChange={(key) => props.onKind(key as ValetKind)}
        tabBarExtraContent={<Tag color="blue">{L.selectedCount(count)}</Tag>}
        items={[
          { key: 'integral', label: L.integralTab, children: <IntegralShelf {...props} /> },
          { key: 'uenjoy', label: L.uenjoyTab, children: <UenjoyPlans {...props} /> },
        ]}
      />
    </div>
  );
}
