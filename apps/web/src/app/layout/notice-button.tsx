import { Badge, Button, Empty, List, Popover, Tooltip } from 'antd';
import { BellOutlined } from '@ant-design/icons';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { http } from '@/core/http/http';

interface Notice {
  id: string;
  title: string;
  category?: string | number;
  releaseTime?: string;
}

/** Unread notices; an endpoint that does not exist yet (404) shows the empty state without a toast. */
export function NoticeButton() {
  const { t, i18n } = useTranslation();
  const query = useQuery({
    queryKey: ['notice-unread', i18n.language],
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
  const content = (
    <div className="helio-notice">
      {notices.length === 0 ? (
        <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('notice.empty')} />
      ) : (
        <List
          size="small"
          dataSource={notices}
          renderItem={(n) => (
            <List.Item key={n.id}>
              <List.Item.Meta title={n.title} description={n.releaseTime} />
            </List.Item>
          )}
        />
      )}
    </div>
  );
  return (
    <Popover trigger="click" placement="bottomRight" title={t('notice.title')} content={content}>
      <Tooltip title={t('notice.title')}>
        <Badge count={notices.length} overflowCount={99} size="small" offset={[-4, 4]}>
          <Button type="text" className="helio-header__btn" aria-label={t('notice.title')} icon={<BellOutlined />} />
        </Badge>
      </Tooltip>
    </Popover>
  );
}
