import { deptEndpoints, type DeptNode } from '@console/contract';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Alert, Button, Card, Empty, Grid, Space, Table, Tag } from 'antd';
import {
  RowActionButtons,
  RowActionMenu,
  visibleRowActions,
  type RowAction,
} from '../../components/list/row-actions';
import type { ColumnsType } from 'antd/es/table';
import { useMemo, useState } from 'react';
import { useHasPermission } from '../../components/permission';
import { COMMON_LABELS } from '../../components/labels';
import { formatTime } from '../../lib/format/display';
import { call, isApiError } from '../../lib/http';
import { notify } from '../../lib/notify';
import { useSessionStore } from '../../stores/session-store';
import { DeptDialog, type DeptDialogState } from './dept-dialog';
import { DEPT_LABELS } from './labels';

const L = DEPT_LABELS;
const deptKeys = { tree: ['depts', 'tree'] as const };

/** Every id of the tree that has children: what 全部展开 opens. */
function parentIds(nodes: readonly DeptNode[]): number[] {
  return nodes.flatMap((node) => (node.children.length > 0 ? [node.id, ...parentIds(node.children)] : []));
}

/** A tree row without an empty `children` (antd would draw an expand button for it). */
type TreeRow = Omit<DeptNode, 'children'> & { node: DeptNode; children?: TreeRow[] };
function rowsOf(nodes: readonly DeptNode[]): TreeRow[] {
  return nodes.map((node) => ({
    ...node,
    node,
    children: node.children.length > 0 ? rowsOf(node.children) : undefined,
  }));
}

/** 部门管理: the department tree with add child, edit, enable / disable and delete. */
export function DeptPage() {
  const queryClient = useQueryClient();
  const tree = useQuery({
    queryKey: deptKeys.tree,
    queryFn: ({ signal }) => call(deptEndpoints.tree, {}, { signal, flags: { silent: true } }),
  });
  const nodes = useMemo(() => tree.data?.tree ?? [], [tree.data]);
  const rows = useMemo(() => rowsOf(nodes), [nodes]);
  const [expanded, setExpanded] = useState<readonly number[] | null>(null);
  const expandedKeys = expanded ?? parentIds(nodes);
  const [dialog, setDialog] = useState<DeptDialogState | null>(null);
  const canAdd = useHasPermission(['dept:add']);
  const roles = useSessionStore((state) => state.roles);
  const phone = Grid.useBreakpoint().xs === true;
  const refresh = () => void queryClient.invalidateQueries({ queryKey: deptKeys.tree });

  const actions: RowAction<DeptNode>[] = [
    {
      key: 'addChild',
      label: L.addChild,
      permission: ['dept:add'],
      onClick: (dept) => setDialog({ mode: 'add', parent: dept }),
    },
    {
      key: 'edit',
      label: L.edit,
      permission: ['dept:edit'],
      onClick: (dept) => setDialog({ mode: 'edit', dept }),
    },
    {
      key: 'enable',
      label: L.enable,
      permission: ['dept:edit'],
      allowed: (dept) => !dept.enabled,
      onClick: async (dept) => {
        await call(deptEndpoints.setEnabled, { id: dept.id, enabled: true });
        notify.success(L.enabled);
        refresh();
      },
    },
    {
      key: 'disable',
      label: L.disable,
      permission: ['dept:edit'],
      allowed: (dept) => dept.enabled,
      confirm: (dept) => ({ content: L.disableConfirm(dept.name) }),
      onClick: async (dept) => {
        const { changed } = await call(deptEndpoints.setEnabled, { id: dept.id, enabled: false });
        notify.success(L.disabled(changed));
        refresh();
      },
    },
    {
      key: 'delete',
      label: L.delete,
      danger: true,
      permission: ['dept:del'],
      confirm: (dept) => ({ content: L.deleteConfirm(dept.name) }),
      onClick: async (dept) => {
        await call(deptEndpoints.delete, { id: dept.id });
        notify.success(L.deleted);
        refresh();
      },
    },
  ];

  const columns: ColumnsType<TreeRow> = [
    {
      key: 'name',
      title: L.fields.name,
      dataIndex: 'name',
      // A name never breaks between characters (the tree indents it; a phone hides the other numbers instead).
      onCell: () => ({ style: { whiteSpace: 'nowrap' } }),
      render: (name: string) => <span data-testid="dept-name-cell">{name}</span>,
    },
    {
      key: 'userCount',
      title: L.fields.userCount,
      dataIndex: 'userCount',
      width: 70,
      align: 'right',
      responsive: ['sm'],
    },
    { key: 'sort', title: L.fields.sort, dataIndex: 'sort', width: 70, align: 'right', responsive: ['md'] },
    {
      key: 'enabled',
      title: L.fields.enabled,
      width: 80,
      render: (_, row) => (
        <Tag color={row.enabled ? 'green' : 'default'} data-testid="dept-status">
          {L.enabledText[String(row.enabled)]}
        </Tag>
      ),
    },
    {
      key: 'createdAt',
      title: L.fields.createdAt,
      width: 170,
      responsive: ['lg'],
      render: (_, row) => formatTime(row.createdAt),
    },
    {
      key: 'actions',
      title: L.actions,
      width: phone ? 90 : 240,
      fixed: phone ? undefined : 'right',
      render: (_, { node }) => {
        const shown = visibleRowActions(actions, node, roles);
        return phone ? (
          <RowActionMenu actions={shown} row={node} />
        ) : (
          <RowActionButtons actions={shown} row={node} />
        );
      },
    },
  ];

  return (
    <Card
      title={L.title}
      data-testid="dept-page"
      extra={
        <Space wrap>
          {canAdd && (
            <Button
              type="primary"
              data-testid="dept-add"
              onClick={() => setDialog({ mode: 'add', parent: null })}
            >
              {L.add}
            </Button>
          )}
          <Button onClick={() => setExpanded(expandedKeys.length > 0 ? [] : parentIds(nodes))}>
            {expandedKeys.length > 0 ? L.collapseAll : L.expandAll}
          </Button>
          <Button onClick={refresh} loading={tree.isFetching && !tree.isLoading}>
            {L.refresh}
          </Button>
        </Space>
      }
    >
      {tree.isError ? (
        <Alert
          type="error"
          showIcon
          title={isApiError(tree.error) ? tree.error.message : L.loadFailed}
          action={
            <Button size="small" onClick={() => void tree.refetch()}>
              {COMMON_LABELS.retry}
            </Button>
          }
        />
      ) : (
        <Table<TreeRow>
          data-testid="dept-table"
          rowKey="id"
          size="middle"
          loading={tree.isLoading}
          columns={columns}
          dataSource={rows}
          pagination={false}
          // On a phone the columns share the width (the 操作 menu stays in view) instead of scrolling sideways.
          scroll={phone ? undefined : { x: 'max-content' }}
          expandable={{
            expandedRowKeys: [...expandedKeys],
            onExpandedRowsChange: (keys) => setExpanded(keys.map(Number)),
          }}
          locale={{ emptyText: <Empty description={L.empty} /> }}
        />
      )}
      <DeptDialog state={dialog} tree={nodes} onClose={() => setDialog(null)} onSaved={refresh} />
    </Card>
  );
}
