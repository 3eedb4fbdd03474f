/**
 * Data sources of the code generator (`/tool/datasource`, platform administrators): the generic screen with the
 * password write-only, and "test connection", which shows the server's answer — the database version, or why not
 * (a host outside the deployment's allow-list, a refused login …) in the user's language.
 */
import { Button, Input, Modal, Typography } from 'antd';
import { ApiOutlined } from '@ant-design/icons';
import type { TFunction } from 'i18next';
import { useTranslation } from 'react-i18next';
import { datasourceResource } from '@helio/contracts/modules/datasource/datasource.resource';
import { CrudPage } from '@/core/crud/crud-page';
import type { CrudContext, FieldOverride } from '@/core/crud/crud-page';
import type { FieldWidgetContext } from '@/core/crud/fields-to-form';
import type { Row } from '@/core/crud/use-crud-resource';
import { http } from '@/core/http/http';
import { bodyMessage } from '@/core/http/request';
import { HttpError } from '@/core/http/types';

export type ConnectionAnswer = { ok: true; version: string } | { ok: false; message: string };

/** `POST test-connection?id=`: the version, or the server's (translated) reason; never throws. */
export async function testConnection(id: string, t: TFunction): Promise<ConnectionAnswer> {
  try {
    const data = await http.post<{ version?: string }>('/api/blade-develop/datasource/test-connection', { params: { id }, silent: true });
    return { ok: true, version: String(data?.version ?? '') };
  } catch (e) {
    return { ok: false, message: (e instanceof HttpError && (bodyMessage(e.body) ?? e.message)) || t('develop.datasource.testFailed') };
  }
}

export function DatasourcePage() {
  const { t } = useTranslation();
  const [modal, holder] = Modal.useModal();

  const fields: Record<string, FieldOverride> = {
    url: { extra: t('develop.datasource.urlHint') },
    password: {
      hidden: (mode) => mode === 'view',
      widget: (ctx: FieldWidgetContext) => (
        <Input.Password
          autoComplete="new-password"
          disabled={ctx.disabled}
          placeholder={ctx.mode === 'edit' ? t('develop.secretKeep') : ctx.placeholder}
          visibilityToggle={ctx.mode === 'add'}
        />
      ),
    },
  };

  const test = async (row: Row) => {
    const answer = await testConnection(String(row.id), t);
    if (answer.ok) {
      void modal.success({
        title: t('develop.datasource.testOk'),
        content: (
          <Typography.Paragraph style={{ marginBottom: 0 }} data-testid="datasource-version">
            {answer.version}
          </Typography.Paragraph>
        ),
      });
    } else {
      void modal.error({
        title: t('develop.datasource.testFailed'),
        content: <Typography.Paragraph style={{ marginBottom: 0 }}>{answer.message}</Typography.Paragraph>,
      });
    }
  };

  const rowActions = (row: Row, ctx: CrudContext) =>
    ctx.has('debug') && (
      <Button type="link" size="small" icon={<ApiOutlined />} onClick={() => void test(row)}>
        {t('develop.datasource.test')}
      </Button>
    );

  return (
    <>
      {holder}
      <CrudPage resource={datasourceResource} fields={fields} rowActions={rowActions} defaults={() => ({ category: 1 })} />
    </>
  );
}
