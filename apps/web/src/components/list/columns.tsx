import { Tag } from 'antd';
import type { ColumnType } from 'antd/es/table';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { formatTime, formatYuan } from '../../lib/format/display';
import { maskPhone } from '../../lib/format/phone';
import { COMMON_LABELS } from '../labels';
import styles from './list.module.css';
import { regionAsWritten } from '@console/contract';

/**
 * A column of <ListPage>: an antd column with a `key` and a text `title` (the column settings and the phone
 * cards show it). The same declarations draw the table and, below 576 px, the cards.
 */
export type ListColumn<Row> = Omit<ColumnType<Row>, 'title' | 'key'> & {
  key: string;
  title: string;
  /** The key column: a link to the record, the card's heading, always shown. */
  isKey?: boolean;
  /** Hidden until the user turns it on in 列设置. */
  hiddenByDefault?: boolean;
};

type Field<Row> = keyof Row & string;
type Extra<Row> = Partial<Omit<ListColumn<Row>, 'key' | 'title' | 'dataIndex' | 'render'>>;

const valueOf = <Row,>(row: Row, field: Field<Row>) => row[field] as unknown;
const textOf = (value: unknown) =>
  value === null || value === undefined || value === '' ? COMMON_LABELS.none : String(value);

/**
 * The record's number as a real link (Enter opens it, Ctrl/⌘-click and the context menu open a new tab).
 * `to` may be null when the user's menu has no detail page: the number is then plain text.
 */
export function keyColumn<Row>(
  field: Field<Row>,
  title: string,
  to: (row: Row) => string | null,
  options: Extra<Row> & { sub?: (row: Row) => ReactNode } = {},
): ListColumn<Row> {
  const { sub, ...extra } = options;
  return {
    key: field,
    title,
    isKey: true,
    width: 220,
    ...extra,
    render: (_, row) => {
      const text = String(valueOf(row, field) ?? '');
      const href = to(row);
      return (
        <>
          {href ? (
            <Link to={href} className={styles.keyLink} data-testid="list-key-link">
              {text}
            </Link>
          ) : (
            text
          )}
          {sub ? <div className={styles.sub}>{sub(row)}</div> : null}
        </>
      );
    },
  };
}

/** Money from cents, in yuan with ¥ (right-aligned). */
export function moneyColumn<Row>(field: Field<Row>, title: string, extra: Extra<Row> = {}): ListColumn<Row> {
  return {
    key: field,
    title,
    dataIndex: field,
    align: 'right',
    width: 120,
    ...extra,
    render: (_, row) => formatYuan(valueOf(row, field) as number | null),
  };
}

/** A time as yyyy-MM-dd HH:mm:ss (Asia/Shanghai, the console's time zone); '-' when missing. */
export function timeColumn<Row>(field: Field<Row>, title: string, extra: Extra<Row> = {}): ListColumn<Row> {
  return {
    key: field,
    title,
    dataIndex: field,
    width: 170,
    ...extra,
    render: (_, row) => formatTime(valueOf(row, field) as string | null),
  };
}

/**
 * A status as a coloured tag: its text from `labels` (by status) or from the row (e.g. the server's `statusText`),
 * its colour from `colors`.
 */
export function statusColumn<Row>(
  field: Field<Row>,
  title: string,
  labels: Record<string, string> | ((row: Row) => string),
  colors: Record<string, string> = {},
  { testId, ...extra }: Extra<Row> & { testId?: string } = {},
): ListColumn<Row> {
  return {
    key: field,
    title,
    dataIndex: field,
    width: 100,
    ...extra,
    render: (_, row) => {
      const status = String(valueOf(row, field) ?? '');
      const text = typeof labels === 'function' ? labels(row) : (labels[status] ?? status);
      return (
        <Tag color={colors[status]} data-testid={testId}>
          {text}
        </Tag>
      );
    },
  };
}

/** A phone number with its middle hidden (138****0000); the detail page shows it whole. */
export function phoneColumn<Row>(field: Field<Row>, title: string, extra: Extra<Row> = {}): ListColumn<Row> {
  return {
    key: field,
    title,
    dataIndex: field,
    width: 130,
    ...extra,
    render: (_, row) => maskPhone(valueOf(row, field) as string) || '-',
  };
}

/** A person (name over their masked phone), e.g. the receiver or the member an order is for. */
export function contactColumn<Row>(
  nameField: Field<Row>,
  phoneField: Field<Row>,
  title: string,
  extra: Extra<Row> = {},
): ListColumn<Row> {
  return {
    key: nameField,
    title,
    dataIndex: nameField,
    width: 150,
    ...extra,
    render: (_, row) => (
      <>
        <div>{textOf(valueOf(row, nameField))}</div>
        <div className={styles.sub}>
          {maskPhone(valueOf(row, phoneField) as string) || COMMON_LABELS.none}
        </div>
      </>
    ),
  };
}

/** Text as the row has it (the server's `…Text` fields, a name, a summary); '-' when empty. */
export function textColumn<Row>(field: Field<Row>, title: string, extra: Extra<Row> = {}): ListColumn<Row> {
  return { key: field, title, dataIndex: field, ...extra, render: (_, row) => textOf(valueOf(row, field)) };
}

/** Who did it (operator, 创建人, 审核人); '-' when nobody (yet). */
export function personColumn<Row>(field: Field<Row>, title: string, extra: Extra<Row> = {}): ListColumn<Row> {
  return textColumn(field, title, { width: 100, ...extra });
}

/** Free text (remark, reason, items): one line cut with …, the whole text on hover. */
export function remarkColumn<Row>(field: Field<Row>, title: string, extra: Extra<Row> = {}): ListColumn<Row> {
  return textColumn(field, title, { ellipsis: { showTitle: true }, width: 180, ...extra });
}

/** A count (rows, follow-ups), right-aligned. */
export function countColumn<Row>(field: Field<Row>, title: string, extra: Extra<Row> = {}): ListColumn<Row> {
  return textColumn(field, title, { align: 'right', width: 90, ...extra });
}

/**
 * An area as people write it: '浙江省/杭州市/西湖区' → '浙江省杭州市西湖区', a municipality named once and without
 * the table's 市辖区 ('北京市 北京市 朝阳区', '北京市市辖区朝阳区' → '北京市朝阳区'): the contract's rule.
 */
export function areaText(name: string | null | undefined): string {
  return regionAsWritten(name) || '-';
}

export function areaColumn<Row>(field: Field<Row>, title: string, extra: Extra<Row> = {}): ListColumn<Row> {
  return {
    key: field,
    title,
    dataIndex: field,
    ellipsis: true,
    ...extra,
    render: (_, row) => areaText(valueOf(row, field) as string),
  };
}

/** The column helpers, so a page declares its columns from one import: `column.money('payCents', '实付金额')`. */
export const column = {
  key: keyColumn,
  text: textColumn,
  money: moneyColumn,
  time: timeColumn,
  status: statusColumn,
  phone: phoneColumn,
  contact: contactColumn,
  person: personColumn,
  remark: remarkColumn,
  count: countColumn,
  area: areaColumn,
};

/** What a cell shows: the column's render, else the row's field. */
export function cellOf<Row>(column: ListColumn<Row>, row: Row, index: number): ReactNode {
  const field = typeof column.dataIndex === 'string' ? column.dataIndex : undefined;
  const value = field ? (row as Record<string, unknown>)[field] : undefined;
  if (column.render) return column.render(value, row, index) as ReactNode;
  return value === null || value === undefined || value === '' ? '-' : String(value);
}
