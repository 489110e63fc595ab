import { ColumnHeightOutlined, ReloadOutlined, SettingOutlined } from '@ant-design/icons';
import {
  Alert,
  Button,
  Card,
  Checkbox,
  Dropdown,
  Empty,
  Grid,
  Pagination,
  Popover,
  Segmented,
  Space,
  Spin,
  Table,
  Tooltip,
} from 'antd';
import type { TableColumnsType } from 'antd';
import { useMemo, useState, type Key, type ReactNode } from 'react';
import { isApiError } from '../../lib/http';
import { hasPermission } from '../../lib/permission';
import { useSessionStore } from '../../stores/session-store';
import { COMMON_LABELS, LIST_LABELS } from '../labels';
import { AddButton, type AddAction } from './add-button';
import { cellOf, type ListColumn } from './columns';
import styles from './list.module.css';
import { useListPrefs, type Density, type ListPrefs } from './list-prefs';
import { RowActionButtons, visibleRowActions, type BatchAction, type RowAction } from './row-actions';
import type { ListData } from './use-list-data';

/** The paging part of a list's URL state (from `useListQuery`). */
export type ListPaging = {
  query: { pageNum: number; pageSize: number };
  setQuery(patch: { pageNum?: number; pageSize?: number }): void;
  reset(): void;
  filtered: boolean;
  /** The sizes the URL accepts (`useListQuery` reads them from the URL shape): the selector's options. */
  pageSizes?: readonly number[];
};

export type StatusFilter<Value extends string> = {
  value: Value;
  options: readonly { value: Value; label: string }[];
  onChange(value: Value): void;
};

// Kept here too: the status filter is part of the page's API.
export { statusOptionsOf } from './status-options';

export type ListPageProps<Row, Status extends string = string> = {
  title: string;
  /** Names the list for its remembered settings and its test ids (`${name}-table`, …). */
  name: string;
  /** The page's test id (default `${name}-page`). */
  testId?: string;
  /**
   * The rows. A store's list (`useStoreList`) carries its paging, and `noStore` shows "choose a store" in
   * place of the page; otherwise `paging` is the list's `useListQuery`.
   */
  list: ListData<Row> & { paging?: ListPaging; noStore?: boolean };
  paging?: ListPaging;
  columns: readonly ListColumn<Row>[];
  /** The row's identity; default: the key column's field (the record number). */
  rowKey?: keyof Row & string;
  /** 新增: the first tool (test id `${name}-add`), shown to holders of its permission. */
  add?: AddAction;
  /** The page's own tools before 刷新 / 密度 / 列设置, after 新增: e.g. export (`useExportAction`). */
  toolbar?: ReactNode;
  /** Above the filters: e.g. the export's queued notice. */
  notice?: ReactNode;
  filters?: ReactNode;
  /**
   * Tabs under the title that choose which list is shown (e.g. 积分商城 / 优享): test id `${name}-tabs`. Keep
   * their URL field in `useListQuery`'s `views`, so 重置 keeps the tab.
   */
  tabs?: StatusFilter<string>;
  statusFilter?: StatusFilter<Status>;
  rowActions?: readonly RowAction<Row>[];
  /** Row selection with the actions on the selected rows. */
  batchActions?: readonly BatchAction<Row>[];
  /** What the list holds and the next step, shown when it is empty without filters. */
  empty: { description: string; action?: ReactNode };
  /** The page sizes offered; default: those of the URL shape (`paging.pageSizes`), else 10 / 20 / 50. */
  pageSizes?: readonly number[];
  /**
   * A card grid instead of the table, at every width: for records read at a glance and acted on at once (e.g.
   * offers with a live countdown). The card draws the row and its own buttons; `columns` may then be empty, and
   * 密度 / 列设置 are not shown.
   */
  renderCard?(row: Row): ReactNode;
  /** Numbered pages with a page list (default), or keyset: 上一页 / 下一页 only. */
  pager?: 'numbered' | 'keyset';
};

const DEFAULT_PAGE_SIZES = [10, 20, 50] as const;
/** A column that declares no width (it takes what is left) is given this much in the table's scroll width. */
const FLEXIBLE_COLUMN_WIDTH = 160;
const ACTIONS_COLUMN_WIDTH = 160;
const SELECTION_COLUMN_WIDTH = 48;

type Resolved<Row> = ListPageProps<Row> & { paging: ListPaging; rowKey: keyof Row & string };

/** The paging and row key of the props, resolved from the list and the key column when not given. */
function resolved<Row, Status extends string>(props: ListPageProps<Row, Status>): Resolved<Row> {
  const paging = props.paging ?? props.list.paging;
  const rowKey = props.rowKey ?? (props.columns.find((column) => column.isKey)?.key as keyof Row & string);
  if (!paging || !rowKey) throw new Error(`<ListPage name="${props.name}"> needs paging and a row key`);
  return { ...(props as ListPageProps<Row>), paging, rowKey };
}

