import { lazy, Suspense } from 'react';
import { Badge, Button, Modal, Space, Spin, Tooltip } from 'antd';
import { BugOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { uploadBatches, useErrorLogStore } from '@/core/error-log/error-log-store';
import { http } from '@/core/http/http';
import { useShellStore } from './shell-store';
import { toast } from '@/core/notify';

/** The table (antd's Table is a large chunk) loads when the log is first opened, not with every page. */
const ErrorLogTable = lazy(() => import('./error-log-table').then((m) => ({ default: m.ErrorLogTable })));

/** Local error log: badge (up to 99), viewer, upload to the server and clear. */
export function ErrorLogButton() {
  const { t } = useTranslation();
  const [modal, modalHolder] = Modal.useModal();
  const logs = useErrorLogStore((s) => s.logs);
  const open = useShellStore((s) => s.errorLogOpen);
  const setShell = useShellStore((s) => s.set);

  const upload = () => {
    modal.confirm({
      title: t('errorlog.uploadConfirm'),
      okText: t('common.action.ok'),
      cancelText: t('common.action.cancel'),
      onOk: async () => {
        for (const batch of uploadBatches(useErrorLogStore.getState().logs)) {
          await http.post('/api/blade-log/error/upload', { data: batch });
        }
        useErrorLogStore.getState().clear();
        toast.success(t('errorlog.sent'));
      },
    });
  };

  const clear = () => {
    modal.confirm({
      title: t('errorlog.clearConfirm'),
      okText: t('common.action.ok'),
      cancelText: t('common.action.cancel'),
      onOk: () => {
        useErrorLogStore.getState().clear();
        toast.success(t('errorlog.cleared'));
      },
    });
  };

  return (
    <>
      {modalHolder}
      <Tooltip title={t('errorlog.title')}>
        <Badge count={logs.length} overflowCount={99} size="small" offset={[-4, 4]}>
          <Button
            type="text"
            className="helio-header__btn"
            aria-label={t('errorlog.title')}
            icon={<BugOutlined />}
            onClick={() => setShell({ errorLogOpen: true })}
          />
        </Badge>
      </Tooltip>
      <Modal
        title={t('errorlog.title')}
        open={open}
        onCancel={() => setShell({ errorLogOpen: false })}
        width={960}
        footer={
          <Space>
            <Button onClick={clear} disabled={logs.length === 0}>
              {t('errorlog.clear')}
            </Button>
            <Button type="primary" onClick={upload} disabled={logs.length === 0}>
              {t('errorlog.upload')}
            </Button>
          </Space>
        }
      >
        {open ? (
          <Suspense fallback={<Spin />}>
            <ErrorLogTable logs={logs} />
          </Suspense>
        ) : null}
      </Modal>
    </>
  );
}
