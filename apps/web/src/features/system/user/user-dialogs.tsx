/** Dialogs of the user screen: grant roles, platform settings. */
import { useMemo } from 'react';
import { Form, Input, Select, TreeSelect } from 'antd';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { useDict } from '@/core/crud/dict';
import { FormDialog } from '@/core/crud/form-dialog';
import { useOptionSources, optionSourceKey } from '@/core/crud/options';
import type { Row } from '@/core/crud/use-crud-resource';
import { http } from '@/core/http/http';


/** Set the roles of the selected users (`user/grant`). */
export function GrantRoleDialog({ users, onClose, onDone }: { users: Row[]; onClose(): void; onDone(): void }) {
  const { t } = useTranslation();
  // The roles of the users' tenant (a platform administrator may have picked users of another tenant).
  const tenant = users[0]?.tenantId ? String(users[0].tenantId) : '';
  const source = useMemo(() => ({ url: `/api/blade-system/role/tree${tenant ? `?tenantId=${encodeURIComponent(tenant)}` : ''}` }), [tenant]);
  const sources = useMemo(() => [source], [source]);
  const roles = useOptionSources(sources)[optionSourceKey(source)] ?? [];
  const initial = users.length === 1 ? String(users[0]?.roleId ?? '').split(',').filter(Boolean) : [];
  return (
    <FormDialog<{ roleIds: string[] }>
      open
      title={t('system.user.grantRoles')}
      initialValues={{ roleIds: initial }}
      onClose={onClose}
      onSubmit={async (v) => {
        await http.post('/api/blade-system/user/grant', {
          data: { userIds: users.map((u) => String(u.id)).join(','), roleIds: v.roleIds.join(',') },
        });
        onDone();
      }}
    >
      <Form.Item name="roleIds" label={t('system.user.roles')} rules={[{ required: true, message: t('system.user.rule.roles') }]}>
        <TreeSelect
          multiple
          allowClear
          showSearch
          treeNodeFilterProp="title"
          treeDefaultExpandAll
          treeData={roles}
          fieldNames={{ label: 'title', value: 'value', children: 'children' }}
          placeholder={t('system.user.roles')}
        />
      </Form.Item>
    </FormDialog>
  );
}

interface PlatformDetail {
  userType?: number;
  userExt?: string;
}

/** Platform data of a user (`platform-detail`, `update-platform`). */
export function PlatformDialog({ user, onClose, onDone }: { user: Row; onClose(): void; onDone(): void }) {
  const { t } = useTranslation();
  const types = useDict('user_type');
  const detail = useQuery({
    queryKey: ['user-platform', String(user.id)],
    queryFn: () => http.get<PlatformDetail>('/api/blade-system/user/platform-detail', { params: { id: String(user.id) } }),
    gcTime: 0,
    staleTime: 0,
  });
  return (
    <FormDialog<{ userType: number; userExt?: string }>
      open
      title={t('system.user.platform')}
      initialValues={detail.isPending ? undefined : { userType: Number(detail.data?.userType ?? user.userType ?? 1), userExt: detail.data?.userExt ?? '' }}
      onClose={onClose}
      onSubmit={async (v) => {
        await http.post('/api/blade-system/user/update-platform', {
          params: { userId: String(user.id), userType: v.userType, userExt: v.userExt ?? '' },
        });
        onDone();
      }}
    >
      <Form.Item label={t('system.user.field.account')}>
        <Input value={String(user.account ?? '')} disabled />
      </Form.Item>
      <Form.Item name="userType" label={t('system.user.field.userType')} rules={[{ required: true, message: t('system.user.rule.userType') }]}>
        <Select options={types.map((i) => ({ value: Number(i.dictKey), label: i.dictValue }))} />
      </Form.Item>
      <Form.Item name="userExt" label={t('system.user.userExt')} extra={t('system.user.userExtHint')} rules={[{ max: 255, message: t('system.user.rule.userExt') }]}>
        <Input.TextArea autoSize={{ minRows: 3, maxRows: 8 }} />
      </Form.Item>
    </FormDialog>
  );
}