/**
 * The table's scroll width: the sum of the shown columns' widths. A fixed width (not `max-content`) keeps the
 * fixed key and 操作 columns from covering the columns beside them when the table is wider than the page.
 */
export function scrollWidthOf(widths: readonly (number | string | undefined)[]): number {
  return widths.reduce<number>(
    (sum, width) => sum + (typeof width === 'number' ? width : FLEXIBLE_COLUMN_WIDTH),
    0,
  );
}

/**
 * A list page of the console: title and tools, filters, status filter, the table (cards below 576 px), paging
 * with `共 N 条`, and every state (loading, empty, no result, error with retry). Pages declare; this draws.
 */
export function ListPage<Row extends object, Status extends string = string>(
  props: ListPageProps<Row, Status>,
) {
  if (props.list.noStore) return <Alert type="info" showIcon title={COMMON_LABELS.noStore} />;
  return <ListPageBody {...resolved(props)} />;
}

function ListPageBody<Row extends object, Status extends string = string>(
  props: Resolved<Row> & Pick<ListPageProps<Row, Status>, 'statusFilter'>,
) {
  const {
    title,
    name,
    testId,
    list,
    columns,
    add,
    toolbar,
    notice,
    filters,
    tabs,
    statusFilter,
    renderCard,
  } = props;
  // xs is "below 576 px" (antd's max-width query): a phone gets cards from the same columns.
  const phone = Grid.useBreakpoint().xs === true;
  const defaults = useMemo<ListPrefs>(
    () => ({ density: 'middle', hidden: columns.filter((c) => c.hiddenByDefault).map((c) => c.key) }),
    [columns],
  );
  const [prefs, setPrefs] = useListPrefs(name, defaults);
  const shown = columns.filter((column) => column.isKey || !prefs.hidden.includes(column.key));
  const tableTools = !phone && !renderCard;

  return (
    <Card
      title={title}
      data-testid={testId ?? `${name}-page`}
      tabList={tabs?.options.map((option) => ({ key: option.value, label: option.label }))}
      activeTabKey={tabs?.value}
      onTabChange={tabs?.onChange}
      tabProps={tabs ? ({ 'data-testid': `${name}-tabs` } as object) : undefined}
      extra={
        <Space wrap>
          {add ? <AddButton {...add} testId={`${name}-add`} /> : null}
          {toolbar}
          <Tooltip title={COMMON_LABELS.refresh}>
            <Button
              icon={<ReloadOutlined />}
              aria-label={COMMON_LABELS.refresh}
              loading={list.isFetching}
              data-testid={`${name}-refresh`}
              onClick={() => void list.refetch()}
            />
          </Tooltip>
          {tableTools ? (
            <DensityMenu value={prefs.density} onChange={(density) => setPrefs({ density })} />
          ) : null}
          {tableTools ? (
            <ColumnSettings
              columns={columns}
              hidden={prefs.hidden}
              onChange={(hidden) => setPrefs({ hidden })}
              onReset={() => setPrefs(null)}
            />
          ) : null}
        </Space>
      }
    >
      <div className={styles.page}>
        {notice}
        {statusFilter ? (
          <Segmented<Status>
            className={styles.statusFilter}
            data-testid={`${name}-status`}
            value={statusFilter.value}
            onChange={statusFilter.onChange}
            options={[...statusFilter.options]}
          />
        ) : null}
        {filters ? <div className={styles.filters}>{filters}</div> : null}
        {list.isError ? (
          <Alert
            type="error"
            showIcon
            data-testid={`${name}-error`}
            title={isApiError(list.error) ? list.error.message : COMMON_LABELS.loadFailed}
            action={
              <Button size="small" onClick={() => void list.refetch()}>
                {COMMON_LABELS.retry}
              </Button>
            }
          />
        ) : null}
        <ListBody {...props} columns={shown} phone={phone} density={prefs.density} />
        <ListFooter {...props} />
      </div>
    </Card>
  );
}

