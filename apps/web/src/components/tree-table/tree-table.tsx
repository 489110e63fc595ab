import type { UseQueryResult } from '@tanstack/react-query';
import { Alert, Button, Card, Empty, Grid, Space, Table } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { useMemo, useState, type ReactNode } from 'react';
import { isApiError } from '../../lib/http';
import { useSessionStore } from '../../stores/session-store';
import { COMMON_LABELS, LIST_LABELS, TREE_LABELS } from '../labels';
import { AddButton, type AddAction } from '../list/add-button';
import { RowActionButtons, RowActionMenu, visibleRowActions, type RowAction } from '../list/row-actions';

type TreeNode = { id: number; children: TreeNode[] };

/** Every id of the tree that has children: what 全部展开 opens. */
export function parentIds(nodes: readonly TreeNode[]): number[] {
  return nodes.flatMap((node) => (node.children.length > 0 ? [node.id, ...parentIds(node.children)] : []));
}

/** A tree row without an empty `children` (antd would draw an expand button for it). */
export type TreeRow<Node> = Omit<Node, 'children'> & { node: Node; children?: TreeRow<Node>[] };
function rowsOf<Node extends TreeNode>(nodes: readonly Node[]): TreeRow<Node>[] {
  return nodes.map((node) => ({
    ...node,
    node,
    children: node.children.length > 0 ? rowsOf(node.children as Node[]) : undefined,
  }));
}

type Props<Node extends TreeNode> = {
  title: string;
  /** Names the tree's test ids: `${name}-page`, `${name}-table`, `${name}-add`. */
  name: string;
  /** The tree's query: its nodes, loading and error states. */
  query: Pick<UseQueryResult<readonly Node[]>, 'data' | 'isLoading' | 'isFetching' | 'isError' | 'error'>;
  onRefresh(): void;
  columns: ColumnsType<TreeRow<Node>>;
  actions: RowAction<Node>[];
  /** The width of the 操作 column on a wide screen. */
  actionsWidth: number;
  /** 新增 at the top level, the first tool, shown to holders of its permission. */
  add?: AddAction;
  /** Buttons after 新增, before 全部展开. */
  toolbar?: ReactNode;
  empty: string;
  loadFailed: string;
  children?: ReactNode;
};

/**
 * A tree as a table in a card (部门管理, 菜单管理): expanded at first, 全部展开 / 全部折叠, 刷新, the error with
 * 重试, and the 操作 column (links on a wide screen, one menu on a phone, where the columns share the width).
 */
export function TreeTable<Node extends TreeNode>({
  title,
  name,
  query,
  onRefresh,
  columns,
  actions,
  actionsWidth,
  add,
  toolbar,
  empty,
  loadFailed,
  children,
}: Props<Node>) {
  const nodes = useMemo(() => query.data ?? [], [query.data]);
  const rows = useMemo(() => rowsOf(nodes), [nodes]);
  const [expanded, setExpanded] = useState<readonly number[] | null>(null);
  const expandedKeys = expanded ?? parentIds(nodes);
  const roles = useSessionStore((state) => state.roles);
  const phone = Grid.useBreakpoint().xs === true;

  const actionColumn: ColumnsType<TreeRow<Node>>[number] = {
    key: 'actions',
    title: LIST_LABELS.actions,
    width: phone ? 90 : actionsWidth,
    fixed: phone ? undefined : 'right',
    render: (_, { node }) => {
      const shown = visibleRowActions(actions, node, roles);
      return phone ? (
        <RowActionMenu actions={shown} row={node} />
      ) : (
        <RowActionButtons actions={shown} row={node} />
      );
    },
  };

  return (
    <Card
      title={title}
      data-testid={`${name}-page`}
      extra={
        <Space wrap>
          {add ? <AddButton {...add} testId={`${name}-add`} /> : null}
          {toolbar}
          <Button onClick={() => setExpanded(expandedKeys.length > 0 ? [] : parentIds(nodes))}>
            {expandedKeys.length > 0 ? TREE_LABELS.collapseAll : TREE_LABELS.expandAll}
          </Button>
          <Button onClick={onRefresh} loading={query.isFetching && !query.isLoading}>
            {COMMON_LABELS.refresh}
          </Button>
        </Space>
      }
    >
      {query.isError ? (
        <Alert
          type="error"
          showIcon
          title={isApiError(query.error) ? query.error.message : loadFailed}
          action={
            <Button size="small" onClick={onRefresh}>
              {COMMON_LABELS.retry}
            </Button>
          }
        />
      ) : (
        <Table<TreeRow<Node>>
          data-testid={`${name}-table`}
          rowKey="id"
          size="middle"
          loading={query.isLoading}
          columns={[...columns, actionColumn]}
          dataSource={rows}
          pagination={false}
          // On a phone the columns share the width (the 操作 menu stays in view) instead of scrolling sideways.
          scroll={phone ? undefined : { x: 'max-content' }}
          expandable={{
            expandedRowKeys: [...expandedKeys],
            onExpandedRowsChange: (keys) => setExpanded(keys.map(Number)),
          }}
          locale={{ emptyText: <Empty description={empty} /> }}
        />
      )}
      {children}
    </Card>
  );
}
