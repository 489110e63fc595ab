import type { CyclePlanProposal, SkuInfo, ValetKind } from '@console/contract';
import { DeleteOutlined, PlusOutlined } from '@ant-design/icons';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import {
  Alert,
  Button,
  Card,
  Empty,
  Input,
  InputNumber,
  List,
  Pagination,
  Segmented,
  Spin,
  Tabs,
  Tag,
} from 'antd';
import { useState } from 'react';
import { isApiError } from '../../lib/http';
import { formatYuan } from '../../lib/format/display';
import { VALET_LABELS } from './labels';
import { UENJOY_SHELF_PAGE_SIZE, valetApi, valetKeys } from './valet-api';
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
  `${L.pointsPrice(sku.points)}${sku.priceCents > 0 ? L.plusCash(formatYuan(sku.priceCents)) : ''}`;

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

/** The basket line of a SKU as listed on a shelf. */
const lineSku = (sku: SkuInfo): DraftLine['sku'] => ({
  skuCode: sku.skuCode,
  name: sku.name,
  spec: sku.spec,
  priceCents: sku.priceCents,
  points: sku.points,
});

/**
 * The uEnjoy shelf: subscriptions on sale, searched by name or code (Enter), each added with a button; the basket
 * below keeps the quantities and previews the cycle plan each SKU gives (the trial step prices them).
 */
function UenjoyShelf({ storeCode, draft, onQuantity }: Omit<Props, 'onKind'>) {
  const [keyword, setKeyword] = useState('');
  const [pageNum, setPageNum] = useState(1);
  const [plans, setPlans] = useState<Record<string, CyclePlanProposal>>({});
  const [error, setError] = useState<string | null>(null);
  const skus = useQuery({
    queryKey: valetKeys.uenjoySkus(storeCode, keyword, pageNum),
    queryFn: ({ signal }) => valetApi.uenjoySkus(storeCode, keyword, pageNum, signal),
    placeholderData: keepPreviousData,
  });
  const quantityOf = (code: string) => draft.lines.uenjoy.find((l) => l.sku.skuCode === code)?.quantity ?? 0;

  const add = async (sku: SkuInfo) => {
    setError(null);
    onQuantity('uenjoy', lineSku(sku), quantityOf(sku.skuCode) + 1);
    if (plans[sku.skuCode] || sku.cyclePeriods === 0) return;
    try {
      const plan = await valetApi.cyclePlan(storeCode, sku.skuCode, draft.firstDeliveryDate ?? undefined);
      setPlans((current) => ({ ...current, [sku.skuCode]: plan }));
    } catch (failure) {
      setError(isApiError(failure) ? failure.message : VALET_LABELS.common.loadFailed);
    }
  };

  return (
    <div className={styles.step}>
      <Input.Search
        data-testid="uenjoy-search"
        className={styles.keyword}
        allowClear
        enterButton
        maxLength={32}
        placeholder={L.uenjoyPlaceholder}
        loading={skus.isFetching}
        onSearch={(value) => {
          setKeyword(value.trim());
          setPageNum(1);
        }}
      />
      {skus.isError ? (
        <Alert
          type="error"
          showIcon
          title={VALET_LABELS.common.loadFailed}
          data-testid="uenjoy-shelf-error"
        />
      ) : null}
      <Spin spinning={skus.isFetching}>
        {skus.data && skus.data.list.length === 0 ? (
          <Empty description={L.uenjoyShelfEmpty} image={Empty.PRESENTED_IMAGE_SIMPLE} />
        ) : null}
        <div className={styles.skus} data-testid="uenjoy-skus">
          {(skus.data?.list ?? []).map((sku) => {
            const quantity = quantityOf(sku.skuCode);
            return (
              <Card key={sku.skuCode} size="small" className={styles.skuCard} data-testid="uenjoy-sku-card">
                <div>
                  <strong>{sku.name}</strong> <span className={styles.muted}>{sku.spec}</span>
                </div>
                <div className={styles.muted}>
                  {sku.skuCode}{' '}
                  {sku.cyclePeriods > 0 ? L.periods(sku.cyclePeriods, sku.cycleIntervalDays) : L.noCycle}
                  {sku.labelName ? <Tag style={{ marginInlineStart: 8 }}>{sku.labelName}</Tag> : null}
                </div>
                <div className={styles.skuFoot}>
                  <span className={styles.amount}>{formatYuan(sku.priceCents)}</span>
                  <Button
                    size="small"
                    type={quantity > 0 ? 'default' : 'primary'}
                    icon={<PlusOutlined />}
                    data-testid={`uenjoy-add-${sku.skuCode}`}
                    disabled={quantity >= QUANTITY_MAX}
                    onClick={() => void add(sku)}
                  >
                    {quantity > 0 ? L.addMore(quantity) : L.add}
                  </Button>
                </div>
              </Card>
            );
          })}
        </div>
      </Spin>
      {skus.data && skus.data.total > UENJOY_SHELF_PAGE_SIZE ? (
        <Pagination
          size="small"
          align="end"
          data-testid="uenjoy-pages"
          current={pageNum}
          pageSize={UENJOY_SHELF_PAGE_SIZE}
          total={skus.data.total}
          showSizeChanger={false}
          onChange={setPageNum}
        />
      ) : null}
      {error ? <Alert type="error" showIcon title={error} /> : null}
      <List<DraftLine>
        bordered
        data-testid="uenjoy-basket"
        header={<strong>{L.uenjoySelected}</strong>}
        dataSource={draft.lines.uenjoy}
        locale={{ emptyText: L.uenjoyEmpty }}
        renderItem={(line) => {
          const plan = plans[line.sku.skuCode];
          return (
            <List.Item
              data-testid="uenjoy-line"
              actions={[
                <InputNumber
                  key="qty"
                  aria-label={`${line.sku.name} 数量`}
                  data-testid={`uenjoy-qty-${line.sku.skuCode}`}
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
                  data-testid={`uenjoy-remove-${line.sku.skuCode}`}
                  onClick={() => onQuantity('uenjoy', line.sku, 0)}
                />,
              ]}
            >
              <List.Item.Meta
                title={
                  <span>
                    {line.sku.name} <span className={styles.muted}>{line.sku.spec}</span>{' '}
                    <span className={styles.amount}>{formatYuan(line.sku.priceCents)}</span>
                  </span>
                }
                description={
                  plan ? (
                    <span data-testid={`uenjoy-plan-${line.sku.skuCode}`}>
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
          { key: 'uenjoy', label: L.uenjoyTab, children: <UenjoyShelf {...props} /> },
        ]}
      />
    </div>
  );
}
