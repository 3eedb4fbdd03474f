/**
 * "My alarm subscriptions" (`/notify/subscription`): the caller's own subscriptions — stations (or all they can see),
 * least severity, categories, channels, quiet hours, recovery notices, escalations — in a table with an add/edit
 * dialog. Server rules (contracts notify.api) decide; their 400s come back as toasts.
 */
import { useState } from 'react';
import { Button, Card, Checkbox, Form, Input, Modal, Popconfirm, Select, Space, Switch, Table, Tag, TimePicker, Typography } from 'antd';
import type { TableColumnsType } from 'antd';
import dayjs from 'dayjs';
import type { Dayjs } from 'dayjs';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import type { BodyOf, DataOf } from '@helio/contracts/api/endpoint';
import { NOTIFY_CHANNELS, subscriptionChannels, subscriptionList, subscriptionRemove, subscriptionSubmit } from '@helio/contracts/modules/notify/notify.api';
import { useDict } from '@/core/crud/dict';
import { http } from '@/core/http/http';
import { callEndpoint, useEndpoint } from '@/core/http/endpoint';
import { toast } from '@/core/notify';

type Sub = DataOf<typeof subscriptionList>[number];
type Body = BodyOf<typeof subscriptionSubmit>;
interface FormValues extends Omit<Body, 'quietStart' | 'quietEnd'> {
  quietStart?: Dayjs | null;
  quietEnd?: Dayjs | null;
}

const EMPTY: FormValues = { plantIds: [], minSeverity: 3, categories: [], channels: ['inapp'], recovery: true, escalation: false, enabled: true };

/** Stations the caller can see (the station list; none when the caller has no station page). */
function usePlants() {
  return useQuery({
    queryKey: ['notify', 'plants'],
    queryFn: async () => {
      try {
        const page = await http.get<{ records: { id: string; plantName: string }[] }>('/api/skyworth-client/plant/list', {
          params: { current: 1, size: 500 },
          silentCodes: [403, 404],
        });
        return page.records ?? [];
      } catch {
        return [];
      }
    },
  });
}

