import type { DeptNode } from '@console/contract';

export type DeptRecord = Omit<DeptNode, 'children' | 'userCount' | 'createdAt'> & { createdAt: Date };

/** Rows into the tree, children by `sort` then id; a row whose parent is missing shows as a root. */
export function buildDeptTree(
  rows: readonly DeptRecord[],
  userCounts: ReadonlyMap<number, number>,
): DeptNode[] {
  const ids = new Set(rows.map((r) => r.id));
  const childrenOf = new Map<number | null, DeptRecord[]>();
  for (const row of rows) {
    const parent = row.parentId !== null && ids.has(row.parentId) ? row.parentId : null;
    childrenOf.set(parent, [...(childrenOf.get(parent) ?? []), row]);
  }
  const visit = (parent: number | null): DeptNode[] =>
    (childrenOf.get(parent) ?? [])
      .sort((a, b) => a.sort - b.sort || a.id - b.id)
      .map((row) => ({
        ...row,
        createdAt: row.createdAt.toISOString(),
        userCount: userCounts.get(row.id) ?? 0,
        children: visit(row.id),
      }));
  return visit(null);
}

/** `rootId` and every department below it. */
export function subtreeIds(
  rows: readonly Pick<DeptRecord, 'id' | 'parentId'>[],
  rootId: number,
): Set<number> {
  const childrenOf = new Map<number, number[]>();
  for (const row of rows)
    if (row.parentId !== null)
      childrenOf.set(row.parentId, [...(childrenOf.get(row.parentId) ?? []), row.id]);
  const found = new Set<number>();
  const queue = [rootId];
  while (queue.length > 0) {
    const id = queue.pop()!;
    if (found.has(id)) continue;
    found.add(id);
    queue.push(...(childrenOf.get(id) ?? []));
  }
  return found;
}

/** How many levels a department sits at (a root is 1), following parents. */
export function depthOf(rows: readonly Pick<DeptRecord, 'id' | 'parentId'>[], id: number | null): number {
  const parentOf = new Map(rows.map((r) => [r.id, r.parentId]));
  let depth = 0;
  const seen = new Set<number>();
  for (let current = id; current !== null && !seen.has(current); current = parentOf.get(current) ?? null) {
    seen.add(current);
    depth++;
  }
  return depth;
}

/** How many levels the subtree under `rootId` has (the department alone is 1). */
export function heightOf(rows: readonly Pick<DeptRecord, 'id' | 'parentId'>[], rootId: number): number {
  const childrenOf = new Map<number, number[]>();
  for (const row of rows)
    if (row.parentId !== null)
      childrenOf.set(row.parentId, [...(childrenOf.get(row.parentId) ?? []), row.id]);
  const height = (id: number, seen: Set<number>): number =>
    seen.has(id)
      ? 0
      : 1 + Math.max(0, ...(childrenOf.get(id) ?? []).map((c) => height(c, new Set([...seen, id]))));
  return height(rootId, new Set());
}
