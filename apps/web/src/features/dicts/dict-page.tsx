import { dictEndpoints, type DictTypeRow } from '@console/contract';
import { useQuery } from '@tanstack/react-query';
import { Button, Col, Input, Row, Tag } from 'antd';
import { useState } from 'react';
import { column, type ListColumn } from '../../components/list/columns';
import { ListPage } from '../../components/list/list-page';
import { urlField } from '../../components/list/list-query';
import type { RowAction } from '../../components/list/row-actions';
import { useListData } from '../../components/list/use-list-data';
import { useListQuery } from '../../components/list/use-list-query';
import { Permission } from '../../components/permission';
import { COMMON_LABELS } from '../../components/labels';
import { call } from '../../lib/http';
import { notify } from '../../lib/notify';
import { DICT_OPTIONS_KEY } from '../../lib/use-dict';
import { dictKeys } from './dict-keys';
import { DictItemsPanel } from './dict-items-panel';
import { DictTypeDialog } from './dict-type-dialog';
import { DICT_LABELS } from './labels';
import { useRefresh } from '../../lib/use-refresh';
import { ENABLED_COLOR, ENABLED_TEXT } from '../../components/enabled-status';

const L = DICT_LABELS;
const F = L.fields;

export const dictUrlShape = {
  keyword: urlField.keyword(50),
  pageNum: urlField.pageNum(),
  pageSize: urlField.pageSize([10, 20, 50], 10),
  /** The dictionary whose items show on the right. */
  type: urlField.recordId(),
};

/** 数据字典: dictionaries on the left (keyword, paged), the chosen one's items on the right. */
export function DictPage() {
  const listQuery = useListQuery(dictUrlShape);
  const { query, setQuery } = listQuery;
  const list = useListData({
    key: dictKeys.types,
    endpoint: dictEndpoints.types,
    request: { keyword: query.keyword || undefined, pageNum: query.pageNum, pageSize: query.pageSize },
  });
  const [dialog, setDialog] = useState<{ editing: DictTypeRow | null } | null>(null);
  const refresh = useRefresh(dictKeys.all, DICT_OPTIONS_KEY);

  // The chosen dictionary: from the page shown, else read on its own (a link to a dictionary on another page).
  const chosenOnPage = list.rows.find((row) => row.id === query.type);
  const chosen = useQuery({
    queryKey: [...dictKeys.types, 'one', query.type],
    queryFn: ({ signal }) =>
      call(dictEndpoints.types, { pageNum: 1, pageSize: 50 }, { signal }).then(
        (page) => page.list.find((row) => row.id === query.type) ?? null,
      ),
    enabled: query.type !== undefined && !chosenOnPage && !list.isLoading,
  });
  const selected = chosenOnPage ?? chosen.data ?? null;

  // Narrow on purpose: the list shares the width with the items panel, and a column under the fixed 操作
  // column would be hidden at 1366 px. Built-in shows beside the name.
  const columns: ListColumn<DictTypeRow>[] = [
    column.key('code', F.code, (row) => listQuery.hrefOf({ type: row.id }), {
      width: 170,
      sub: (row) => (
        <>
          {row.name}
          {row.builtin && (
            <Tag color="blue" style={{ marginInlineStart: 6 }}>
              {L.builtinText.true}
            </Tag>
          )}
        </>
      ),
    }),
    column.count('itemCount', F.itemCount, { width: 64 }),
    column.status('enabled', F.enabled, ENABLED_TEXT, ENABLED_COLOR, {
      width: 72,
      testId: 'dict-type-status',
    }),
  ];

  const rowActions: RowAction<DictTypeRow>[] = [
    { key: 'edit', label: L.edit, permission: ['dict:edit'], onClick: (row) => setDialog({ editing: row }) },
    {
      key: 'delete',
      label: L.delete,
      danger: true,
      permission: ['dict:del'],
      allowed: (row) => !row.builtin,
      confirm: (row) => ({ content: L.deleteTypeConfirm(row.name) }),
      onClick: async (row) => {
        await call(dictEndpoints.deleteType, { id: row.id });
        notify.success(L.typeDeleted);
        if (query.type === row.id) setQuery({ type: undefined });
        refresh();
      },
    },
  ];

  return (
    <Row gutter={[16, 16]} data-testid="dict-page">
      <Col xs={24} xl={11}>
        <ListPage
          title={L.title}
          name="dict-types"
          list={{ ...list, paging: listQuery }}
          columns={columns}
          rowKey="id"
          rowActions={rowActions}
          empty={{ description: L.empty }}
          toolbar={
            <Permission value={['dict:add']}>
              <Button type="primary" data-testid="dict-type-add" onClick={() => setDialog({ editing: null })}>
                {L.addType}
              </Button>
            </Permission>
          }
          filters={
            <>
              <Input.Search
                data-testid="dict-types-keyword"
                allowClear
                maxLength={listQuery.keywordMax}
                placeholder={L.keywordPlaceholder}
                key={query.keyword}
                defaultValue={query.keyword}
                onSearch={(value) => setQuery({ keyword: value.trim() })}
                style={{ maxWidth: 260 }}
              />
              <Button onClick={listQuery.reset}>{COMMON_LABELS.reset}</Button>
            </>
          }
        />
      </Col>
      <Col xs={24} xl={13}>
        <DictItemsPanel type={selected} onChanged={refresh} />
      </Col>
      <DictTypeDialog
        open={dialog !== null}
        editing={dialog?.editing ?? null}
        onClose={() => setDialog(null)}
        onSaved={(row) => {
          refresh();
          setQuery({ type: row.id });
        }}
      />
    </Row>
  );
}
