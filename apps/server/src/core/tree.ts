/** Forest building (Blade ForestNodeMerger): orphans are hoisted to the root; `children` omitted when empty. */
export type TreeNode<T> = T & { children?: TreeNode<T>[]; hasChildren?: boolean };

export function buildTree<T extends { id: string; parentId: string }>(
  rows: T[],
  sortKey?: (r: T) => number,
): TreeNode<T>[] {
  const nodes = new Map<string, TreeNode<T>>();
  for (const r of rows) nodes.set(r.id, { ...r });
  const roots: TreeNode<T>[] = [];
  for (const n of nodes.values()) {
    const parent = n.parentId !== '0' ? nodes.get(n.parentId) : undefined;
    if (parent) (parent.children ??= []).push(n);
    else roots.push(n);
  }
  const sortRec = (list: TreeNode<T>[]) => {
    if (sortKey) list.sort((a, b) => sortKey(a) - sortKey(b));
    for (const n of list) {
      if (n.children?.length) {
        n.hasChildren = true;
        sortRec(n.children);
      }
    }
  };
  sortRec(roots);
  return roots;
}
