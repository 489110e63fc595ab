import { integralClassEndpoints as api, type IntegralClassRow, type ShelfSkuRow } from '@console/contract';
import { useQuery } from '@tanstack/react-query';
import { Button, Card, Input, Space, Tag, Typography } from 'antd';
import { useState } from 'react';
import { column, type ListColumn } from '../../components/list/columns';
import { ListPage } from '../../components/list/list-page';
import { urlField, type UrlQuery } from '../../components/list/list-query';
import { useStoreList } from '../../components/list/use-store-list';
import { useHasPermission } from '../../components/permission';
import { AddButton } from '../../components/list/add-button';
import { SortableList } from '../../components/sortable-list';
import { call } from '../../lib/http';
import { notify } from '../../lib/notify';
import { useRefresh } from '../../lib/use-refresh';
import { AddSkuDialog, ClassFormDialog, ManageAuthDialog, ShelfDialog } from './class-dialogs';
import { MALL_LABELS as L } from './labels';

const SHELF_TABS = ['all', 'on', 'off'] as const;
export const mallUrlShape = {
  classId: urlField.id(),
  shelf: urlField.oneOfOr(SHELF_TABS, 'all'),
  keyword: urlField.keyword(50),
  pageNum: urlField.pageNum(),
  pageSize: urlField.pageSize([10, 20, 50], 20),
};
type MallQuery = UrlQuery<typeof mallUrlShape>;

export const mallKeys = {
  all: ['points-mall'] as const,
  classes: (storeCode: string) => ['points-mall', 'classes', storeCode] as const,
  skus: (storeCode: string, query: MallQuery) =>
    ['points-mall', 'skus', storeCode, query.classId ?? 0] as const,
};

/** The URL's query → the contract's filters: a class's SKUs, or those of every class the store manages. */
export function mallFiltersOf(storeCode: string, query: MallQuery) {
  return {
    storeCode,
    keyword: query.keyword || undefined,
    ...(query.classId
      ? { classId: query.classId }
      : { onShelf: query.shelf === 'all' ? undefined : query.shelf === 'on' }),
  };
}

function useColumns(): ListColumn<ShelfSkuRow>[] {
  const F = L.fields;
  return [
    column.key('name', F.name, () => null, { sub: (row) => row.skuCode }),
    column.text('labelName', F.labelName, { width: 100 }),
    column.count('points', F.points),
    column.money('cashCents', F.cashCents),
    {
      key: 'perMemberLimit',
      title: F.perMemberLimit,
      width: 90,
      render: (_, row) => (row.perMemberLimit === 0 ? '-' : row.perMemberLimit),
    },
    {
      key: 'validWindow',
      title: F.validWindow,
      width: 200,
      render: (_, row) => (row.validFrom ? `${row.validFrom} 至 ${row.validTo}` : '-'),
    },
    {
      key: 'onShelf',
      title: F.onShelf,
      width: 90,
      render: (_, row) => (
        <Tag color={row.onShelf ? 'success' : 'default'}>{row.onShelf ? L.onShelf : L.offShelf}</Tag>
      ),
    },
    column.count('stock', F.stock),
  ];
}

type Dialog =
  | { kind: 'class'; editing: IntegralClassRow | null }
  | { kind: 'sku' | 'auth'; target: IntegralClassRow }
  | { kind: 'shelf'; sku: ShelfSkuRow }
  | null;

/** The classes in their order: chosen by a click, sorted by drag or arrow keys, edited by head office. */
function ClassPanel({
  classes,
  chosen,
  onChoose,
  onOpen,
  onSorted,
}: {
  classes: readonly IntegralClassRow[];
  chosen: number | undefined;
  onChoose(id: number | undefined): void;
  onOpen(dialog: Dialog): void;
  onSorted(): void;
}) {
  const canSort = useHasPermission(['integralClass:sort']);
  const canEdit = useHasPermission(['integralClass:edit']);
  const canAuth = useHasPermission(['integralClass:setManageAuth']);
  return (
    <Card
      size="small"
      title={canSort ? L.classPanelSortable : L.classPanel}
      data-testid="class-panel"
      extra={
        <AddButton
          label={L.classForm.add}
          permission={['integralClass:edit']}
          testId="class-add"
          onClick={() => onOpen({ kind: 'class', editing: null })}
        />
      }
    >
      <Button type={chosen ? 'link' : 'primary'} size="small" onClick={() => onChoose(undefined)}>
        {L.allManaged}
      </Button>
      {classes.length === 0 ? (
        <Typography.Paragraph type="secondary">{L.noClasses}</Typography.Paragraph>
      ) : null}
      <SortableList
        testId="class-sort"
        items={classes}
        keyOf={(c) => c.id}
        disabled={!canSort}
        handleLabel={(c) => L.handle(c.name)}
        onMove={async (next) => {
          await call(api.updateSort, { ids: next.map((c) => c.id) });
          notify.success(L.sorted);
          onSorted();
        }}
        render={(c) => (
          <Space wrap size={4}>
            <Button
              type={c.id === chosen ? 'primary' : 'link'}
              size="small"
              data-testid="class-choose"
              onClick={() => onChoose(c.id)}
            >
              {c.name}
            </Button>
            <Typography.Text type="secondary">
              {L.skuCount(c.skuCount)} · {L.stores(c.manageStoreCount)}
            </Typography.Text>
            {c.enabled ? null : <Tag>{L.disabled}</Tag>}
            {c.manageable ? <Tag color="blue">{L.manageable}</Tag> : null}
            {canEdit ? (
              <>
                <Button size="small" type="link" onClick={() => onOpen({ kind: 'class', editing: c })}>
                  {L.classForm.edit}
                </Button>
                <Button
                  size="small"
                  type="link"
                  data-testid="class-add-sku"
                  onClick={() => onOpen({ kind: 'sku', target: c })}
                >
                  {L.skuForm.open}
                </Button>
              </>
            ) : null}
            {canAuth ? (
              <Button
                size="small"
                type="link"
                data-testid="class-manage-auth"
                onClick={() => onOpen({ kind: 'auth', target: c })}
              >
                {L.manageForm.open}
              </Button>
            ) : null}
          </Space>
        )}
      />
    </Card>
  );
}

