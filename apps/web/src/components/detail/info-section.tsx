import { Card, Descriptions, Tag } from 'antd';
import type { DescriptionsProps } from 'antd';
import type { ReactNode } from 'react';
import { formatTime, formatYuan } from '../../lib/format/display';
import { COMMON_LABELS } from '../labels';
import styles from './detail.module.css';
import { regionAsWritten } from '@console/contract';

/**
 * One labelled value of a record. `value` is what shows; null, undefined and '' read as the empty value (-),
 * so a declaration never spells that out.
 */
export type InfoField = {
  label: string;
  value: ReactNode;
  /** 'filled' takes the rest of the row (long text such as a remark). */
  span?: number | 'filled';
  /** Test id of the shown value. */
  testId?: string;
};

/**
 * A field left out of the section: the false side of `order.shippedAt && infoField.time(…)`, for what the record
 * has not reached yet.
 */
type Absent = false | null | undefined | '';

type Columns = DescriptionsProps['column'];

/** Detail sections: one column on a phone, two on a tablet, three on a desk. */
const INFO_COLUMNS = { xs: 1, sm: 2, lg: 3 } as const;

const isEmpty = (value: ReactNode) => value === null || value === undefined || value === '';

/** The text, or the empty value (-) when there is none: for a table cell of a detail section. */
export const orNone = (text: string | null | undefined): string => text || COMMON_LABELS.none;

/**
 * The kinds of field a detail section declares, one line each: `infoField.time(F.takenAt, order.takenAt)`.
 * They read the same on every detail page (and as the list kit's columns: money, time, status tag).
 */
export const infoField = {
  /** A plain value: text or a number as it is, the empty value when missing. */
  text: (label: string, value: ReactNode, options: Pick<InfoField, 'span' | 'testId'> = {}): InfoField => ({
    label,
    value,
    ...options,
  }),

  /** Money from cents as ¥1,234.00; `emphasis` for what the customer pays. */
  money(label: string, cents: number | null | undefined, emphasis = false): InfoField {
    const text = formatYuan(cents);
    return { label, value: emphasis ? <span className={styles.amount}>{text}</span> : text };
  },

  /** A time as yyyy-MM-dd HH:mm:ss (Asia/Shanghai), the empty value when missing. */
  time: (label: string, at: string | null | undefined): InfoField => ({ label, value: formatTime(at) }),

  /** A status as a coloured tag, with the test id that tests read it by; - when the record has none. */
  status: (label: string, text: string | null | undefined, color?: string, testId?: string): InfoField => ({
    label,
    value: (
      <Tag color={color} data-testid={testId}>
        {text || COMMON_LABELS.none}
      </Tag>
    ),
  }),

  /**
   * A person with their phone (`张三 13800000001`). A detail page shows the number as the server sends it:
   * whole for the clerk to call, or already masked (a member's); lists mask it (`phoneColumn`).
   */
  /** An address as people write it on a parcel: the region, then the street. */
  address: (
    label: string,
    regionName: string,
    detail: string,
    options: Pick<InfoField, 'span' | 'testId'> = {},
  ): InfoField => ({ label, value: addressText({ regionName, detail }), ...options }),

  contact: (label: string, name: string | null | undefined, phone: string | null | undefined): InfoField => ({
    label,
    value: [name, phone].filter(Boolean).join(' '),
  }),
};

/** An address as it is written on a parcel: region then street, with the receiver first when given. */
export function addressText(address: {
  receiverName?: string;
  receiverPhone?: string;
  regionName: string;
  detail: string;
}): string {
  return [address.receiverName, address.receiverPhone, regionAsWritten(address.regionName), address.detail]
    .filter(Boolean)
    .join(' ');
}

type InfoFieldsProps = {
  fields: readonly (InfoField | Absent)[];
  /** Columns per screen width (default 1 / 2 / 3). */
  column?: Columns;
  bordered?: boolean;
  title?: ReactNode;
  /** Space above, when the fields follow a table (the amounts under the items). */
  spaced?: boolean;
  testId?: string;
};

/** A record's fields as an antd Descriptions: the declarations left out when absent, empty values as -. */
export function InfoFields({
  fields,
  column = INFO_COLUMNS,
  bordered,
  title,
  spaced,
  testId,
}: InfoFieldsProps) {
  const items = fields
    .filter((field): field is InfoField => Boolean(field))
    .map((field, index) => ({
      key: `${index}-${field.label}`,
      label: field.label,
      span: field.span,
      children: isEmpty(field.value) ? (
        COMMON_LABELS.none
      ) : field.testId ? (
        <span data-testid={field.testId}>{field.value}</span>
      ) : (
        field.value
      ),
    }));
  return (
    <Descriptions
      size="small"
      column={column}
      bordered={bordered}
      title={title}
      className={spaced ? styles.spaced : undefined}
      data-testid={testId}
      items={items}
    />
  );
}

/** The amounts under a record's items, on one row on a desk; the last is usually what the customer pays. */
export function AmountFields({ fields, perRow = 5 }: { fields: InfoFieldsProps['fields']; perRow?: number }) {
  return <InfoFields spaced column={{ xs: 1, sm: 2, lg: perRow }} fields={fields} />;
}

type InfoSectionProps = {
  title: string;
  /** The section's fields; omitted for a section that only holds its children (a table). */
  fields?: InfoFieldsProps['fields'];
  column?: Columns;
  /** Test id of the card. */
  testId?: string;
  /** Test id of the fields. */
  fieldsTestId?: string;
  /** Shown in the card's header, at the right (a countdown). */
  extra?: ReactNode;
  /** What follows the fields in the card (links to related records). */
  children?: ReactNode;
};

/** A titled card of a detail page holding the record's fields: `<InfoSection title fields={[…]} />`. */
export function InfoSection({
  title,
  fields,
  column,
  testId,
  fieldsTestId,
  extra,
  children,
}: InfoSectionProps) {
  return (
    <Card title={title} size="small" extra={extra} data-testid={testId}>
      {fields ? <InfoFields fields={fields} column={column} testId={fieldsTestId} /> : null}
      {children}
    </Card>
  );
}
