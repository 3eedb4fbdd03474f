import { Avatar, Dropdown, Modal } from 'antd';
import type { MenuProps } from 'antd';
import { LogoutOutlined, SwapOutlined, UserOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { logout } from '@/core/auth/session';
import { useSessionStore } from '@/core/auth/session-store';
import { usePublicSettings } from '@/core/settings/use-public-settings';
import { useShellStore } from './shell-store';

export function UserDropdown({ compact }: { compact: boolean }) {
  const { t } = useTranslation();
  const [modal, modalHolder] = Modal.useModal();
  const navigate = useNavigate();
  const user = useSessionStore((s) => s.user);
  const { settings } = usePublicSettings();
  const setShell = useShellStore((s) => s.set);
  const name = user?.nick_name || user?.real_name || user?.account || '';

  const items: MenuProps['items'] = [
    { key: 'info', icon: <UserOutlined />, label: t('header.userInfo') },
    ...(settings.switchMode ? [{ key: 'switch', icon: <SwapOutlined />, label: t('header.switch') }] : []),
    { type: 'divider' as const },
    { key: 'logout', icon: <LogoutOutlined />, label: t('header.logout'), danger: true },
  ];

  const onClick: MenuProps['onClick'] = ({ key }) => {
    if (key === 'info') void navigate('/info/index');
    else if (key === 'switch') setShell({ switchOpen: true });
    else if (key === 'logout') {
      modal.confirm({
        title: t('header.logoutConfirm'),
        okText: t('common.action.ok'),
        cancelText: t('common.action.cancel'),
        onOk: () => logout(),
      });
    }
  };

  return (
    <>
      {modalHolder}
      <Dropdown menu={{ items, onClick }} trigger={['click']} placement="bottomRight">
        <button
          type="button"
          className="helio-header__user"
          aria-label={compact ? t('header.userMenu') : `${name} ${t('header.userMenu')}`}
          title={t('header.userMenu')}
        >
          <Avatar size="small" src={user?.avatar || undefined} alt="" icon={<UserOutlined />} />
          {compact ? null : <span className="helio-header__username">{name}</span>}
        </button>
      </Dropdown>
    </>
  );
}