/**
 * 积分分类 (docs/domain/points-mall.md): the classes in their order (head office adds, edits, sorts by drag or
 * keyboard, adds SKUs and authorises stores), and the chosen class's SKUs, or every SKU this store may shelve,
 * with this store's shelf (上架 with a stock, 下架).
 */
export function IntegralClassesPage() {
  const { storeCode, listQuery, list } = useStoreList(mallUrlShape, {
    key: mallKeys.skus,
    endpoint: (query) => (query.classId ? api.storeSkuPageInfo : api.skuPageInfo),
    filters: mallFiltersOf,
  });
  const { query, setQuery } = listQuery;
  const classes = useQuery({
    queryKey: mallKeys.classes(storeCode),
    queryFn: ({ signal }) => call(api.getList, { storeCode }, { signal }),
    enabled: storeCode !== '',
  });
  const refresh = useRefresh(mallKeys.all);
  const [dialog, setDialog] = useState<Dialog>(null);
  const close = () => setDialog(null);
  const chosen = classes.data?.find((c) => c.id === query.classId);

  return (
    <>
      <ListPage
        title={chosen ? `${L.title} · ${chosen.name}` : L.title}
        name="integral-sku"
        testId="integral-classes-page"
        list={list}
        columns={useColumns()}
        rowKey="skuId"
        notice={
          <ClassPanel
            classes={classes.data ?? []}
            chosen={query.classId}
            onChoose={(classId) => setQuery({ classId })}
            onOpen={setDialog}
            onSorted={refresh}
          />
        }
        empty={{ description: L.empty }}
        {...(query.classId
          ? {}
          : {
              statusFilter: {
                value: query.shelf,
                options: SHELF_TABS.map((value) => ({ value, label: L.shelfTabs[value] })),
                onChange: (shelf: (typeof SHELF_TABS)[number]) => setQuery({ shelf }),
              },
            })}
        filters={
          <Input.Search
            allowClear
            defaultValue={query.keyword}
            placeholder={L.keywordPlaceholder}
            data-testid="integral-sku-keyword"
            style={{ maxWidth: 280 }}
            onSearch={(keyword) => setQuery({ keyword })}
          />
        }
        rowActions={[
          {
            key: 'on',
            label: L.shelfForm.on,
            permission: ['integralClass:shelves'],
            allowed: (row) => !row.onShelf,
            onClick: (row) => setDialog({ kind: 'shelf', sku: row }),
          },
          {
            key: 'off',
            label: L.shelfForm.off,
            danger: true,
            permission: ['integralClass:shelves'],
            allowed: (row) => row.onShelf,
            confirm: (row) => ({ content: L.shelfForm.offConfirm(row.name) }),
            onClick: async (row) => {
              await call(api.shelvesState, { storeCode, skuId: row.skuId, onShelf: false, stock: row.stock });
              notify.success(L.shelfForm.offDone);
              refresh();
            },
          },
        ]}
      />
      {dialog?.kind === 'class' ? (
        <ClassFormDialog editing={dialog.editing} onClose={close} onDone={refresh} />
      ) : null}
      {dialog?.kind === 'sku' ? (
        <AddSkuDialog target={dialog.target} storeCode={storeCode} onClose={close} onDone={refresh} />
      ) : null}
      {dialog?.kind === 'auth' ? (
        <ManageAuthDialog target={dialog.target} onClose={close} onDone={refresh} />
      ) : null}
      {dialog?.kind === 'shelf' ? (
        <ShelfDialog sku={dialog.sku} storeCode={storeCode} onClose={close} onDone={refresh} />
      ) : null}
    </>
  );
}
