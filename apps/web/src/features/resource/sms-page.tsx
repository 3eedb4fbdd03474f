/**
 * SMS (`/resource/sms`): configurations (the generic screen, which one is enabled and `enable`, the secret key
 * write-only), a "send test" dialog (`endpoint/send-message`: configuration code, phones, template parameters) and
 * the outbox — every message any provider was asked to send, including those of the log-only provider, which sends
 * nothing and only records them (verification codes are masked by the server).
 */
import { useMemo, useState } from 'react';
import { Button, Form, Input, Select, Tabs, Tag, Typography } from 'antd';
import { SendOutlined } from '@ant-design/icons';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import type { TFunction } from 'i18next';
import { useTranslation } from 'react-i18next';
import type { FieldDef, ResourceDef } from '@helio/contracts/crud/resource';
import { smsOutboxResource, smsResource } from '@helio/contracts/modules/sms/sms.resource';
import { CrudPage } from '@/core/crud/crud-page';
import type { CrudContext, FieldOverride } from '@/core/crud/crud-page';
import { FormDialog } from '@/core/crud/form-dialog';
import { localeLabel } from '@/core/crud/labels';
import { invalidateResource } from '@/core/crud/use-crud-resource';
import type { Row } from '@/core/crud/use-crud-resource';
import { http } from '@/core/http/http';
import type { Page } from '@/core/http/types';
import { toast } from '@/core/notify';
import { EnabledTag, enableAction, isEnabled, statusField } from './config-status';
import { secretOverride } from './oss-page';

export interface SendValues {
  code?: string;
  phones: string;
  params?: string;
}

const PHONE = /^\+?\d{5,15}$/;
export const MAX_PHONES = 100;

/** Comma/space/newline separated numbers → the list the server takes; null when one is not a number. */
export function parsePhones(text: string): string[] | null {
  const list = text
    .split(/[\s,，;；]+/)
    .map((x) => x.trim())
    .filter(Boolean);
  if (list.length === 0 || list.some((x) => !PHONE.test(x))) return null;
  return list;
}

/** Template parameters: empty, or a JSON object of plain values. */
export function parseParams(text: string | undefined): Record<string, string> | null {
  if (!text || !text.trim()) return {};
  try {
    const value = JSON.parse(text) as unknown;
    if (!value || typeof value !== 'object' || Array.isArray(value)) return null;
    const entries = Object.entries(value as Record<string, unknown>);
    if (entries.some(([, v]) => v !== null && typeof v === 'object')) return null;
    return Object.fromEntries(entries.map(([k, v]) => [k, String(v ?? '')]));
  } catch {
    return null;
  }
}

export function SmsPage() {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const [tab, setTab] = useState('config');
  const [sending, setSending] = useState(false);

  const configDef: ResourceDef = useMemo(() => ({ ...smsResource, fields: [...smsResource.fields, statusField()] }), []);
  const outboxDef: ResourceDef = useMemo(() => {
    // The outbox filters as drop-downs of the values the server writes.
    const choices: Record<string, FieldDef['options']> = {
      provider: ['log', 'aliyun'].map((v) => ({ value: v, label: localeLabel(`resource.sms.provider.${v}`) })),
      scene: ['message', 'login', 'forget', 'verify'].map((v) => ({ value: v, label: localeLabel(`resource.sms.scene.${v}`) })),
      success: [
        { value: 1, label: localeLabel('resource.sms.sent') },
        { value: 0, label: localeLabel('resource.sms.failed') },
      ],
    };
    return {
      ...smsOutboxResource,
      // Rows carry everything: no detail dialog.
      actions: [],
      fields: [
        ...smsOutboxResource.fields.map((f) => (choices[f.key] ? { ...f, kind: 'select' as const, options: choices[f.key] } : f)),
        { key: 'createTime', label: localeLabel('resource.createTime'), kind: 'datetime', form: false, sortable: true },
      ],
    };
  }, []);

  const configFields: Record<string, FieldOverride> = {
    status: { render: (_v, row) => <EnabledTag row={row} t={t} /> },
    secretKey: secretOverride(t),
    category: { extra: t('resource.sms.categoryHint') },
  };
  const outboxFields: Record<string, FieldOverride> = {
    success: { render: (v) => (Number(v) === 1 ? <Tag color="success">{t('resource.sms.sent')}</Tag> : <Tag color="error">{t('resource.sms.failed')}</Tag>) },
    scene: { render: (v) => t(`resource.sms.scene.${String(v)}`, { defaultValue: String(v || '-') }) },
    provider: { render: (v) => t(`resource.sms.provider.${String(v)}`, { defaultValue: String(v || '-') }) },
    params: { render: (v) => <Typography.Text code>{String(v || '{}')}</Typography.Text> },
    result: { render: (v) => String(v || '-') },
  };

  const toolbar = (ctx: CrudContext) =>
    ctx.has('send') && (
      <Button key="send" icon={<SendOutlined />} onClick={() => setSending(true)}>
        {t('resource.sms.sendTest')}
      </Button>
    );

  return (
    <>
      <Tabs
        activeKey={tab}
        onChange={setTab}
        items={[
          {
            key: 'config',
            label: t('resource.sms.configs'),
            children: (
              <CrudPage
                resource={configDef}
                fields={configFields}
                toolbar={toolbar}
                defaults={() => ({ category: 1 })}
                rowActions={(row: Row, ctx: CrudContext) => enableAction(smsResource.api, row, ctx, t)}
              />
            ),
          },
          {
            key: 'outbox',
            label: t('resource.sms.outbox'),
            children: <CrudPage resource={outboxDef} fields={outboxFields} toolbar={toolbar} />,
          },
        ]}
      />
      {sending && (
        <SendDialog
          t={t}
          onClose={() => setSending(false)}
          onSent={() => {
            setSending(false);
            setTab('outbox');
            void invalidateResource(queryClient, smsOutboxResource);
          }}
        />
      )}
    </>
  );
}

