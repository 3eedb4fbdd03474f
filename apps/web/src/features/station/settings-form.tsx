/**
 * A device's setting form (issue 15), generated from the server's `queryAll` answer: one tab per group of the device
 * model's setting items, each validated by the same check the server runs before sending (contracts
 * `checkSettingValue`, messages from `settingsMessage` so the words match the server's). Send issues the changed
 * values and shows the command's state live.
 */
import { useState } from 'react';
import type { ReactNode } from 'react';
import { Alert, Button, Empty, Form, Input, Modal, Select, Space, Tabs, Tag, Typography } from 'antd';
import { useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import type { DataOf } from '@helio/contracts/api/endpoint';
import { callEndpoint } from '@/core/http/endpoint';
import { usePermission } from '@/core/permission/permission-store';
import { issueSettings } from '@helio/contracts/modules/settings/settings.api';
import type { commonSetupQueryAll } from '@helio/contracts/modules/settings/settings.api';
import { checkSettingValue, sameSettingValue, settingsMessage } from '@helio/contracts/modules/settings/settings-values';

export type DeviceForm = DataOf<typeof commonSetupQueryAll>;
export type FormItem = DeviceForm['groups'][number]['items'][number];

/** The item as the shared value check sees it (the names are already in the caller's language). */
function ruleOf(item: FormItem) {
  return {
    key: item.key,
    nameZh: item.name,
    nameEn: item.name,
    valueType: item.valueType,
    minValue: item.min,
    maxValue: item.max,
    decimals: item.decimals,
    valueOptions: item.options.map((o) => `${o.value}:${o.label}:${o.label}`).join('|') || null,
  };
}

/** The value the form starts from: the last one written, else the item's default. */
const initialOf = (item: FormItem): string => {
  const v = item.value ?? item.defaultValue;
  return v === null || v === undefined ? '' : String(v);
};

/** The control of an item; Form.Item hands it `id`, `value` and `onChange`, passed on to the antd control. */
function Field({ item, ...control }: { item: FormItem; id?: string; value?: string; onChange?(value: unknown): void }) {
  if (item.valueType === 'enum' || item.valueType === 'bool') {
    return <Select {...control} options={item.options.map((o) => ({ value: o.value, label: o.label }))} style={{ minWidth: 160, maxWidth: 320 }} />;
  }
  return (
    <Input
      {...control}
      style={{ maxWidth: 240 }}
      inputMode={item.valueType === 'int' || item.valueType === 'decimal' ? 'decimal' : undefined}
      placeholder={item.valueType === 'time' ? 'HH:mm' : undefined}
      addonAfter={item.unit ?? undefined}
    />
  );
}

/** The range or options hint under a field. */
function hintOf(item: FormItem, t: (k: string, o?: Record<string, unknown>) => string): ReactNode {
  const parts: string[] = [];
  if ((item.valueType === 'int' || item.valueType === 'decimal') && (item.min !== null || item.max !== null)) parts.push(t('station.remote.range', { min: item.min ?? '-∞', max: item.max ?? '∞', unit: item.unit ?? '' }).trim());
  if (item.gridCode) parts.push(t('station.remote.gridCodeItem'));
  return parts.length ? parts.join(' · ') : undefined;
}

/** A command item (the guardian's protection commands): one button per option but "none", sent at once after a confirm. */
const isCommandItem = (item: FormItem) => item.itemType === 'button';

export interface IssuedCommand {
  id: string;
  state: string;
}

/** The form for `form` (one device), sending with permission `issueCode`; `onIssued` gets the commands it created. */
export function SettingsForm({ form: data, issueCode, onIssued, tab, onTab, modal: parentModal }: {
  form: DeviceForm;
  /** A confirm of the parent's (it outlives this form, which starts again with each settings version). */
  modal?: ReturnType<typeof Modal.useModal>[0];
  issueCode: string;
  onIssued(commands: IssuedCommand[]): void;
  /** The open group (kept by the parent across versions). */
  tab?: string;
  onTab?(key: string): void;
}) {
  const { t, i18n } = useTranslation();
  const lang = i18n.language;
  const [form] = Form.useForm<Record<string, string>>();
  const [sending, setSending] = useState(false);
  const [noChange, setNoChange] = useState(false);
  const client = useQueryClient();
  const canIssue = usePermission().has(issueCode);
  const [ownModal, holder] = Modal.useModal();
  const modal = parentModal ?? ownModal;
  const items = data.groups.flatMap((g) => g.items).filter((i) => !isCommandItem(i));
  const initial = Object.fromEntries(items.map((i) => [i.key, initialOf(i)]));

  const send = async () => {
    let values: Record<string, string>;
    try {
      values = await form.validateFields();
    } catch {
      return;
    }
    const changed = items.filter((i) => !sameSettingValue(values[i.key], initial[i.key]));
    setNoChange(changed.length === 0);
    if (changed.length === 0) return;
    const out = changed.map((i) => {
      const r = checkSettingValue(ruleOf(i), values[i.key]);
      return { key: i.key, value: 'value' in r ? r.value : String(values[i.key]) };
    });
    setSending(true);
    try {
      const res = await callEndpoint(issueSettings, undefined, { deviceSn: data.deviceSn, items: out });
      onIssued(res.commands.map((c) => ({ id: c.id, state: c.state })));
      await client.invalidateQueries({ queryKey: ['endpoint'] });
    } finally {
      setSending(false);
    }
  };

  /** Sends command item `item` with option `value` after the user confirms it. */
  const command = (item: FormItem, option: { value: string; label: string }) =>
    void modal.confirm({
      title: t('station.remote.commandTitle', { command: option.label }),
      content: t('station.remote.commandConfirm', { name: item.name, command: option.label, sn: data.deviceSn }),
      okText: option.label,
      okButtonProps: { danger: option.value === '1' },
      onOk: async () => {
        const res = await callEndpoint(issueSettings, undefined, { deviceSn: data.deviceSn, items: [{ key: item.key, value: Number(option.value) }] });
        onIssued(res.commands.map((c) => ({ id: c.id, state: c.state })));
        await client.invalidateQueries({ queryKey: ['endpoint'] });
      },
    });

  const commandButtons = (item: FormItem) => (
    <Form.Item key={item.key} label={item.name} extra={canIssue ? t('station.remote.commandHint') : undefined}>
      <Space wrap>
        {item.options
          .filter((o) => o.value !== '0')
          .map((o) => (
            <Button key={o.value} danger={o.value === '1'} disabled={!canIssue} onClick={() => command(item, o)}>
              {o.label}
            </Button>
          ))}
      </Space>
    </Form.Item>
  );

  const groups = data.groups.map((g) => ({
    key: g.category,
    label: g.name,
    forceRender: true,
    children: (
      <div role="group" aria-label={g.name}>
        {g.items.map((item) => isCommandItem(item) ? commandButtons(item) : (
          <Form.Item
            key={item.key}
            name={item.key}
            label={item.gridCode ? (
              <Space size={4}>
                {item.name}
                <Tag color="orange">{t('station.remote.gridCode')}</Tag>
              </Space>
            ) : item.name}
            extra={hintOf(item, t)}
            rules={[
              {
                validator: (_, value: unknown) => {
                  const r = checkSettingValue(ruleOf(item), value);
                  return 'problem' in r ? Promise.reject(new Error(settingsMessage(lang, r.problem, { name: item.name, ...r.params }))) : Promise.resolve();
                },
              },
            ]}
          >
            <Field item={item} />
          </Form.Item>
        ))}
      </div>
    ),
  }));

  return (
    <Space direction="vertical" style={{ width: '100%' }} data-testid="device-settings">
      {holder}
      <Space wrap>
        <Typography.Text>{t('station.remote.version', { n: data.settingsVersion })}</Typography.Text>
        <Tag color={data.online ? 'success' : 'default'}>{t(data.online ? 'station.remote.online' : 'station.remote.offline')}</Tag>
      </Space>
      {!data.online && <Alert type="info" showIcon message={t('station.remote.offlineHint')} />}
      {data.groups.every((g) => g.items.length === 0) ? (
        <Empty description={t('station.remote.noItems')} />
      ) : (
        <Form form={form} layout="horizontal" labelCol={{ flex: '220px' }} labelWrap initialValues={initial} onValuesChange={() => setNoChange(false)} name={`settings-${data.deviceSn}`}>
          <Tabs size="small" items={groups} activeKey={tab && groups.some((g) => g.key === tab) ? tab : undefined} onChange={onTab} />
          {canIssue && (
            <Space wrap>
              <Button type="primary" loading={sending} onClick={() => void send()}>
                {t('station.remote.send')}
              </Button>
              <Button onClick={() => { form.resetFields(); setNoChange(false); }}>{t('station.remote.reset')}</Button>
              {noChange && <Typography.Text type="secondary">{t('station.remote.noChange')}</Typography.Text>}
            </Space>
          )}
        </Form>
      )}
    </Space>
  );
}
