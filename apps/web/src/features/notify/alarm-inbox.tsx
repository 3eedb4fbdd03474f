/**
 * The alarm part of the shell's bell: the caller's unread in-app alarm notifications, polled every 10 s (live without
 * reload). Opening one marks it read and goes to the alarm (`/alarm?id=…`).
 */
import { Empty, List, Space, Tag, Typography, theme } from 'antd';
import { useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import type { DataOf } from '@helio/contracts/api/endpoint';
import { inboxRead, inboxUnread } from '@helio/contracts/modules/notify/notify.api';
import { callEndpoint, useEndpoint } from '@/core/http/endpoint';

export const ALARM_INBOX_POLL_MS = 10_000;
type Item = DataOf<typeof inboxUnread>['records'][number];

/** The unread alarm notifications (count and newest), refreshed every 10 s; a failed call counts as none. */
export function useAlarmInbox() {
  const query = useEndpoint(inboxUnread, {}, { refetchInterval: ALARM_INBOX_POLL_MS });
  const queryClient = useQueryClient();
  const refresh = () => queryClient.invalidateQueries({ queryKey: ['endpoint', inboxUnread.url] });
  const markRead = async (ids: string[] | 'all') => {
    try {
      await callEndpoint(inboxRead, undefined, ids === 'all' ? { all: true } : { ids: ids.join(',') });
    } finally {
      void refresh();
    }
  };
  return { count: query.data?.count ?? 0, records: query.data?.records ?? [], refresh, markRead, refetch: query.refetch };
}

export function AlarmInboxList({ records, onOpen }: { records: Item[]; onOpen: (item: Item) => void }) {
  const { t } = useTranslation();
  // The secondary text colour (not antd's lighter "description" grey, below AA contrast).
  const { token } = theme.useToken();
  if (records.length === 0) return <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('notify.bell.empty')} />;
  return (
    <List
      size="small"
      dataSource={records}
      renderItem={(n) => (
        <List.Item key={n.id} className="helio-notice__item" onClick={() => onOpen(n)}>
          <List.Item.Meta
            title={
              <Typography.Link aria-label={n.title} onClick={(e) => e.preventDefault()}>
                {n.title}
              </Typography.Link>
            }
            description={
              <Space size={4} wrap style={{ color: token.colorTextSecondary }}>
                <Tag bordered={false}>
                  {t(`notify.kind.${n.kind}`, { defaultValue: n.kind })}
                </Tag>
                <span>{n.content}</span>
                <span>{n.createTime}</span>
              </Space>
            }
          />
        </List.Item>
      )}
    />
  );
}
