import { Form, Input, Modal } from 'antd';
import { useTranslation } from 'react-i18next';
import { useLocation, useNavigate } from 'react-router';
import { useSessionStore } from '@/core/auth/session-store';
import { WEBSITE } from '@/core/config';
import { useShellStore } from './shell-store';

/** Set the lock password (required) and lock the screen. */
export function LockDialog() {
  const { t } = useTranslation();
  const open = useShellStore((s) => s.lockOpen);
  const setShell = useShellStore((s) => s.set);
  const navigate = useNavigate();
  const location = useLocation();
  const [form] = Form.useForm<{ password: string }>();

  const onOk = async () => {
    const { password } = await form.validateFields();
    useSessionStore.getState().lock(password, `${location.pathname}${location.search}`);
    setShell({ lockOpen: false });
    form.resetFields();
    void navigate(WEBSITE.lockPage, { replace: true });
  };

  return (
    <Modal
      title={t('lock.set')}
      open={open}
      onOk={() => void onOk().catch(() => undefined)}
      onCancel={() => setShell({ lockOpen: false })}
      okText={t('lock.lockNow')}
      cancelText={t('common.action.cancel')}
      destroyOnHidden
      width={400}
    >
      <Form form={form} layout="vertical" requiredMark={false} onFinish={() => void onOk()}>
        <Form.Item
          name="password"
          label={t('lock.password')}
          rules={[{ required: true, whitespace: true, message: t('lock.rule.password') }]}
        >
          <Input.Password autoFocus autoComplete="off" />
        </Form.Item>
      </Form>
    </Modal>
  );
}
