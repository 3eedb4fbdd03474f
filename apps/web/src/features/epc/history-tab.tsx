/**
 * The order's review history as a timeline, newest first: who (and in which role) did what at which stage — submit,
 * approve, reject back to a stage, a cancel or edit request and its examination — with the comment, the attachments
 * (downloaded with the session), the time and the days the stage had lasted when it was left.
 */
import { Button, Empty, Space, Tag, Timeline, Typography } from 'antd';
import { PaperClipOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { downloadFile } from '@/core/http/download';
import { roleName, stageName, type HistoryRow, type OrderDetail } from './api';

const download = (id: string) => void downloadFile('/api/blade-resource/attach/download', { id }, id).catch(() => undefined);

const COLOR: Record<string, string> = { reject: 'red', cancel: 'red', approve: 'green', submit: 'blue', assign: 'blue', examine: 'orange', edit: 'orange' };

/** What a row did, in words: "Rejected back to Survey", "Approved the cancel request", "Submitted". */
export function useActionText(process?: string | null) {
  const { t, i18n } = useTranslation();
  return (h: HistoryRow) => {
    const to = stageName(h.toStage, i18n.language, process);
    if (h.action === 'examine') return t(`epc.history.examine.${h.approved ? 'approved' : 'refused'}`, { request: t(`epc.history.request.${h.request ?? 'cancel'}`) });
    if (h.action === 'reject') return h.stage === h.toStage ? t('epc.history.rejectSelf') : t('epc.history.rejectTo', { stage: to });
    if ((h.action === 'cancel' || h.action === 'edit') && h.stage === h.toStage) return t(`epc.history.request.${h.action}Asked`);
    if (h.action === 'submit' && h.stage === h.toStage) return t('epc.history.submitReview');
    const base = t(`epc.history.action.${h.action}`, { defaultValue: h.action });
    return h.stage !== h.toStage ? t('epc.history.movedTo', { action: base, stage: to }) : base;
  };
}

function Entry({ h, process }: { h: HistoryRow; process: string | null | undefined }) {
  const { t, i18n } = useTranslation();
  const text = useActionText(process);
  return (
    <div data-testid="epc-history-entry">
      <Space size={[8, 0]} wrap>
        <Typography.Text strong>{stageName(h.stage, i18n.language, process)}</Typography.Text>
        <Tag color={COLOR[h.action]}>{text(h)}</Tag>
        <Typography.Text type="secondary">{h.createTime}</Typography.Text>
      </Space>
      <div>
        {t('epc.history.by', { name: h.userName ?? h.userId, role: roleName(h.role, i18n.language, process) })}
        {h.dwellDays !== null && <> · {t('epc.history.dwell', { n: h.dwellDays })}</>}
      </div>
      {h.comment && (
        <div>
          {t('epc.history.comment')}
          {h.comment}
        </div>
      )}
      {h.attachments.length > 0 && (
        <Space size={[4, 0]} wrap>
          {h.attachments.map((id, i) => (
            <Button key={id} type="link" size="small" icon={<PaperClipOutlined />} onClick={() => download(id)} aria-label={t('epc.history.attachment', { n: i + 1 })}>
              {t('epc.history.attachment', { n: i + 1 })}
            </Button>
          ))}
        </Space>
      )}
    </div>
  );
}

export function HistoryTab({ detail }: { detail: OrderDetail }) {
  const { t } = useTranslation();
  if (!detail.history.length) return <Empty description={t('epc.history.none')} />;
  const rows = [...detail.history].reverse();
  return (
    <section aria-label={t('epc.tab.history')} data-testid="epc-order-history">
      <Timeline items={rows.map((h) => ({ key: h.id, color: COLOR[h.action] ?? 'gray', children: <Entry h={h} process={detail.order?.process} /> }))} />
    </section>
  );
}