function ListBody<Row extends object>({
  name,
  list,
  paging,
  columns,
  rowKey,
  rowActions = [],
  batchActions = [],
  empty,
  renderCard,
  phone,
  density,
}: Resolved<Row> & { phone: boolean; density: Density }) {
  const roles = useSessionStore((state) => state.roles);
  const [selected, setSelected] = useState<Key[]>([]);
  const permitted = <Action extends { permission?: readonly string[] }>(actions: readonly Action[]) =>
    actions.filter((action) => !action.permission || hasPermission(roles, action.permission));
  const batch = permitted(batchActions);
  const emptyNode = list.isLoading ? (
    <Spin description={COMMON_LABELS.loading}>
      <div style={{ minHeight: 80 }} />
    </Spin>
  ) : list.isError ? (
    <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={COMMON_LABELS.loadFailed} />
  ) : paging.filtered ? (
    <Empty
      image={Empty.PRESENTED_IMAGE_SIMPLE}
      description={LIST_LABELS.noResult}
      data-testid={`${name}-no-result`}
    >
      <Button onClick={paging.reset}>{LIST_LABELS.resetFilters}</Button>
    </Empty>
  ) : (
    <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={empty.description} data-testid={`${name}-empty`}>
      {empty.action}
    </Empty>
  );
  const actionsOf = (row: Row) => visibleRowActions(rowActions, row, roles);

  if (renderCard) {
    return (
      <Spin spinning={list.isFetching && !list.isLoading}>
        {list.rows.length === 0 ? (
          emptyNode
        ) : (
          <ul className={styles.cardGrid} data-testid={`${name}-cards`}>
            {list.rows.map((row) => (
              <li key={String(row[rowKey])}>{renderCard(row)}</li>
            ))}
          </ul>
        )}
      </Spin>
    );
  }

  if (phone) {
    return (
      <Spin spinning={list.isFetching && !list.isLoading}>
        {list.rows.length === 0 ? (
          emptyNode
        ) : (
          <ListCards name={name} rows={list.rows} columns={columns} rowKey={rowKey} actionsOf={actionsOf} />
        )}
      </Spin>
    );
  }

  const tableColumns: TableColumnsType<Row> = columns.map((column) => ({
    ...column,
    fixed: column.isKey ? 'left' : column.fixed,
  }));
  // No 操作 column for someone who may take none of the actions.
  if (permitted(rowActions).length > 0) {
    tableColumns.push({
      key: 'actions',
      title: LIST_LABELS.actions,
      fixed: 'right',
      width: ACTIONS_COLUMN_WIDTH,
      render: (_, row) => <RowActionButtons actions={actionsOf(row)} row={row} />,
    });
  }
  const selection = batch.length > 0 ? [SELECTION_COLUMN_WIDTH] : [];
  const scrollX = scrollWidthOf([...selection, ...tableColumns.map((column) => column.width)]);
  const selectedRows = list.rows.filter((row) => selected.includes(row[rowKey] as Key));

  return (
    <>
      {batch.length > 0 && selected.length > 0 ? (
        <div className={styles.batch} data-testid={`${name}-batch`}>
          <span>{LIST_LABELS.selected(selected.length)}</span>
          {batch.map((action) => (
            <Button key={action.key} danger={action.danger} onClick={() => void action.onClick(selectedRows)}>
              {action.label}
            </Button>
          ))}
          <Button type="link" onClick={() => setSelected([])}>
            {LIST_LABELS.clearSelection}
          </Button>
        </div>
      ) : null}
      <Table<Row>
        data-testid={`${name}-table`}
        rowKey={rowKey}
        size={density}
        loading={list.isFetching && !list.isLoading}
        columns={tableColumns}
        dataSource={list.rows}
        scroll={{ x: scrollX }}
        locale={{ emptyText: emptyNode }}
        pagination={false}
        rowSelection={
          batch.length > 0 ? { selectedRowKeys: selected, onChange: (keys) => setSelected(keys) } : undefined
        }
      />
    </>
  );
}

/**
 * A phone's cards from a list's columns: the key column heads each card, the others are its lines, the row's
 * actions under them. `<ListPage>` draws them below 576 px; a page with a list of its own (营销日历's list view)
 * draws them too, so every list reads the same on a phone.
 */
export function ListCards<Row extends object>({
  name,
  rows,
  columns,
  rowKey,
  actionsOf = () => [],
}: {
  name: string;
  rows: readonly Row[];
  columns: readonly ListColumn<Row>[];
  rowKey: keyof Row;
  actionsOf?(row: Row): RowAction<Row>[];
}) {
  return (
    <ul className={styles.cards} data-testid={`${name}-cards`}>
      {rows.map((row, index) => (
        <ListCard
          key={String(row[rowKey])}
          row={row}
          index={index}
          columns={columns}
          actions={actionsOf(row)}
        />
      ))}
    </ul>
  );
}

function ListCard<Row extends object>({
  row,
  index,
  columns,
  actions,
}: {
  row: Row;
  index: number;
  columns: readonly ListColumn<Row>[];
  actions: RowAction<Row>[];
}) {
  const key = columns.find((column) => column.isKey);
  return (
    <li>
      <Card size="small" title={key ? cellOf(key, row, index) : undefined} data-testid="list-card">
        <dl style={{ margin: 0 }}>
          {columns
            .filter((column) => !column.isKey)
            .map((column) => (
              <div key={column.key} className={styles.cardLine}>
                <dt>{column.title}</dt>
                <dd>{cellOf(column, row, index)}</dd>
              </div>
            ))}
        </dl>
        {actions.length > 0 ? (
          <div className={styles.cardActions}>
            <RowActionButtons actions={actions} row={row} />
          </div>
        ) : null}
      </Card>
    </li>
  );
}

