import { useState } from 'react';
import { Button, Card, Space, Typography } from 'antd';
import { ProTable } from '@ant-design/pro-components';
import { ProProvider } from '@/core/crud/pro-provider';
import { useTranslation } from 'react-i18next';
import { WEBSITE } from '@/core/config';

interface Row {
  id: number;
  sn: string;
  power: number;
}

const ROWS: Row[] = Array.from({ length: 42 }, (_, i) => ({
  id: i + 1,
  sn: `HS${String(100000 + i * 37)}`,
  power: Math.round((3 + ((i * 7) % 11)) * 100) / 100,
}));

function Boom(): never {
  throw new Error('Test render error');
}

/** Test page: a ProTable (locale check for pagination text) and buttons that raise errors for the local log. */
export function TestPage() {
  const { t } = useTranslation();
  const [renderError, setRenderError] = useState(false);
  return (
    <Space direction="vertical" size={16} style={{ width: '100%' }}>
      <Card title={t('test.title')}>
        <Typography.Paragraph>{t('test.intro')}</Typography.Paragraph>
        <Space wrap>
          <Button
            danger
            onClick={() => {
              throw new Error('Test error from the test page');
            }}
          >
            {t('test.throw')}
          </Button>
          <Button danger onClick={() => setRenderError(true)}>
            {t('test.renderError')}
          </Button>
        </Space>
        {renderError ? <Boom /> : null}
      </Card>
      <ProProvider>
        <ProTable<Row>
          rowKey="id"
          headerTitle={t('test.table')}
          search={false}
          options={false}
          dataSource={ROWS}
          pagination={{ pageSize: WEBSITE.pageSize, pageSizeOptions: WEBSITE.pageSizes.map(String), showSizeChanger: true }}
          columns={[
            { title: t('test.col.sn'), dataIndex: 'sn' },
            { title: t('test.col.power'), dataIndex: 'power', valueType: 'digit' },
          ]}
        />
      </ProProvider>
    </Space>
  );
}