export function SubscriptionPage() {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const list = useEndpoint(subscriptionList, {});
  const channels = useEndpoint(subscriptionChannels, {});
  const plants = usePlants();
  const severities = useDict('alarm_severity');
  const categories = useDict('alarm_category');
  const [editing, setEditing] = useState<Sub | 'new' | null>(null);
  const [saving, setSaving] = useState(false);
  const [form] = Form.useForm<FormValues>();
  const refresh = () => queryClient.invalidateQueries({ queryKey: ['endpoint', subscriptionList.url] });

  const label = (items: { dictKey: string; dictValue: string }[], key: string | number) => items.find((i) => i.dictKey === String(key))?.dictValue ?? String(key);
  const open = (sub: Sub | 'new') => {
    setEditing(sub);
    const v: FormValues =
      sub === 'new'
        ? EMPTY
        : {
            name: sub.name ?? '', plantIds: sub.plantIds, minSeverity: sub.minSeverity, categories: sub.categories as Body['categories'],
            channels: sub.channels as Body['channels'], recovery: sub.recovery, escalation: sub.escalation, enabled: sub.enabled,
            quietStart: sub.quietStart ? dayjs(sub.quietStart, 'HH:mm') : null, quietEnd: sub.quietEnd ? dayjs(sub.quietEnd, 'HH:mm') : null,
          };
    form.resetFields();
    form.setFieldsValue(v);
  };

  const save = async () => {
    const v = await form.validateFields();
    const body: Body = {
      ...v, id: editing !== 'new' && editing ? editing.id : undefined, name: v.name?.trim() || undefined,
      quietStart: v.quietStart ? v.quietStart.format('HH:mm') : null, quietEnd: v.quietEnd ? v.quietEnd.format('HH:mm') : null,
    };
    setSaving(true);
    try {
      await callEndpoint(subscriptionSubmit, undefined, body);
      toast.success(t('notify.saved'));
      setEditing(null);
      void refresh();
    } catch {
      // the HTTP client showed the server's message
    } finally {
      setSaving(false);
    }
  };

  const remove = async (id: string) => {
    await callEndpoint(subscriptionRemove, undefined, { ids: id });
    toast.success(t('notify.removed'));
    void refresh();
  };

  const yesNo = (b: boolean) => (b ? t('notify.yes') : t('notify.no'));
  const columns: TableColumnsType<Sub> = [
    { title: t('notify.name'), dataIndex: 'name', render: (v: string | null) => v || '-' },
    {
      title: t('notify.stations'),
      key: 'stations',
      render: (_, s) => (s.plantIds.length === 0 ? t('notify.allStations') : s.plantNames.map((n, i) => n ?? s.plantIds[i]).join(', ')),
    },
    { title: t('notify.minSeverity'), dataIndex: 'minSeverity', render: (v: number) => label(severities, v) },
    {
      title: t('notify.categories'),
      key: 'categories',
      render: (_, s) => (s.categories.length === 0 ? t('notify.allCategories') : s.categories.map((c) => label(categories, c)).join(', ')),
    },
    {
      title: t('notify.channels'),
      key: 'channels',
      render: (_, s) => (
        <Space size={4} wrap>
          {s.channels.map((c) => (
            <Tag key={c}>{t(`notify.channel.${c}`)}</Tag>
          ))}
        </Space>
      ),
    },
    { title: t('notify.quietHours'), key: 'quiet', render: (_, s) => (s.quietStart ? `${s.quietStart} – ${s.quietEnd}` : t('notify.none')) },
    { title: t('notify.recovery'), dataIndex: 'recovery', render: yesNo },
    { title: t('notify.escalation'), dataIndex: 'escalation', render: yesNo },
    { title: t('notify.enabled'), dataIndex: 'enabled', render: yesNo },
    {
      title: t('notify.actions'),
      key: 'actions',
      render: (_, s) => (
        <Space size={0}>
          <Button type="link" size="small" onClick={() => open(s)}>
            {t('notify.edit')}
          </Button>
          <Popconfirm title={t('notify.removeConfirm')} onConfirm={() => remove(s.id)} okText={t('notify.yes')} cancelText={t('notify.no')}>
            <Button type="link" size="small">
              {t('notify.remove')}
            </Button>
          </Popconfirm>
        </Space>
      ),
    },
  ];

  const channelInfo = channels.data ?? [];
  const channelOptions = NOTIFY_CHANNELS.map((c) => {
    const info = channelInfo.find((x) => x.name === c);
    const hint = info && !info.available ? t('notify.channelUnavailable') : info && !info.hasAddress ? t('notify.channelNoAddress') : undefined;
    return { value: c, label: hint ? `${t(`notify.channel.${c}`)} (${hint})` : t(`notify.channel.${c}`) };
  });

  return (
    <Card
      title={t('notify.title')}
      extra={
        <Button type="primary" onClick={() => open('new')}>
          {t('notify.add')}
        </Button>
      }
    >
      <Typography.Paragraph>{t('notify.intro')}</Typography.Paragraph>
      <Table<Sub>
        rowKey="id"
        size="small"
        loading={list.isLoading}
        columns={columns}
        dataSource={list.data ?? []}
        pagination={false}
        scroll={{ x: 'max-content' }}
        locale={{ emptyText: t('notify.empty') }}
      />
      <Modal
        open={editing !== null}
        title={editing === 'new' ? t('notify.add') : t('notify.edit')}
        onCancel={() => setEditing(null)}
        onOk={() => void save()}
        okText={t('notify.save')}
        cancelText={t('notify.cancel')}
        confirmLoading={saving}
        width={640}
        destroyOnHidden
        forceRender
      >
        <Form form={form} layout="vertical" name="subscription" initialValues={EMPTY}>
          <Form.Item name="name" label={t('notify.name')} rules={[{ max: 50 }]}>
            <Input placeholder={t('notify.namePlaceholder')} maxLength={50} />
          </Form.Item>
          <Form.Item name="plantIds" label={t('notify.stationsLabel')}>
            <Select
              mode="multiple"
              allowClear
              optionFilterProp="label"
              loading={plants.isLoading}
              options={(plants.data ?? []).map((p) => ({ value: String(p.id), label: p.plantName }))}
            />
          </Form.Item>
          <Space size={16} style={{ display: 'flex' }} align="start" wrap>
            <Form.Item name="minSeverity" label={t('notify.minSeverity')} style={{ minWidth: 180 }}>
              <Select options={severities.map((s) => ({ value: Number(s.dictKey), label: s.dictValue }))} />
            </Form.Item>
            <Form.Item name="categories" label={t('notify.categoriesLabel')} style={{ minWidth: 320 }}>
              <Select mode="multiple" allowClear options={categories.map((c) => ({ value: c.dictKey, label: c.dictValue }))} />
            </Form.Item>
          </Space>
          <Form.Item
            name="channels"
            label={t('notify.channels')}
            rules={[{ validator: (_, v: unknown[] | undefined) => (v?.length ? Promise.resolve() : Promise.reject(new Error(t('notify.channelRequired')))) }]}
          >
            <Checkbox.Group options={channelOptions} />
          </Form.Item>
          <Space size={16} align="start" wrap>
            <Form.Item name="quietStart" label={t('notify.quietStart')} dependencies={['quietEnd']} rules={[quietRule(t('notify.quietBoth'), 'quietEnd')]}>
              <TimePicker format="HH:mm" minuteStep={5} />
            </Form.Item>
            <Form.Item name="quietEnd" label={t('notify.quietEnd')} dependencies={['quietStart']} rules={[quietRule(t('notify.quietBoth'), 'quietStart')]}>
              <TimePicker format="HH:mm" minuteStep={5} />
            </Form.Item>
          </Space>
          <Typography.Paragraph style={{ marginTop: -8 }}>
            {t('notify.quietHelp')}
          </Typography.Paragraph>
          <Space size={32} wrap>
            <Form.Item name="recovery" label={t('notify.recovery')} valuePropName="checked">
              <Switch />
            </Form.Item>
            <Form.Item name="escalation" label={t('notify.escalation')} valuePropName="checked" tooltip={t('notify.escalationHelp')}>
              <Switch />
            </Form.Item>
            <Form.Item name="enabled" label={t('notify.enabled')} valuePropName="checked">
              <Switch />
            </Form.Item>
          </Space>
        </Form>
      </Modal>
    </Card>
  );
}

/** Both ends of the quiet hours or neither. */
function quietRule(message: string, other: 'quietStart' | 'quietEnd') {
  return ({ getFieldValue }: { getFieldValue: (n: string) => unknown }) => ({
    validator: (_: unknown, value: unknown) => (!value === !getFieldValue(other) ? Promise.resolve() : Promise.reject(new Error(message))),
  });
}
