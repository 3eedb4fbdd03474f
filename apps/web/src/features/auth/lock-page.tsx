import { useRef, useState } from 'react';
import { Avatar, Button, Form, Input } from 'antd';
import { useTranslation } from 'react-i18next';
import { Navigate, useNavigate } from 'react-router';
import { logout } from '@/core/auth/session';
import { useSessionStore } from '@/core/auth/session-store';
import { WEBSITE } from '@/core/config';
import { AuthLayout } from './auth-layout';

/** Lock screen: unlock with the lock password held for this session, or log out. */
export function LockPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const user = useSessionStore((s) => s.user);
  const locked = useSessionStore((s) => s.locked);
  const unlocking = useRef(false);
  const [error, setError] = useState<string>();
  const name = user?.nick_name || user?.real_name || user?.account || '';

  const onFinish = ({ password }: { password: string }) => {
    const state = useSessionStore.getState();
    if (password !== state.lockPassword) {
      setError(t('lock.wrongPassword'));
      return;
    }
    const back = state.lockFrom || WEBSITE.firstPage;
    unlocking.current = true;
    state.unlock();
    void navigate(back, { replace: true });
  };

  // Nothing is locked (opened by hand): go on to the console.
  if (!locked && !unlocking.current) return <Navigate to={WEBSITE.firstPage} replace />;

  return (
    <AuthLayout title={t('lock.title')}>
      <div style={{ textAlign: 'center', marginBottom: 16 }}>
        <Avatar size={64} src={user?.avatar || undefined} alt={name}>
          {name.slice(0, 1).toUpperCase()}
        </Avatar>
        <div style={{ marginTop: 8, fontWeight: 500 }}>{name}</div>
      </div>
      <Form layout="vertical" requiredMark={false} onFinish={onFinish}>
        <Form.Item
          name="password"
          label={t('lock.password')}
          validateStatus={error ? 'error' : undefined}
          help={error}
          rules={[{ required: true, message: t('lock.rule.password') }]}
        >
          <Input.Password autoFocus autoComplete="off" onChange={() => setError(undefined)} />
        </Form.Item>
        <Form.Item>
          <Button type="primary" htmlType="submit" block>
            {t('lock.unlock')}
          </Button>
        </Form.Item>
        <Button type="link" block onClick={() => void logout()}>
          {t('lock.logout')}
        </Button>
      </Form>
    </AuthLayout>
  );
}
