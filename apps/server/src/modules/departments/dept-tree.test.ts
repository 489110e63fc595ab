import { describe, expect, it } from 'vitest';
import { buildDeptTree, depthOf, heightOf, subtreeIds, type DeptRecord } from './dept-tree.js';

const at = new Date('2026-01-01T00:00:00Z');
const row = (id: number, parentId: number | null, sort = 0): DeptRecord => ({
  id,
  parentId,
  name: `部门${id}`,
  sort,
  enabled: true,
  createdAt: at,
});
const rows = [row(1, null), row(2, 1, 20), row(3, 1, 10), row(4, 2), row(5, 99)];

describe('department tree', () => {
  it('nests children by sort then id, with user counts, and shows orphans as roots', () => {
    const tree = buildDeptTree(rows, new Map([[4, 3]]));
    expect(tree.map((n) => n.id)).toEqual([1, 5]);
    expect(tree[0]!.children.map((n) => n.id)).toEqual([3, 2]);
    expect(tree[0]!.children[1]!.children[0]).toMatchObject({
      id: 4,
      userCount: 3,
      createdAt: at.toISOString(),
    });
  });

  it('finds a subtree, depths and heights', () => {
    expect([...subtreeIds(rows, 2)].sort()).toEqual([2, 4]);
    expect([...subtreeIds(rows, 1)].sort()).toEqual([1, 2, 3, 4]);
    expect(depthOf(rows, 4)).toBe(3);
    expect(depthOf(rows, null)).toBe(0);
    expect(heightOf(rows, 1)).toBe(3);
    expect(heightOf(rows, 3)).toBe(1);
  });
});
