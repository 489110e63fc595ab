import type { OrderDetail } from '@console/contract';
import { Table, type TableColumnsType } from 'antd';
import { ORDER_LABELS } from './labels';
import { formatYuan } from '../../lib/format/display';

/** An order's line; an offer's lines have the same shape. */
type Item = OrderDetail['items'][number];

const F = ORDER_LABELS.fields;
const columns: TableColumnsType<Item> = [
  {
    title: F.items,
    dataIndex: 'name',
    render: (name: string, item) => (item.spec ? `${name}（${item.spec}）` : name),
  },
  { title: F.skuCode, dataIndex: 'skuCode', width: 120, responsive: ['md'] },
  {
    title: F.unitPrice,
    dataIndex: 'unitCents',
    width: 110,
    align: 'right',
    responsive: ['sm'],
    render: (c: number) => formatYuan(c),
  },
  { title: F.quantity, dataIndex: 'quantity', width: 70, align: 'right' },
  {
    title: F.lineAmount,
    dataIndex: 'amountCents',
    width: 120,
    align: 'right',
    render: (c: number) => formatYuan(c),
  },
];

export function OrderItemsTable({ items }: { items: readonly Item[] }) {
  return (
    <Table<Item>
      size="small"
      rowKey={(item) => `${item.skuCode}-${item.name}`}
      columns={columns}
      dataSource={[...items]}
      pagination={false}
      scroll={{ x: 320 }}
      data-testid="order-items"
    />
  );
}