function ListFooter<Row>({
  name,
  list,
  paging,
  pageSizes = paging.pageSizes ?? DEFAULT_PAGE_SIZES,
  pager = 'numbered',
}: Resolved<Row>) {
  const { pageNum, pageSize } = paging.query;
  if (list.total === null) return null;
  const total = <span data-testid={`${name}-total`}>{LIST_LABELS.total(list.total, list.totalExact)}</span>;
  const sizes = pageSizes.map((size) => ({ value: size, label: LIST_LABELS.pageSize(size) }));
  // A capped count (`N+`) is no end: a full page may have another after it.
  const fullPage = list.rows.length === pageSize;
  const reachable = list.totalExact
    ? list.total
    : Math.max(list.total, pageNum * pageSize + (fullPage ? 1 : 0));
  if (pager === 'keyset') {
    const hasNext = fullPage && pageNum * pageSize < reachable;
    return (
      <div className={styles.footer} data-testid={`${name}-pager`}>
        {total}
        <Button disabled={pageNum <= 1} onClick={() => paging.setQuery({ pageNum: pageNum - 1 })}>
          {LIST_LABELS.previous}
        </Button>
        <span>{pageNum}</span>
        <Button disabled={!hasNext} onClick={() => paging.setQuery({ pageNum: pageNum + 1 })}>
          {LIST_LABELS.next}
        </Button>
        <PageSizeSelect
          value={pageSize}
          options={sizes}
          onChange={(size) => paging.setQuery({ pageSize: size })}
        />
      </div>
    );
  }
  return (
    <div className={styles.footer} data-testid={`${name}-pager`}>
      <Pagination
        current={pageNum}
        pageSize={pageSize}
        total={reachable}
        showTotal={() => total}
        showSizeChanger={{ options: sizes }}
        pageSizeOptions={pageSizes.map(String)}
        locale={{ items_per_page: '条/页' }}
        onChange={(next, size) =>
          size !== pageSize ? paging.setQuery({ pageSize: size }) : paging.setQuery({ pageNum: next })
        }
      />
    </div>
  );
}

function PageSizeSelect({
  value,
  options,
  onChange,
}: {
  value: number;
  options: { value: number; label: string }[];
  onChange(size: number): void;
}) {
  return (
    <Dropdown
      trigger={['click']}
      menu={{
        items: options.map((option) => ({ key: String(option.value), label: option.label })),
        selectable: true,
        selectedKeys: [String(value)],
        onClick: ({ key }) => onChange(Number(key)),
      }}
    >
      <Button data-testid="list-page-size">{LIST_LABELS.pageSize(value)}</Button>
    </Dropdown>
  );
}

function DensityMenu({ value, onChange }: { value: Density; onChange(density: Density): void }) {
  return (
    <Dropdown
      trigger={['click']}
      menu={{
        items: (Object.keys(LIST_LABELS.densities) as Density[]).map((density) => ({
          key: density,
          label: LIST_LABELS.densities[density],
        })),
        selectable: true,
        selectedKeys: [value],
        onClick: ({ key }) => onChange(key as Density),
      }}
    >
      <Tooltip title={LIST_LABELS.density}>
        <Button icon={<ColumnHeightOutlined />} aria-label={LIST_LABELS.density} data-testid="list-density" />
      </Tooltip>
    </Dropdown>
  );
}

function ColumnSettings<Row>({
  columns,
  hidden,
  onChange,
  onReset,
}: {
  columns: readonly ListColumn<Row>[];
  hidden: string[];
  onChange(hidden: string[]): void;
  onReset(): void;
}) {
  return (
    <Popover
      trigger="click"
      placement="bottomRight"
      title={LIST_LABELS.columns}
      content={
        <div data-testid="list-column-settings" style={{ display: 'flex', flexDirection: 'column', gap: 4 }}>
          {columns.map((column) => (
            <Checkbox
              key={column.key}
              disabled={column.isKey}
              checked={column.isKey || !hidden.includes(column.key)}
              onChange={(event) =>
                onChange(
                  event.target.checked ? hidden.filter((key) => key !== column.key) : [...hidden, column.key],
                )
              }
            >
              {column.title}
            </Checkbox>
          ))}
          <Button type="link" size="small" onClick={onReset} style={{ alignSelf: 'flex-start', padding: 0 }}>
            {LIST_LABELS.columnsReset}
          </Button>
        </div>
      }
    >
      <Tooltip title={LIST_LABELS.columns}>
        <Button icon={<SettingOutlined />} aria-label={LIST_LABELS.columns} data-testid="list-columns" />
      </Tooltip>
    </Popover>
  );
}
