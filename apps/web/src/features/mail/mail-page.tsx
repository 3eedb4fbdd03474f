/**
 * Mail (`/resource/mail`): SMTP configurations (the generic screen; which one is enabled and `enable`; the password
 * write-only), a "send test" dialog per configuration (`test-send`: the result, or the server's translated reason,
 * shown in the dialog) and the outbox — every message the mail module sent or tried to send.
 */
import { useMemo, useState } from 'react';
import { Alert, Button, Form, Input, Tabs, Tag, Typography } from 'antd';
import { CheckCircleFilled, CloseCircleFilled, SendOutlined } from '@ant-design/icons';
import { useQueryClient } from '@tanstack/react-query';
import type { TFunction } from 'i18next';
import { useTranslation } from 'react-i18next';
import type { DataOf } from '@helio/contracts/api/endpoint';
import type { FieldDef, ResourceDef } from '@helio/contracts/crud/resource';
import { mailOutboxResource, mailResource } from '@helio/contracts/modules/mail/mail.resource';
import { mailEnable, mailTestSend } from '@helio/contracts/modules/mail/mail.api';
import { EMAIL_PATTERN } from '@helio/contracts/validation';
import { CrudPage } from '@/core/crud/crud-page';
import type { CrudContext, FieldOverride } from '@/core/crud/crud-page';
import type { FieldWidgetContext } from '@/core/crud/fields-to-form';
import { FormDialog } from '@/core/crud/form-dialog';
import { localeLabel } from '@/core/crud/labels';
import { invalidateResource } from '@/core/crud/use-crud-resource';
import type { Row } from '@/core/crud/use-crud-resource';
import { http } from '@/core/http/http';
import { toast } from '@/core/notify';

/** `status` of the enabled configuration (1 off, 2 on). */
const ENABLED = 2;
const isEnabled = (row: Row) => Number(row.status) === ENABLED;
const EMAIL = new RegExp(EMAIL_PATTERN);
/** Solid tags with white text (antd's light success/error tags are below AA contrast). */
const OK_COLOUR = '#237804';
const FAILED_COLOUR = '#a8071a';

type TestResult = { ok: true; data: DataOf<typeof mailTestSend> } | { ok: false; message: string };

export function MailPage() {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const [tab, setTab] = useState('config');
  const [testing, setTesting] = useState<Row | null>(null);

  const configDef: ResourceDef = useMemo(
    () => ({ ...mailResource, fields: [...mailResource.fields, { key: 'status', label: localeLabel('mail.status.label'), kind: 'text', form: false }] }),
    [],
  );
  const outboxDef: ResourceDef = useMemo(() => {
    const choices: Record<string, FieldDef['options']> = {
      scene: ['test', 'notify', 'message'].map((v) => ({ value: v, label: localeLabel(`mail.scene.${v}`) })),
      success: [
        { value: 1, label: localeLabel('mail.sent') },
        { value: 0, label: localeLabel('mail.failed') },
      ],
    };
    return {
      ...mailOutboxResource,
      actions: [],
      fields: [
        ...mailOutboxResource.fields.map((f) => (choices[f.key] ? { ...f, kind: 'select' as const, options: choices[f.key] } : f)),
        { key: 'createTime', label: localeLabel('mail.createTime'), kind: 'datetime', form: false, sortable: true },
      ],
    };
  }, []);

  const configFields: Record<string, FieldOverride> = {
    status: {
      render: (_v, row) =>
        isEnabled(row) ? (
          <Tag color={OK_COLOUR} icon={<CheckCircleFilled />}>
            {t('mail.status.enabled')}
          </Tag>
        ) : (
          <Tag>{t('mail.status.disabled')}</Tag>
        ),
    },
    password: {
      hidden: (mode) => mode === 'view',
      widget: (ctx: FieldWidgetContext) => (
        <Input.Password
          autoComplete="new-password"
          disabled={ctx.disabled}
          placeholder={ctx.mode === 'edit' ? t('mail.passwordKeep') : ctx.placeholder}
          visibilityToggle={ctx.mode === 'add'}
        />
      ),
    },
    security: { itemProps: { tooltip: t('mail.securityHint') } },
    // A port, not a quantity: no thousands separator.
    port: { render: (v) => String(v ?? '') },
  };
  const outboxFields: Record<string, FieldOverride> = {
    success: {
      render: (v) =>
        Number(v) === 1 ? (
          <Tag color={OK_COLOUR} icon={<CheckCircleFilled />}>
            {t('mail.sent')}
          </Tag>
        ) : (
          <Tag color={FAILED_COLOUR} icon={<CloseCircleFilled />}>
            {t('mail.failed')}
          </Tag>
        ),
    },
    scene: { render: (v) => t(`mail.scene.${String(v)}`, { defaultValue: String(v || '-') }) },
    error: { render: (v) => (v ? <Typography.Text>{String(v)}</Typography.Text> : '-') },
  };

  const rowActions = (row: Row, ctx: CrudContext) => [
    ctx.has('send') && (
      <Button key="test" type="link" size="small" icon={<SendOutlined />} onClick={() => setTesting(row)}>
        {t('mail.test.action')}
      </Button>
    ),
    ctx.has('enable') && !isEnabled(row) && (
      <Button key="enable" type="link" size="small" onClick={() => confirmEnable(row, ctx, t)}>
        {t('mail.status.enable')}
      </Button>
    ),
  ];

  return (
    <div className="helio-mail-page">
      <Tabs
        activeKey={tab}
        onChange={setTab}
        items={[
          {
            key: 'config',
            label: t('mail.configs'),
            children: <CrudPage resource={configDef} fields={configFields} defaults={() => ({ security: 'starttls', port: 587 })} rowActions={rowActions} />,
          },
          { key: 'outbox', label: t('mail.outbox'), children: <CrudPage resource={outboxDef} fields={outboxFields} /> },
        ]}
      />
      {testing && (
        <TestSendDialog
          row={testing}
          t={t}
          onClose={() => setTesting(null)}
          onTried={() => void invalidateResource(queryClient, mailOutboxResource)}
        />
      )}
    </div>
  );
}

