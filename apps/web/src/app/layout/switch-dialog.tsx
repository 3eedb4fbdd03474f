import { Form, Modal, Select } from 'antd';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { refreshSession } from '@/core/auth/token-refresh';
import { useSessionStore } from '@/core/auth/session-store';
import { http } from '@/core/http/http';
import { queryClient } from '@/core/query-client';
import { useTabStore } from '@/core/tabs/tab-store';
import { useShellStore } from './shell-store';
import { toast } from '@/core/notify';

interface SwitchValues {
  deptId: string;
  roleId: string;
}

/** Switch department/role (switch mode only): both required; refreshes the token for the chosen pair. */
export function SwitchDialog() {
  const { t } = useTranslation();
  const open = useShellStore((s) => s.switchOpen);
  const setShell = useShellStore((s) => s.set);
  const user = useSessionStore((s) => s.user);
  const [form] = Form.useForm<SwitchValues>();
  const userId = user?.user_id;

  const depts = useQuery({
    queryKey: ['dept-select', userId],
    queryFn: () => http.get<{ id: string; deptName: string }[]>('/api/blade-system/dept/select', { params: { userId } }),
    enabled: open && Boolean(userId),
  });
  const roles = useQuery({
    queryKey: ['role-select', userId],
    queryFn: () => http.get<{ id: string; roleName: string }[]>('/api/blade-system/role/select', { params: { userId } }),
    enabled: open && Boolean(userId),
  });

  const onOk = async () => {
    const values = await form.validateFields();
    await refreshSession({ deptId: values.deptId, roleId: values.roleId });
    setShell({ switchOpen: false });
    useTabStore.getState().reset();
    await queryClient.invalidateQueries({ predicate: (q) => q.queryKey[0] !== 'public-settings' });
    toast.success(t('switch.success'));
  };

  return (
    <Modal
      title={t('switch.title')}
      open={open}
      onOk={() => void onOk().catch(() => undefined)}
      onCancel={() => setShell({ switchOpen: false })}
      okText={t('common.action.ok')}
      cancelText={t('common.action.cancel')}
      destroyOnHidden
      width={420}
    >
      <Form
        form={form}
        layout="vertical"
        initialValues={{ deptId: user?.dept_id?.split(',')[0], roleId: user?.role_id?.split(',')[0] }}
      >
        <Form.Item name="deptId" label={t('switch.dept')} rules={[{ required: true, message: t('switch.rule.dept') }]}>
          <Select
            loading={depts.isPending}
            options={(depts.data ?? []).map((d) => ({ value: d.id, label: d.deptName }))}
          />
        </Form.Item>
        <Form.Item name="roleId" label={t('switch.role')} rules={[{ required: true, message: t('switch.rule.role') }]}>
          <Select
            loading={roles.isPending}
            options={(roles.data ?? []).map((r) => ({ value: r.id, label: r.roleName }))}
          />
        </Form.Item>
      </Form>
    </Modal>
  );
}
