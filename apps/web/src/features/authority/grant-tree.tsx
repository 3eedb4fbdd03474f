/**
 * A checkable tree for grants that keeps exactly what is saved: ticking a node ticks its whole branch and its
 * ancestors (a button needs its page, a page its area); unticking a node unticks its branch but leaves the
 * ancestors (a page may be granted without some or all of its buttons). Group nodes (`disabled`, e.g. the menu
 * heading a list of scopes) carry no checkbox and are never part of the value.
 */
import { useMemo, useState } from 'react';
import { Empty, Input, Tree } from 'antd';
import { useTranslation } from 'react-i18next';
import type { TreeProps } from 'antd';

export interface GrantNode {
  id: string;
  title: string;
  disabled?: boolean;
  children?: GrantNode[];
}

interface Index {
  parent: Map<string, string | undefined>;
  children: Map<string, string[]>;
  group: Set<string>;
}

export function indexTree(nodes: readonly GrantNode[]): Index {
  const index: Index = { parent: new Map(), children: new Map(), group: new Set() };
  const walk = (list: readonly GrantNode[], parent: string | undefined) => {
    for (const n of list) {
      index.parent.set(n.id, parent);
      index.children.set(n.id, (n.children ?? []).map((c) => c.id));
      if (n.disabled) index.group.add(n.id);
      if (n.children) walk(n.children, n.id);
    }
  };
  walk(nodes, undefined);
  return index;
}

function branch(index: Index, id: string): string[] {
  const out = [id];
  for (const c of index.children.get(id) ?? []) out.push(...branch(index, c));
  return out;
}

/** The value after ticking (`on`) or unticking one node. */
export function toggleGrant(index: Index, value: readonly string[], id: string, on: boolean): string[] {
  const set = new Set(value);
  if (on) {
    for (const x of branch(index, id)) set.add(x);
    let p = index.parent.get(id);
    while (p !== undefined) {
      set.add(p);
      p = index.parent.get(p);
    }
  } else {
    for (const x of branch(index, id)) set.delete(x);
  }
  return [...set].filter((x) => index.parent.has(x) && !index.group.has(x));
}

/** Saved ids that exist in the tree (and are not group nodes). */
export function knownIds(saved: readonly string[], nodes: readonly GrantNode[]): string[] {
  const index = indexTree(nodes);
  return saved.filter((id) => index.parent.has(id) && !index.group.has(id));
}

function asTreeData(nodes: readonly GrantNode[]): NonNullable<TreeProps['treeData']> {
  return nodes.map((n) => ({
    key: n.id,
    title: n.title,
    ...(n.disabled ? { checkable: false } : {}),
    ...(n.children ? { children: asTreeData(n.children) } : {}),
  }));
}

export interface GrantTreeProps {
  nodes: readonly GrantNode[];
  value: string[];
  onChange(value: string[]): void;
  height?: number;
  'aria-label'?: string;
}

/** Nodes whose title contains the text, with their whole branch, and the ancestors that lead to them. */
export function filterGrantNodes(nodes: readonly GrantNode[], text: string): GrantNode[] {
  const needle = text.trim().toLowerCase();
  if (!needle) return nodes as GrantNode[];
  return nodes.flatMap((n) => {
    if (n.title.toLowerCase().includes(needle)) return [n];
    const children = filterGrantNodes(n.children ?? [], text);
    return children.length ? [{ ...n, children }] : [];
  });
}

export function GrantTree({ nodes, value, onChange, height = 400, ...rest }: GrantTreeProps) {
  const { t } = useTranslation();
  const [filter, setFilter] = useState('');
  const index = useMemo(() => indexTree(nodes), [nodes]);
  const shown = useMemo(() => filterGrantNodes(nodes, filter), [nodes, filter]);
  const treeData = useMemo(() => asTreeData(shown), [shown]);
  const expanded = useMemo(() => (filter ? [...index.parent.keys()] : nodes.map((n) => n.id)), [filter, index, nodes]);
  if (nodes.length === 0) return <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} />;
  return (
    <div className="helio-grant-tree">
      <Input.Search
        allowClear
        placeholder={t('system.role.filter')}
        aria-label={t('system.role.filter')}
        onChange={(e) => setFilter(e.target.value)}
        style={{ marginBottom: 8 }}
      />
      <Tree
        key={filter ? 'filtered' : 'all'}
        checkable
        checkStrictly
        selectable={false}
        defaultExpandedKeys={expanded}
        treeData={treeData}
        checkedKeys={{ checked: value, halfChecked: [] }}
        onCheck={(_keys, info) => onChange(toggleGrant(index, value, String(info.node.key), info.checked))}
        height={height}
        aria-label={rest['aria-label']}
      />
    </div>
  );
}
