import { deptEndpoints, type DeptNode } from '@console/contract';
import { useQuery } from '@tanstack/react-query';
import type { ColumnsType } from 'antd/es/table';
import { useState } from 'react';
import type { RowAction } from '../../components/list/row-actions';
import { TreeTable, type TreeRow } from '../../components/tree-table/tree-table';
import { formatTime } from '../../lib/format/display';
import { call } from '../../lib/http';
import { notify } from '../../lib/notify';
import { DeptDialog, type DeptDialogState } from './dept-dialog';
import { DEPT_LABELS } from './labels';
import { useRefresh } from '../../lib/use-refresh';
import { enabledColumn } from '../../components/enabled-status';

const L = DEPT_LABELS;
const deptKeys = { tree: ['depts', 'tree'] as const };

/** 部门管理: the department tree with add child, edit, enable / disable and delete. */
export function DeptPage() {
  const tree = useQuery({
    queryKey: deptKeys.tree,
    queryFn: ({ signal }) => call(deptEndpoints.tree, {}, { signal, flags: { silent: true } }),
    select: (answer) => answer.tree,
  });
  const [dialog, setDialog] = useState<DeptDialogState | null>(null);
  const refresh = useRefresh(deptKeys.tree);

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

  const columns: ColumnsType<TreeRow<DeptNode>> = [
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
    enabledColumn(L.fields.enabled, 'dept-status'),
    {
      key: 'createdAt',
      title: L.fields.createdAt,
      width: 170,
      responsive: ['lg'],
      render: (_, row) => formatTime(row.createdAt),
    },
  ];

  return (
    <TreeTable<DeptNode>
      title={L.title}
      name="dept"
      query={tree}
      onRefresh={refresh}
      columns={columns}
      actions={actions}
      actionsWidth={240}
      empty={L.empty}
      loadFailed={L.loadFailed}
      add={{
        label: L.add,
        permission: ['dept:add'],
        onClick: () => setDialog({ mode: 'add', parent: null }),
      }}
    >
      <DeptDialog state={dialog} tree={tree.data ?? []} onClose={() => setDialog(null)} onSaved={refresh} />
    </TreeTable>
  );
}
