/** Top menus on the generic screen, plus "menu settings": which menus a top menu shows. */
import { useState } from 'react';
import { Button, Modal, Spin } from 'antd';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { topMenuResource } from '@helio/contracts/modules/menu/menu.resource';
import { CrudPage } from '@/core/crud/crud-page';
import type { CrudContext, FieldOverride } from '@/core/crud/crud-page';
import type { Row } from '@/core/crud/use-crud-resource';
import { http } from '@/core/http/http';
import { toast } from '@/core/notify';
import { GrantTree, knownIds } from '@/features/authority/grant-tree';
import type { GrantNode } from '@/features/authority/grant-tree';
import { IconCell, IconSelect } from './icon-select';

const FIELDS: Record<string, FieldOverride> = {
  source: { render: (v) => <IconCell name={v} />, widget: ({ disabled, placeholder }) => <IconSelect disabled={disabled} placeholder={placeholder} /> },
};

export function TopMenuPage() {
  const { t } = useTranslation();
  const [grant, setGrant] = useState<string | null>(null);
  const rowActions = (row: Row, ctx: CrudContext) =>
    ctx.has('setting') && (
      <Button type="link" size="small" onClick={() => setGrant(String(row.id))}>
        {t('system.topmenu.grant')}
      </Button>
    );
  return (
    <>
      <CrudPage resource={topMenuResource} fields={FIELDS} rowActions={rowActions} />
      {grant && <TopMenuGrantDialog topMenuId={grant} onClose={() => setGrant(null)} />}
    </>
  );
}

function TopMenuGrantDialog({ topMenuId, onClose }: { topMenuId: string; onClose(): void }) {
  const { t, i18n } = useTranslation();
  const tree = useQuery({
    queryKey: ['topmenu-grant-tree', i18n.language],
    queryFn: () => http.get<{ menu: GrantNode[] }>('/api/blade-system/menu/grant-top-tree'),
  });
  const keys = useQuery({
    queryKey: ['topmenu-tree-keys', topMenuId],
    queryFn: () => http.get<{ menu: string[] }>('/api/blade-system/menu/top-tree-keys', { params: { topMenuIds: topMenuId } }),
    gcTime: 0,
    staleTime: 0,
  });
  return (
    <Modal open title={t('system.topmenu.grant')} width={560} maskClosable={false} destroyOnHidden onCancel={onClose} footer={null}>
      {tree.data && keys.data ? (
        <GrantBody topMenuId={topMenuId} nodes={tree.data.menu ?? []} saved={keys.data.menu ?? []} onClose={onClose} />
      ) : (
        <div style={{ padding: 48, textAlign: 'center' }}>
          <Spin />
        </div>
      )}
    </Modal>
  );
}

function GrantBody({ topMenuId, nodes, saved, onClose }: { topMenuId: string; nodes: GrantNode[]; saved: string[]; onClose(): void }) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const [value, setValue] = useState(() => knownIds(saved, nodes));
  const [saving, setSaving] = useState(false);
  const save = async () => {
    setSaving(true);
    try {
      await http.post('/api/blade-system/topmenu/grant', { data: { topMenuIds: topMenuId, menuIds: value.join(',') } });
      toast.success(t('crud.success'));
      await queryClient.invalidateQueries({ queryKey: ['menu-routes'] });
      onClose();
    } catch (error) {
      console.error(error);
    } finally {
      setSaving(false);
    }
  };
  return (
    <>
      <GrantTree aria-label={t('system.topmenu.grant')} nodes={nodes} value={value} onChange={setValue} />
      <div className="ant-modal-footer">
        <Button onClick={onClose} disabled={saving}>
          {t('crud.action.cancel')}
        </Button>
        <Button type="primary" loading={saving} onClick={() => void save()}>
          {t('crud.action.save')}
        </Button>
      </div>
    </>
  );
}
