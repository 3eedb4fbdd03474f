/**
 * The role settings dialog (spec §2): three tabs — menu permissions (menus with their buttons), data permission,
 * interface permissions — loaded from `menu/grant-tree` and `menu/role-tree-keys`, saved with `role/grant`.
 */
import { useState } from 'react';
import { Button, Modal, Spin, Tabs } from 'antd';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { http } from '@/core/http/http';
import { toast } from '@/core/notify';
import '@/core/crud/locale';
import { GrantTree, knownIds } from './grant-tree';
import type { GrantNode } from './grant-tree';

interface GrantTrees {
  menu: GrantNode[];
  dataScope: GrantNode[];
  apiScope: GrantNode[];
}

interface GrantKeys {
  menu: string[];
  dataScope: string[];
  apiScope: string[];
}

export function RoleGrantDialog({ roleIds, onClose }: { roleIds: string[]; onClose(): void }) {
  const { t, i18n } = useTranslation();
  const trees = useQuery({
    queryKey: ['role-grant-tree', i18n.language],
    queryFn: () => http.get<GrantTrees>('/api/blade-system/menu/grant-tree'),
  });
  const keys = useQuery({
    queryKey: ['role-tree-keys', roleIds.join(',')],
    queryFn: () => http.get<GrantKeys>('/api/blade-system/menu/role-tree-keys', { params: { roleIds: roleIds.join(',') } }),
    gcTime: 0,
    staleTime: 0,
  });
  const ready = trees.data && keys.data;
  return (
    <Modal open title={t('system.role.grantTitle')} width={720} maskClosable={false} destroyOnHidden onCancel={onClose} footer={null}>
      {ready ? (
        <GrantForm roleIds={roleIds} trees={trees.data} keys={keys.data} onClose={onClose} />
      ) : (
        <div style={{ padding: 48, textAlign: 'center' }}>
          <Spin />
        </div>
      )}
    </Modal>
  );
}

function GrantForm({ roleIds, trees, keys, onClose }: { roleIds: string[]; trees: GrantTrees; keys: GrantKeys; onClose(): void }) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const [menu, setMenu] = useState(() => knownIds(keys.menu ?? [], trees.menu ?? []));
  const [dataScope, setDataScope] = useState(() => knownIds(keys.dataScope ?? [], trees.dataScope ?? []));
  const [apiScope, setApiScope] = useState(() => knownIds(keys.apiScope ?? [], trees.apiScope ?? []));
  const [saving, setSaving] = useState(false);

  const save = async () => {
    setSaving(true);
    try {
      await http.post('/api/blade-system/role/grant', { data: { roleIds, menuIds: menu, dataScopeIds: dataScope, apiScopeIds: apiScope } });
      toast.success(t('crud.success'));
      await queryClient.invalidateQueries({ queryKey: ['menu-routes'] });
      await queryClient.invalidateQueries({ queryKey: ['menu-buttons'] });
      onClose();
    } catch (error) {
      console.error(error);
    } finally {
      setSaving(false);
    }
  };

  return (
    <>
      <Tabs
        items={[
          { key: 'menu', label: t('system.role.tabMenu'), children: <GrantTree aria-label={t('system.role.tabMenu')} nodes={trees.menu ?? []} value={menu} onChange={setMenu} /> },
          {
            key: 'data',
            label: t('system.role.tabData'),
            children: <GrantTree aria-label={t('system.role.tabData')} nodes={trees.dataScope ?? []} value={dataScope} onChange={setDataScope} />,
          },
          {
            key: 'api',
            label: t('system.role.tabApi'),
            children: <GrantTree aria-label={t('system.role.tabApi')} nodes={trees.apiScope ?? []} value={apiScope} onChange={setApiScope} />,
          },
        ]}
      />
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
