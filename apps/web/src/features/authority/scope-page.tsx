/**
 * Data scopes and API scopes, per menu: the menu tree on the left narrows the list to one menu (and presets it
 * when adding); the list is the generic screen of the scope definition.
 */
import { useMemo, useState } from 'react';
import type { ReactNode } from 'react';
import { AutoComplete, Card, Col, Empty, Input, Row as GridRow, Spin, Tree, TreeSelect } from 'antd';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import type { ResourceDef } from '@helio/contracts/crud/resource';
import { apiScopeResource, dataScopeResource } from '@helio/contracts/modules/scope/scope.resource';
import { PAGES } from '@helio/contracts/permissions';
import { CrudPage } from '@/core/crud/crud-page';
import type { FieldOverride } from '@/core/crud/crud-page';
import { optionSourceKey, useOptionSources } from '@/core/crud/options';
import type { TreeOption } from '@/core/crud/options';
import { http } from '@/core/http/http';

interface MenuRow {
  id: string;
  name: string;
  category: number;
  children?: MenuRow[];
}

interface MenuNode {
  key: string;
  title: string;
  children?: MenuNode[];
}

/** Menus only (no buttons), as tree nodes. */
export function menuNodes(rows: readonly MenuRow[]): MenuNode[] {
  return rows
    .filter((r) => Number(r.category) === 1)
    .map((r) => {
      const children = menuNodes(r.children ?? []);
      return { key: String(r.id), title: r.name, ...(children.length ? { children } : {}) };
    });
}

function filterNodes(nodes: readonly MenuNode[], text: string): MenuNode[] {
  if (!text) return nodes as MenuNode[];
  const needle = text.toLowerCase();
  return nodes.flatMap((n) => {
    const children = filterNodes(n.children ?? [], text);
    if (n.title.toLowerCase().includes(needle) || children.length) return [{ ...n, ...(children.length ? { children } : {}) }];
    return [];
  });
}

const PAGE_CODES = PAGES.map((p) => ({ value: p.code }));
const DEPT_TREE = { url: '/api/blade-system/dept/tree' };

function DeptMultiSelect(props: { value?: string; onChange?: (v: string) => void; disabled?: boolean; placeholder?: string; options: TreeOption[] }) {
  const { options, value, onChange, ...rest } = props;
  return (
    <TreeSelect
      {...rest}
      allowClear
      multiple
      treeCheckable
      showCheckedStrategy={TreeSelect.SHOW_ALL}
      treeCheckStrictly={false}
      treeData={options}
      fieldNames={{ label: 'title', value: 'value', children: 'children' }}
      value={value ? value.split(',').filter(Boolean) : []}
      onChange={(list: string[]) => onChange?.(list.join(','))}
      maxTagCount="responsive"
    />
  );
}

function ScopePage({ resource }: { resource: ResourceDef }) {
  const { t, i18n } = useTranslation();
  const [menuId, setMenuId] = useState<string | undefined>();
  const [filter, setFilter] = useState('');
  const menus = useQuery({
    queryKey: ['crud', 'menu', 'scope-menus', i18n.language],
    queryFn: () => http.get<MenuRow[]>('/api/blade-system/menu/list'),
  });
  const nodes = useMemo(() => menuNodes(Array.isArray(menus.data) ? menus.data : []), [menus.data]);
  const shown = useMemo(() => filterNodes(nodes, filter), [nodes, filter]);
  const depts = useOptionSources(useMemo(() => [DEPT_TREE], []));
  const deptOptions = depts[optionSourceKey(DEPT_TREE)];

  const fields = useMemo(() => {
    const out: Record<string, FieldOverride> = {
      resourceCode: {
        widget: ({ disabled, placeholder }) => (
          <AutoComplete options={PAGE_CODES} disabled={disabled} placeholder={placeholder} filterOption={(input, o) => String(o?.value).includes(input)} />
        ),
      },
    };
    if (resource === dataScopeResource) {
      out.scopeValue = {
        extra: t('system.scope.scopeValueHint'),
        widget: ({ disabled, placeholder }) => <DeptMultiSelect disabled={disabled} placeholder={placeholder} options={deptOptions ?? []} />,
      };
    }
    return out;
  }, [resource, t, deptOptions]);

  const params = useMemo(() => (menuId ? { menuId } : {}), [menuId]);
  const defaults = useMemo(() => () => (menuId ? { menuId } : {}), [menuId]);

  let tree: ReactNode;
  if (menus.isPending) tree = <Spin />;
  else if (shown.length === 0) tree = <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} />;
  else
    tree = (
      <Tree
        treeData={shown}
        selectedKeys={menuId ? [menuId] : []}
        onSelect={(keys) => setMenuId(keys.length ? String(keys[0]) : undefined)}
        height={560}
        defaultExpandAll={Boolean(filter)}
        key={filter ? `f:${filter}` : 'all'}
        blockNode
      />
    );

  return (
    <GridRow gutter={16}>
      <Col xs={24} md={7} xl={5}>
        <Card size="small" title={t('system.scope.menus')} className="helio-side-tree">
          <Input.Search allowClear placeholder={t('system.scope.searchMenu')} onChange={(e) => setFilter(e.target.value)} style={{ marginBottom: 8 }} />
          {tree}
        </Card>
      </Col>
      <Col xs={24} md={17} xl={19}>
        <CrudPage resource={resource} params={params} defaults={defaults} fields={fields} />
      </Col>
    </GridRow>
  );
}

export function DataScopePage() {
  return <ScopePage resource={dataScopeResource} />;
}

export function ApiScopePage() {
  return <ScopePage resource={apiScopeResource} />;
}
