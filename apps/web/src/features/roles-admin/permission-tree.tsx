import type { PermissionNode } from '@console/contract';
import { Alert, Tag, Tree, Typography } from 'antd';
import type { ReactNode } from 'react';
import { ROLES_LABELS } from './labels';

const L = ROLES_LABELS.tree;

function walk(nodes: readonly PermissionNode[], visit: (node: PermissionNode, parents: number[]) => void) {
  const go = (list: readonly PermissionNode[], parents: number[]) => {
    for (const node of list) {
      visit(node, parents);
      go(node.children, [...parents, node.id]);
    }
  };
  go(nodes, []);
}

/**
 * A tick on the tree: on adds the node, what below it the caller holds and the nodes above it (a button is
 * reached through its page); off removes the node and everything below it. Ids the caller does not hold never
 * join; ones already granted stay as they are.
 */
export function toggleMenu(
  tree: readonly PermissionNode[],
  checked: readonly number[],
  id: number,
  on: boolean,
): number[] {
  const next = new Set(checked);
  walk(tree, (node, parents) => {
    const inside = node.id === id || parents.includes(id);
    if (!inside) return;
    if (!on) next.delete(node.id);
    else if (node.held) next.add(node.id);
    if (on && node.id === id) for (const parent of parents) next.add(parent);
  });
  return [...next].sort((a, b) => a - b);
}

type TreeData = { key: number; title: ReactNode; disableCheckbox: boolean; children: TreeData[] };
function treeDataOf(nodes: readonly PermissionNode[]): TreeData[] {
  return nodes.map((node) => ({
    key: node.id,
    title: (
      <span data-testid={`permission-node-${node.id}`}>
        <span>{node.title}</span>
        {node.permission ? (
          <Typography.Text type="secondary" style={{ marginLeft: 6, fontSize: 12 }}>
            {node.permission}
          </Typography.Text>
        ) : null}
        {node.held ? null : (
          <Tag style={{ marginLeft: 6 }} data-testid="permission-not-held">
            {L.notHeld}
          </Tag>
        )}
      </span>
    ),
    disableCheckbox: !node.held,
    children: treeDataOf(node.children),
  }));
}

type Props = {
  tree: readonly PermissionNode[];
  value?: number[];
  onChange?(value: number[]): void;
};

/** 菜单与按钮权限: the menu tree with its buttons as check boxes; what the caller does not hold is disabled. */
export function PermissionTree({ tree, value = [], onChange }: Props) {
  let someNotHeld = false;
  walk(tree, (node) => {
    someNotHeld ||= !node.held;
  });
  return (
    <>
      <Alert
        type={someNotHeld ? 'warning' : 'info'}
        showIcon
        title={someNotHeld ? L.notHeldHint : L.cascade}
        description={someNotHeld ? L.cascade : undefined}
        style={{ marginBottom: 8 }}
        data-testid="permission-tree-hint"
      />
      <div style={{ maxHeight: 320, overflow: 'auto' }}>
        <Tree
          checkable
          checkStrictly
          selectable={false}
          virtual={false}
          defaultExpandedKeys={tree.map((node) => node.id)}
          treeData={treeDataOf(tree)}
          checkedKeys={{ checked: value, halfChecked: [] }}
          onCheck={(_, info) => onChange?.(toggleMenu(tree, value, Number(info.node.key), info.checked))}
          data-testid="permission-tree"
        />
      </div>
    </>
  );
}
