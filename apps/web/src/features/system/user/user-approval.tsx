/** Approve registrations waiting for it (`user/approve`), optionally giving them roles; reject is a confirm. */
import { useMemo } from 'react';
import { Alert, Form, TreeSelect } from 'antd';
import { useTranslation } from 'react-i18next';
import { FormDialog } from '@/core/crud/form-dialog';
import { optionSourceKey, useOptionSources } from '@/core/crud/options';
import type { Row } from '@/core/crud/use-crud-resource';
import { http } from '@/core/http/http';

/** `blade_user.status` of a registration waiting for approval. */
export const PENDING_STATUS = 2;

export function ApproveDialog({ users, onClose, onDone }: { users: Row[]; onClose(): void; onDone(): void }) {
  const { t } = useTranslation();
  const tenant = users[0]?.tenantId ? String(users[0].tenantId) : '';
  const source = useMemo(() => ({ url: `/api/blade-system/role/tree${tenant ? `?tenantId=${encodeURIComponent(tenant)}` : ''}` }), [tenant]);
  const sources = useMemo(() => [source], [source]);
  const roles = useOptionSources(sources)[optionSourceKey(source)] ?? [];
  return (
    <FormDialog<{ roleIds?: string[] }>
      open
      title={t('system.user.approval.title')}
      okText={t('system.user.approval.approve')}
      initialValues={{ roleIds: [] }}
      onClose={onClose}
      onSubmit={async (v) => {
        await http.post('/api/blade-system/user/approve', {
          data: { userIds: users.map((u) => String(u.id)).join(','), roleIds: (v.roleIds ?? []).join(',') },
        });
        onDone();
      }}
    >
      <Alert type="info" showIcon style={{ marginBottom: 16 }} message={t('system.user.approval.hint', { accounts: users.map((u) => String(u.account ?? '')).join(', ') })} />
      <Form.Item name="roleIds" label={t('system.user.roles')}>
        <TreeSelect
          multiple
          allowClear
          showSearch
          treeNodeFilterProp="title"
          treeDefaultExpandAll
          treeData={roles}
          fieldNames={{ label: 'title', value: 'value', children: 'children' }}
          placeholder={t('system.user.approval.rolesOptional')}
        />
      </Form.Item>
    </FormDialog>
  );
}
