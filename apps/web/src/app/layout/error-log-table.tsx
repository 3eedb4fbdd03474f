import { Table } from 'antd';
import { useTranslation } from 'react-i18next';
import type { ErrorLogEntry } from '@/core/error-log/error-log-store';

/** The error log viewer's table: a row per entry, its stack and component info expandable. */
export function ErrorLogTable({ logs }: { logs: ErrorLogEntry[] }) {
  const { t } = useTranslation();
  return (
    <Table<ErrorLogEntry>
      size="small"
      rowKey={(r, i) => `${r.time}-${i ?? 0}`}
      dataSource={logs}
      pagination={{ pageSize: 10, showSizeChanger: false }}
      scroll={{ x: 800 }}
      expandable={{
        expandedRowRender: (r) => <pre className="helio-errorlog__stack">{`${r.stack}\n${r.info}`}</pre>,
      }}
      columns={[
        { title: t('errorlog.type'), dataIndex: 'type', width: 80 },
        { title: t('errorlog.url'), dataIndex: 'url', width: 240, ellipsis: true },
        { title: t('errorlog.message'), dataIndex: 'message', ellipsis: true },
        { title: t('errorlog.time'), dataIndex: 'time', width: 170 },
      ]}
    />
  );
}