function SendDialog({ t, onClose, onSent }: { t: TFunction; onClose(): void; onSent(): void }) {
  const configs = useQuery({
    queryKey: ['crud', smsResource.name, 'send-choices'],
    queryFn: () => http.get<Page<Row>>(`${smsResource.api}/list`, { params: { current: 1, size: 100 } }),
  });
  const rows = configs.data?.records ?? [];
  const enabled = rows.find(isEnabled);
  return (
    <FormDialog<SendValues>
      open
      title={t('resource.sms.sendTest')}
      okText={t('resource.sms.send')}
      initialValues={configs.isPending ? undefined : { code: enabled ? String(enabled.smsCode) : undefined, phones: '', params: '' }}
      onClose={onClose}
      onSubmit={async (values) => {
        const phones = parsePhones(values.phones) ?? [];
        await http.post(`${smsResource.api}/endpoint/send-message`, {
          data: { code: values.code || undefined, phones: phones.join(','), params: parseParams(values.params) ?? {} },
        });
        toast.success(t('resource.sms.sentOk', { n: phones.length }));
        onSent();
        return false;
      }}
    >
      <Form.Item name="code" label={t('resource.sms.code')} extra={t('resource.sms.codeHint')}>
        <Select
          allowClear
          placeholder={t('resource.sms.codeDefault')}
          options={rows.map((r) => ({
            value: String(r.smsCode),
            label: isEnabled(r) ? `${String(r.smsCode)} (${t('resource.status.enabled')})` : String(r.smsCode),
          }))}
        />
      </Form.Item>
      <Form.Item
        name="phones"
        label={t('resource.sms.phones')}
        extra={t('resource.sms.phonesHint')}
        rules={[
          { required: true, whitespace: true, message: t('resource.sms.rule.phones') },
          {
            validator: (_, value: string) => {
              if (!value || !value.trim()) return Promise.resolve();
              const list = parsePhones(value);
              if (!list) return Promise.reject(new Error(t('resource.sms.rule.phoneFormat')));
              if (list.length > MAX_PHONES) return Promise.reject(new Error(t('resource.sms.rule.tooMany', { max: MAX_PHONES })));
              return Promise.resolve();
            },
          },
        ]}
      >
        <Input.TextArea autoSize={{ minRows: 1, maxRows: 4 }} placeholder="+8613800138000" />
      </Form.Item>
      <Form.Item
        name="params"
        label={t('resource.sms.params')}
        extra={t('resource.sms.paramsHint')}
        rules={[{ validator: (_, value: string) => (parseParams(value) ? Promise.resolve() : Promise.reject(new Error(t('resource.sms.rule.params')))) }]}
      >
        <Input.TextArea autoSize={{ minRows: 2, maxRows: 8 }} placeholder='{"code": "123456"}' spellCheck={false} />
      </Form.Item>
    </FormDialog>
  );
}
