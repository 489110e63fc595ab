import { isPageComponent, menuAdminEndpoints, type MenuAdminNode } from '@console/contract';
import { useQuery } from '@tanstack/react-query';
import { Space, Tag, Tooltip } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { useState } from 'react';
import { MenuIcon } from '../../components/menu-icon';
import type { RowAction } from '../../components/list/row-actions';
import { TreeTable, type TreeRow } from '../../components/tree-table/tree-table';
import { call } from '../../lib/http';
import { notify } from '../../lib/notify';
import { MENUS_LABELS } from './labels';
import { MenuDialog, type MenuDialogState } from './menu-dialog';
import { useRefresh } from '../../lib/use-refresh';

const L = MENUS_LABELS;
const menuKeys = { tree: ['menus-admin', 'tree'] as const };
const PAGE = 1;
const BUTTON = 2;

const COLUMNS: ColumnsType<TreeRow<MenuAdminNode>> = [
  {
    key: 'title',
    title: L.fields.title,
    onCell: () => ({ style: { whiteSpace: 'nowrap' } }),
    render: (_, row) => (
      <Space size={6}>
        {row.type === BUTTON ? null : <MenuIcon name={row.icon} />}
        <span data-testid="menu-title-cell">{row.title}</span>
        {row.type === PAGE && !row.external && !isPageComponent(row.component) ? (
          <Tooltip title={L.comingSoonHint(row.component ?? '')}>
            <Tag color="orange">{L.comingSoon}</Tag>
          </Tooltip>
        ) : null}
        {row.hidden ? <Tag>{L.flags.hidden}</Tag> : null}
        {row.noCache ? <Tag>{L.flags.noCache}</Tag> : null}
        {row.external ? <Tag color="purple">{L.flags.external}</Tag> : null}
      </Space>
    ),
  },
  {
    key: 'type',
    title: L.fields.type,
    width: 70,
    render: (_, row) => <Tag color={L.typeColors[row.type]}>{L.types[row.type]}</Tag>,
  },
  {
    key: 'path',
    title: L.fields.pathOrPermission,
    responsive: ['md'],
    render: (_, row) => row.path || row.permission || '-',
  },
  {
    key: 'component',
    title: L.fields.component,
    responsive: ['lg'],
    render: (_, row) => (row.type === PAGE && !row.external ? row.component : '-'),
  },
  { key: 'sort', title: L.fields.sort, dataIndex: 'sort', width: 60, align: 'right', responsive: ['md'] },
  {
    key: 'roleCount',
    title: L.fields.roleCount,
    dataIndex: 'roleCount',
    width: 70,
    align: 'right',
    responsive: ['sm'],
  },
];

/** 菜单管理: the tree of directories, pages and buttons; add, add child, edit and delete. */
export function MenusPage() {
  const tree = useQuery({
    queryKey: menuKeys.tree,
    queryFn: ({ signal }) => call(menuAdminEndpoints.tree, {}, { signal, flags: { silent: true } }),
    select: (answer) => answer.tree,
  });
  const [dialog, setDialog] = useState<MenuDialogState | null>(null);
  const refresh = useRefresh(menuKeys.tree);

  const actions: RowAction<MenuAdminNode>[] = [
    {
      key: 'addChild',
      label: L.addChild,
      permission: ['menu:add'],
      allowed: (menu) => menu.type !== BUTTON,
      onClick: (menu) => setDialog({ mode: 'add', parent: menu }),
    },
    {
      key: 'edit',
      label: L.edit,
      permission: ['menu:edit'],
      onClick: (menu) => setDialog({ mode: 'edit', menu }),
    },
    {
      key: 'delete',
      label: L.delete,
      danger: true,
      permission: ['menu:del'],
      confirm: (menu) => L.deleteConfirm(menu.title, menu.roleCount),
      onClick: async (menu) => {
        await call(menuAdminEndpoints.delete, { id: menu.id });
        notify.success(L.deleted);
        refresh();
      },
    },
  ];

  return (
    <TreeTable<MenuAdminNode>
      title={L.title}
      name="menus"
      query={tree}
      onRefresh={refresh}
      columns={COLUMNS}
      actions={actions}
      actionsWidth={190}
      empty={L.empty}
      loadFailed={L.loadFailed}
      add={{
        label: L.add,
        permission: ['menu:add'],
        onClick: () => setDialog({ mode: 'add', parent: null }),
      }}
    >
      <MenuDialog state={dialog} tree={tree.data ?? []} onClose={() => setDialog(null)} onSaved={refresh} />
    </TreeTable>
  );
}