function confirmEnable(row: Row, ctx: CrudContext, t: TFunction) {
  void ctx.modal.confirm({
    title: t('crud.confirm.title'),
    content: t('mail.status.confirmEnable'),
    okText: t('crud.confirm.ok'),
    cancelText: t('crud.confirm.cancel'),
    onOk: async () => {
      try {
        await http.post(mailEnable.url, { params: { id: String(row.id) } });
        toast.success(t('mail.status.enabledNow'));
        ctx.reload();
      } catch (error) {
        console.error(error);
      }
    },
  });
}

function TestSendDialog({ row, t, onClose, onTried }: { row: Row; t: TFunction; onClose(): void; onTried(): void }) {
  const [result, setResult] = useState<TestResult | null>(null);
  const [busy, setBusy] = useState(false);
  return (
    <FormDialog<{ to: string }>
      open
      title={t('mail.test.title', { name: String(row.name ?? '') })}
      okText={t('mail.test.send')}
      initialValues={{ to: '' }}
      onClose={onClose}
      onSubmit={async (values) => {
        setResult(null);
        setBusy(true);
        try {
          const data = await http.post<DataOf<typeof mailTestSend>>(mailTestSend.url, { data: { id: String(row.id), to: values.to.trim() }, silent: true });
          setResult({ ok: true, data });
          toast.success(t('mail.test.ok', { ms: data.ms }));
        } catch (error) {
          setResult({ ok: false, message: error instanceof Error ? error.message : String(error) });
        } finally {
          setBusy(false);
          onTried();
        }
        return false;
      }}
    >
      <Form.Item
        name="to"
        label={t('mail.test.to')}
        tooltip={t('mail.test.toHint')}
        rules={[
          { required: true, whitespace: true, message: t('mail.test.rule.to') },
          { validator: (_, v: string) => (!v || !v.trim() || EMAIL.test(v.trim()) ? Promise.resolve() : Promise.reject(new Error(t('mail.test.rule.format')))) },
        ]}
      >
        <Input type="email" autoComplete="email" placeholder="ops@example.com" />
      </Form.Item>
      {busy && <Alert type="info" showIcon message={t('mail.test.sending')} />}
      {result?.ok === true && (
        <Alert type="success" showIcon message={t('mail.test.ok', { ms: result.data.ms })} description={t('mail.test.response', { response: result.data.response })} />
      )}
      {result?.ok === false && <Alert type="error" showIcon message={t('mail.test.failed')} description={result.message} />}
    </FormDialog>
  );
}
