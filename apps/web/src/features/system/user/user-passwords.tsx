/**
 * Generated passwords, shown once (issue 11 item 6): after creating a user without a password and after a password
 * reset. Nothing can show them again; each user must change its password at the first sign-in.
 */
import { Alert, Button, Modal, Table, Typography } from 'antd';
import { CopyOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import '@/core/crud/locale';
import { toast } from '@/core/notify';

export interface IssuedPassword {
  account: string;
  password: string;
}

export function IssuedPasswordsModal({ items, onClose }: { items: IssuedPassword[]; onClose(): void }) {
  const { t } = useTranslation();
  const copyAll = async () => {
    try {
      await navigator.clipboard.writeText(items.map((i) => `${i.account}\t${i.password}`).join('\n'));
      toast.success(t('system.user.issued.copied'));
    } catch {
      toast.error(t('system.user.issued.copyFailed'));
    }
  };
  return (
    <Modal
      open
      title={t('system.user.issued.title')}
      maskClosable={false}
      keyboard={false}
      onCancel={onClose}
      footer={[
        items.length > 1 ? (
          <Button key="copy" icon={<CopyOutlined />} onClick={() => void copyAll()}>
            {t('system.user.issued.copyAll')}
          </Button>
        ) : null,
        <Button key="close" type="primary" onClick={onClose}>
          {t('system.user.issued.done')}
        </Button>,
      ]}
    >
      <Alert type="warning" showIcon style={{ marginBottom: 16 }} message={t('system.user.issued.once')} />
      <Table<IssuedPassword>
        size="small"
        rowKey="account"
        pagination={false}
        dataSource={items}
        columns={[
          { title: t('system.user.field.account'), dataIndex: 'account' },
          {
            title: t('system.user.issued.password'),
            dataIndex: 'password',
            render: (value: string) => (
              <Typography.Text code copyable={{ text: value, tooltips: [t('system.user.issued.copy'), t('system.user.issued.copied')] }}>
                {value}
              </Typography.Text>
            ),
          },
        ]}
      />
    </Modal>
  );
}
