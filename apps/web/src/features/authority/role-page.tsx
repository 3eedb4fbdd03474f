/** Roles: a tree per tenant on the generic screen, plus the settings dialog (menus, data scopes, API scopes). */
import { useState } from 'react';
import { Button } from 'antd';
import { SettingOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { roleResource } from '@helio/contracts/modules/role/role.resource';
import { CrudPage } from '@/core/crud/crud-page';
import type { CrudContext } from '@/core/crud/crud-page';
import type { Row } from '@/core/crud/use-crud-resource';
import { toast } from '@/core/notify';
import { RoleGrantDialog } from './role-grant-dialog';

export function RolePage() {
  const { t } = useTranslation();
  const [grant, setGrant] = useState<string[] | null>(null);
  const toolbar = (ctx: CrudContext) =>
    ctx.has('setting') && (
      <Button
        icon={<SettingOutlined />}
        onClick={() => {
          if (ctx.selectedKeys.length === 0) toast.warning(t('crud.selectOne'));
          else setGrant(ctx.selectedKeys);
        }}
      >
        {t('system.role.grant')}
      </Button>
    );
  const rowActions = (row: Row, ctx: CrudContext) =>
    ctx.has('setting') && (
      <Button type="link" size="small" onClick={() => setGrant([String(row.id)])}>
        {t('system.role.grant')}
      </Button>
    );
  return (
    <>
      <CrudPage resource={roleResource} selectable toolbar={toolbar} rowActions={rowActions} />
      {grant && <RoleGrantDialog roleIds={grant} onClose={() => setGrant(null)} />}
    </>
  );
}
