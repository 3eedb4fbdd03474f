/** Small pieces the order screens share. */
import { Space, Tag } from 'antd';
import { useTranslation } from 'react-i18next';
import { stageName, subStatusName, type OrderRow } from './api';

/** The stage of a row (named from its order's definition in the UI language), its sub-status and a pending request. */
export function Progress({ row }: { row: Pick<OrderRow, 'stage' | 'subStatus' | 'pending'> & { process?: string | null } }) {
  const { t, i18n } = useTranslation();
  const sub = subStatusName(row.stage, row.subStatus, i18n.language, row.process);
  return (
    <Space size={4} wrap>
      <span>{stageName(row.stage, i18n.language, row.process)}</span>
      {sub && <Tag>{sub}</Tag>}
      {row.pending && <Tag color="warning">{t(`epc.pending.${row.pending === 'edit' ? 'edit' : 'cancel'}`)}</Tag>}
    </Space>
  );
}
