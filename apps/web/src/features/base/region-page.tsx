/**
 * Regions (spec §2, §3, §5): a lazy tree by parent code on the left; on the right the chosen region with add
 * (a child of it), edit, delete, Excel import (required overwrite switch, 0 by default) and export; and a
 * province → city → district cascade debug form.
 */
import { useCallback, useEffect, useMemo, useState } from 'react';
import { AutoComplete, Button, Card, Col, Descriptions, Empty, Input, Modal, Row as GridRow, Space, Spin, Tabs, Tree } from 'antd';
import type { TreeDataNode } from 'antd';
import { DeleteOutlined, DownloadOutlined, EditOutlined, PlusOutlined, UploadOutlined } from '@ant-design/icons';
import { useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { CONFLICT_CODES, isConflict, showConflict, withVersion } from '@/core/crud/conflict';
import { CrudFormDialog } from '@/core/crud/crud-form-dialog';
import type { FormMode } from '@/core/crud/fields-to-form';
import { useDict } from '@/core/crud/dict';
import { ImportDialog } from '@/core/crud/import-dialog';
import { useLabel } from '@/core/crud/labels';
import type { Row } from '@/core/crud/use-crud-resource';
import { downloadFile } from '@/core/http/download';
import { http } from '@/core/http/http';
import { toast } from '@/core/notify';
import { usePermission } from '@/core/permission/permission-store';
import { RegionCascade } from './region-cascade';
import { REGION_FIELDS, REGION_FORM } from './region-fields';

const API = '/api/blade-system/region';
const ROOT = '00';

export interface RegionRow extends Row {
  code: string;
  parentCode: string;
  name: string;
  nameEn?: string;
  regionLevel: number;
  title?: string;
  hasChildren?: boolean;
}

interface RegionNode extends TreeDataNode {
  key: string;
  row: RegionRow;
  children?: RegionNode[];
}

const toNode = (r: RegionRow): RegionNode => ({ key: r.code, title: `${r.title ?? r.name}`, isLeaf: !r.hasChildren, row: r });

function replaceChildren(nodes: RegionNode[], key: string, children: RegionNode[]): RegionNode[] {
  return nodes.map((n) => {
    if (n.key === key) return { ...n, isLeaf: children.length === 0, children };
    if (n.children) return { ...n, children: replaceChildren(n.children, key, children) };
    return n;
  });
}

export function RegionPage() {
  const { t } = useTranslation();
  const label = useLabel();
  const { has } = usePermission();
  const queryClient = useQueryClient();
  const [modal, holder] = Modal.useModal();
  const levels = useDict('region');
  const [tree, setTree] = useState<RegionNode[]>([]);
  const [treeLoading, setTreeLoading] = useState(true);
  const [loadedKeys, setLoadedKeys] = useState<string[]>([]);
  const [expandedKeys, setExpandedKeys] = useState<string[]>([]);
  const [selected, setSelected] = useState<RegionRow | null>(null);
  const [dialog, setDialog] = useState<{ open: boolean; mode: FormMode; record?: Row }>({ open: false, mode: 'add' });
  const [importing, setImporting] = useState(false);
  const [search, setSearch] = useState<{ value: string; label: string }[]>([]);

  const children = useCallback(async (parentCode: string) => {
    const rows = await http.get<RegionRow[]>(`${API}/lazy-tree`, { params: { parentCode } });
    return (Array.isArray(rows) ? rows : []).map(toNode);
  }, []);

  const reload = useCallback(
    async (parentCode: string) => {
      if (!parentCode || parentCode === ROOT) {
        setTree(await children(ROOT));
        setLoadedKeys([]);
        return;
      }
      const nodes = await children(parentCode);
      setTree((old) => replaceChildren(old, parentCode, nodes));
      setLoadedKeys((keys) => [...new Set([...keys, parentCode])]);
      setExpandedKeys((keys) => [...new Set([...keys, parentCode])]);
    },
    [children],
  );

  useEffect(() => {
    let live = true;
    children(ROOT)
      .then((nodes) => live && setTree(nodes))
      .catch(() => undefined)
      .finally(() => live && setTreeLoading(false));
    return () => {
      live = false;
    };
  }, [children]);

  const select = async (code: string) => {
    try {
      setSelected(await http.get<RegionRow>(`${API}/detail`, { params: { code } }));
    } catch {
      setSelected(null);
    }
  };

  const levelName = (v: unknown) => levels.find((l) => l.dictKey === String(v))?.dictValue ?? String(v ?? '');

  const openAdd = () =>
    setDialog({
      open: true,
      mode: 'add',
      record: {
        parentCode: selected?.code ?? ROOT,
        regionLevel: selected ? Math.min(Number(selected.regionLevel) + 1, 5) : 1,
        sort: 1,
      },
    });

  /** The region as saved now, in the edit dialog (after a conflict). */
  const reopen = async (code: string) => {
    const fresh = await http.get<RegionRow>(`${API}/detail`, { params: { code } });
    setSelected(fresh);
    setDialog({ open: true, mode: 'edit', record: { ...fresh } });
  };

  const save = async (values: Row) => {
    const mode = dialog.mode;
    if (mode === 'add') {
      // `submit` upserts by code: refuse to overwrite an existing region from the add dialog.
      const code = String(values.code ?? '');
      const page = await http.get<{ records?: RegionRow[] }>(`${API}/list`, { params: { code, size: 10 } });
      if ((page?.records ?? []).some((r) => r.code === code)) {
        const message = t('system.region.codeExists');
        toast.error(message);
        throw new Error(message);
      }
    }
    // An edit carries the version it was loaded at; if someone saved the region since, offer the saved one.
    const body: Row = mode === 'edit' ? withVersion({ ...values, code: dialog.record?.code }, dialog.record) : values;
    await http.post(`${API}/submit`, { data: body, silentCodes: CONFLICT_CODES }).catch((error: unknown) => {
      if (isConflict(error)) showConflict(modal, t, error, () => reopen(String(body.code)));
      throw error;
    });
    toast.success(t('crud.success'));
    setDialog({ open: false, mode });
    await queryClient.invalidateQueries({ queryKey: ['options', `${API}/select`] });
    await reload(String(body.parentCode || ROOT));
    if (mode === 'edit' && selected) await select(selected.code);
  };

  const remove = () => {
    if (!selected) {
      toast.warning(t('crud.selectOne'));
      return;
    }
    void modal.confirm({
      title: t('crud.confirm.title'),
      content: t('crud.confirm.delete'),
      okText: t('crud.confirm.ok'),
      cancelText: t('crud.confirm.cancel'),
      okButtonProps: { danger: true },
      onOk: async () => {
        try {
          await http.post(`${API}/remove`, { params: { id: selected.code } });
          toast.success(t('crud.success'));
          const parent = selected.parentCode || ROOT;
          setSelected(null);
          await reload(parent);
        } catch (error) {
          console.error(error);
        }
      },
    });
  };

  const searchRegions = async (text: string) => {
    if (!text.trim()) {
      setSearch([]);
      return;
    }
    const page = await http.get<{ records: RegionRow[] }>(`${API}/list`, { params: { name: text.trim(), size: 20 }, silent: true }).catch(() => undefined);
    setSearch((page?.records ?? []).map((r) => ({ value: r.code, label: `${r.name} (${r.code})` })));
  };

  const details = useMemo(
    () =>
      selected
        ? REGION_FIELDS.map((f) => ({
            key: f.key,
            label: label(f.label),
            children: f.key === 'regionLevel' ? levelName(selected.regionLevel) : String(selected[f.key] ?? '') || '-',
          }))
        : [],
    // eslint-disable-next-line react-hooks/exhaustive-deps
    [selected, label, levels],
  );

  return (
    <GridRow gutter={16}>
      {holder}
      <Col xs={24} md={8} xl={6}>
        <Card size="small" title={t('system.region.tree')} className="helio-side-tree">
          <AutoComplete
            options={search}
            onSearch={(v) => void searchRegions(v)}
            onSelect={(code: string) => void select(code)}
            style={{ width: '100%', marginBottom: 8 }}
          >
            <Input.Search allowClear placeholder={t('system.region.search')} />
          </AutoComplete>
          {treeLoading ? (
            <Spin />
          ) : tree.length === 0 ? (
            <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} />
          ) : (
            <Tree<RegionNode>
              treeData={tree}
              height={600}
              blockNode
              loadedKeys={loadedKeys}
              expandedKeys={expandedKeys}
              onExpand={(keys) => setExpandedKeys(keys.map(String))}
              onLoad={(keys) => setLoadedKeys(keys.map(String))}
              selectedKeys={selected ? [selected.code] : []}
              onSelect={(_keys, info) => void select(info.node.key)}
              loadData={async (node) => {
                const nodes = await children(node.key);
                setTree((old) => replaceChildren(old, node.key, nodes));
              }}
            />
          )}
        </Card>
      </Col>
      <Col xs={24} md={16} xl={18}>
        <Card>
          <Tabs
            items={[
              {
                key: 'region',
                label: t('system.region.info'),
                children: (
                  <>
                    <Space wrap style={{ marginBottom: 16 }}>
                      {has('region_add') && (
                        <Button type="primary" icon={<PlusOutlined />} onClick={openAdd}>
                          {selected ? t('system.region.addChild') : t('crud.action.add')}
                        </Button>
                      )}
                      {has('region_edit') && (
                        <Button icon={<EditOutlined />} disabled={!selected} onClick={() => selected && setDialog({ open: true, mode: 'edit', record: { ...selected } })}>
                          {t('crud.action.edit')}
                        </Button>
                      )}
                      {has('region_delete') && (
                        <Button danger icon={<DeleteOutlined />} disabled={!selected} onClick={remove}>
                          {t('crud.action.delete')}
                        </Button>
                      )}
                      {has('region_import') && (
                        <Button icon={<UploadOutlined />} onClick={() => setImporting(true)}>
                          {t('crud.action.import')}
                        </Button>
                      )}
                      {has('region_export') && (
                        <Button
                          icon={<DownloadOutlined />}
                          onClick={() => void downloadFile(`${API}/export-region`, selected ? { code: selected.code } : undefined, 'regions.xlsx').catch(() => undefined)}
                        >
                          {t('crud.action.export')}
                        </Button>
                      )}
                    </Space>
                    {selected ? (
                      <Descriptions bordered size="small" column={{ xs: 1, sm: 2 }} items={details} />
                    ) : (
                      <Empty description={t('system.region.pick')} />
                    )}
                  </>
                ),
              },
              { key: 'debug', label: t('system.region.debug'), children: <RegionCascade /> },
            ]}
          />
        </Card>
      </Col>
      <CrudFormDialog
        def={REGION_FORM}
        open={dialog.open}
        mode={dialog.mode}
        record={dialog.record}
        title={dialog.mode === 'add' ? t('crud.title.add') : t('crud.title.edit')}
        overrides={{
          parentCode: { disabled: true },
          parentName: { disabled: true },
          subCode: { disabled: true },
          code: { disabled: (mode) => mode !== 'add' },
        }}
        onSubmit={save}
        onClose={() => setDialog({ open: false, mode: dialog.mode })}
      />
      <ImportDialog
        open={importing}
        templateUrl={`${API}/export-template`}
        templateName="regions-template.xlsx"
        importUrl={`${API}/import-region`}
        columnLabels={Object.fromEntries(REGION_FIELDS.map((f) => [f.key, label(f.label)]))}
        onClose={() => setImporting(false)}
        onImported={() => void reload(ROOT)}
      />
    </GridRow>
  );
}
