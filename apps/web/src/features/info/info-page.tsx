import { Card, Tabs } from 'antd';
import { useTranslation } from 'react-i18next';
import { PasswordForm } from './password-form';
import { ProfileForm } from './profile-form';

/** Personal info and password change. */
export function InfoPage() {
  const { t } = useTranslation();
  return (
    <Card>
      <Tabs
        items={[
          { key: 'info', label: t('info.tab.info'), children: <ProfileForm /> },
          { key: 'password', label: t('info.tab.password'), children: <PasswordForm /> },
        ]}
      />
    </Card>
  );
}
