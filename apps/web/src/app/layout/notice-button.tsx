import { useState } from 'react';
import { Badge, Button, Empty, List, Modal, Popover, Space, Spin, Tabs, Tag, Tooltip, Typography } from 'antd';
import { BellOutlined } from '@ant-design/icons';
import { useNavigate } from 'react-router';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { NoticeContent } from '@/features/desk/notice-content';
import { AlarmInboxList, useAlarmInbox } from '@/features/notify/alarm-inbox';
import { useKeyboardPopover } from '@/core/a11y/keyboard-popover';
import { http } from '@/core/http/http';
import { NOTICE_UNREAD_KEY } from '@/core/notice';

interface Notice {
  id: string;
  title: string;
  category?: string | number;
  categoryName?: string;
  releaseTime?: string;
  content?: string;
}

/**
 * The shell's notice icon: the caller's unread released notices (`blade-desk/notice/unread`) and unread in-app alarm
 * notifications (features/notify, polled every 10 s), their sum as the badge, in two tabs. Opening a notice shows it
 * (`read?id=`, which also marks it read for the caller) and the badge drops; opening an alarm notification marks it
 * read and goes to the alarm (`/alarm?id=`); "mark all read" marks the open tab's. The footer leads to the alarm
 * subscriptions. An endpoint that does not exist (404) shows the empty state without a toast.
 */
export function NoticeButton() {
  const { t, i18n } = useTranslation();
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const alarms = useAlarmInbox();
  const popover = useKeyboardPopover();
  const { open, setOpen } = popover;
  const [tab, setTab] = useState<'alarms' | 'notices' | undefined>(undefined);
  const activeTab = tab ?? (alarms.count > 0 ? 'alarms' : 'notices');
  const [reading, setReading] = useState<{ id: string; notice?: Notice } | null>(null);
  const query = useQuery({
    queryKey: [NOTICE_UNREAD_KEY, i18n.language],
    queryFn: async () => {
      try {
        const data = await http.get<Notice[]>('/api/blade-desk/notice/unread', { silentCodes: [404] });
        return Array.isArray(data) ? data : [];
      } catch (e) {
        if ((e as { code?: number }).code === 404) return [];
        throw e;
      }
    },
    refetchInterval: 5 * 60_000,
  });
  const notices = query.data ?? [];
  const refresh = () => queryClient.invalidateQueries({ queryKey: [NOTICE_UNREAD_KEY] });

  const read = async (n: Notice) => {
    setOpen(false);
    setReading({ id: n.id });
    try {
      const notice = await http.post<Notice>('/api/blade-desk/notice/read', { params: { id: n.id } });
      setReading((r) => (r?.id === n.id ? { id: n.id, notice } : r));
    } catch {
      setReading(null);
    } finally {
      void refresh();
    }
  };

  const openAlarm = (item: { id: string; alarmId: string }) => {
    setOpen(false);
    void alarms.markRead([item.id]);
    navigate(`/alarm?id=${encodeURIComponent(item.alarmId)}`);
  };

  const readAll = async () => {
    if (activeTab === 'alarms') {
      await alarms.markRead('all');
      return;
    }
    if (notices.length === 0) return;
    try {
      await http.post('/api/blade-desk/notice/read', { params: { ids: notices.map((n) => n.id).join(',') } });
    } finally {
      void refresh();
    }
  };

  const noticeList = (
    <>
      {notices.length === 0 ? (
        <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('notice.empty')} />
      ) : (
        <List
          size="small"
          dataSource={notices}
          renderItem={(n) => (
            <List.Item key={n.id} className="helio-notice__item" onClick={() => void read(n)}>
              <List.Item.Meta
                title={
                  <Typography.Link aria-label={n.title} onClick={(e) => e.preventDefault()}>
                    {n.title}
                  </Typography.Link>
                }
                description={
                  <Space size={4} wrap>
                    {n.categoryName ? <Tag bordered={false}>{n.categoryName}</Tag> : null}
                    <span>{n.releaseTime}</span>
                  </Space>
                }
              />
            </List.Item>
          )}
        />
      )}
    </>
  );
  const content = (
    <div className="helio-notice">
      <Tabs
        size="small"
        activeKey={activeTab}
        onChange={(k) => setTab(k as 'alarms' | 'notices')}
        items={[
          { key: 'alarms', label: `${t('notify.bell.alarms')} (${alarms.count})`, children: <AlarmInboxList records={alarms.records} onOpen={openAlarm} /> },
          { key: 'notices', label: `${t('notify.bell.notices')} (${notices.length})`, children: noticeList },
        ]}
      />
      <div style={{ textAlign: 'right' }}>
        <Button
          type="link"
          size="small"
          onClick={() => {
            setOpen(false);
            navigate('/notify/subscription');
          }}
        >
          {t('notify.bell.subscriptions')}
        </Button>
      </div>
    </div>
  );
  const unreadShown = activeTab === 'alarms' ? alarms.count : notices.length;

  const shown = reading?.notice;
  return (
    <>
      <Popover
        trigger="click"
        placement="bottomRight"
        open={open}
        classNames={{ root: popover.popupClass }}
        onOpenChange={(next) => {
          setOpen(next);
          if (next) {
            void query.refetch();
            void alarms.refetch();
          }
        }}
        title={
          <div className="helio-notice__head">
            <span>{t('notice.title')}</span>
            {unreadShown > 0 ? (
              <Button type="link" size="small" onClick={() => void readAll()}>
                {t('notice.readAll')}
              </Button>
            ) : null}
          </div>
        }
        content={content}
      >
        {/* No tooltip over the open list (it would cover "mark all read"). */}
        <Tooltip title={t('notice.title')} open={open ? false : undefined}>
          <Badge count={notices.length + alarms.count} overflowCount={99} size="small" offset={[-4, 4]}>
            <Button
              ref={popover.triggerRef}
              type="text"
              className="helio-header__btn"
              aria-label={t('notice.title')}
              icon={<BellOutlined />}
            />
          </Badge>
        </Tooltip>
      </Popover>
      <Modal
        open={reading !== null}
        title={shown?.title ?? t('notice.title')}
        width={720}
        onCancel={() => setReading(null)}
        footer={[
          <Button key="close" type="primary" onClick={() => setReading(null)}>
            {t('notice.close')}
          </Button>,
        ]}
        destroyOnHidden
      >
        {shown ? (
          <>
            <Space size={8} style={{ marginBottom: 12 }} wrap>
              {shown.categoryName ? <Tag color="blue">{shown.categoryName}</Tag> : null}
              <Typography.Text type="secondary">{t('notice.releasedAt', { time: shown.releaseTime ?? '' })}</Typography.Text>
            </Space>
            <NoticeContent html={shown.content ?? ''} />
          </>
        ) : (
          <div style={{ padding: 32, textAlign: 'center' }}>
            <Spin />
          </div>
        )}
      </Modal>
    </>
  );
}
