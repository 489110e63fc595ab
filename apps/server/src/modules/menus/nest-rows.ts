/**
 * Rows with a parent id into a tree, keeping the rows' order among siblings; a row whose parent is missing
 * shows as a root.
 */
export function nestRows<R extends { id: number; parentId: number | null }, N extends { children: N[] }>(
  rows: readonly R[],
  toNode: (row: R) => N,
): N[] {
  const nodes = new Map(rows.map((row) => [row.id, toNode(row)]));
  const roots: N[] = [];
  for (const row of rows) {
    const parent = row.parentId === null ? undefined : nodes.get(row.parentId);
    (parent ? parent.children : roots).push(nodes.get(row.id)!);
  }
  return roots;
}
