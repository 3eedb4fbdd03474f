/**
 * What the offline queue holds for one scope (an order), above its form: "waiting to sync" (or "syncing…") for a kept
 * step, "synced" once sent, and a refusal after sync with the server's message and the choice to put the kept form
 * back or drop it. `OfflineBadge` is the small count for a header or list ("2 waiting to sync", or "offline").
 */
import { Alert, Button, Space, Tag } from 'antd';
import { CloudSyncOutlined, DisconnectOutlined } from '@ant-design/icons';
import dayjs from 'dayjs';
import { useTranslation } from 'react-i18next';
import { offlineQueue, type QueueEntry } from './queue';
import { useOnline, useQueue } from './use-offline';

const time = (at: number) => dayjs(at).format('YYYY-MM-DD HH:mm:ss');

export interface OfflineStatusProps {
  scope: string;
  /** The kept step's payload back into the form (a refused entry); the entry is then removed. */
  onRestore?: (entry: QueueEntry) => void;
}

export function OfflineStatus({ scope, onRestore }: OfflineStatusProps) {
  const { t } = useTranslation();
  const { entries, synced } = useQueue(scope);
  const on = useOnline();
  if (!entries.length) {
    return synced ? (
      <Alert type="success" showIcon data-testid="offline-synced" message={t('offline.synced')} description={t('offline.syncedDetail', { at: time(synced.at) })} style={{ marginBottom: 12 }} />
    ) : null;
  }
  return (
    <Space direction="vertical" style={{ width: '100%', marginBottom: 12 }}>
      {entries.map((e) =>
        e.status === 'refused' ? (
          <Alert
            key={e.id}
            type="error"
            showIcon
            role="alert"
            data-testid="offline-refused"
            message={t('offline.refused')}
            description={t('offline.refusedDetail', { message: e.error ?? '' })}
            action={
              <Space direction="vertical">
                {onRestore && (
                  <Button size="small" type="primary" onClick={() => onRestore(e)}>
                    {t('offline.restore')}
                  </Button>
                )}
                <Button size="small" danger onClick={() => offlineQueue.remove(e.id)}>
                  {t('offline.discard')}
                </Button>
              </Space>
            }
          />
        ) : (
          <Alert
            key={e.id}
            type="warning"
            showIcon
            icon={<CloudSyncOutlined />}
            role="status"
            data-testid="offline-waiting"
            data-submission={e.id}
            message={e.status === 'sending' ? t('offline.sending') : t('offline.waiting')}
            description={t('offline.waitingDetail', { at: time(e.createdAt) })}
            action={
              on ? (
                <Button size="small" onClick={() => void offlineQueue.flush()}>
                  {t('offline.retry')}
                </Button>
              ) : undefined
            }
          />
        ),
      )}
    </Space>
  );
}

/** A small tag: the count waiting to sync, or "offline" when nothing waits and the browser is offline. */
export function OfflineBadge() {
  const { t } = useTranslation();
  const { entries } = useQueue();
  const on = useOnline();
  const waiting = entries.filter((e) => e.status !== 'refused').length;
  if (waiting) {
    return (
      <Tag color="warning" icon={<CloudSyncOutlined />} data-testid="offline-badge" role="status">
        {t('offline.badge', { count: waiting })}
      </Tag>
    );
  }
  if (!on) {
    return (
      <Tag icon={<DisconnectOutlined />} data-testid="offline-badge" role="status">
        {t('offline.offline')}
      </Tag>
    );
  }
  return null;
}
