/**
 * One incident in a drawer: what it is (kind, region, span, members), its member alarms (station, device, status,
 * handling) and, for users with `alarm_handle`, the form that hands every member the same handling status and
 * follow-up record (`alarmIncident/handle`, one transaction on the server).
 */
import type { ReactNode } from 'react';
import { Alert, Button, Descriptions, Divider, Drawer, Form, Input, Select, Skeleton, Table, Typography } from 'antd';
import type { SelectProps, TableColumnsType } from 'antd';
import { useTranslation } from 'react-i18next';
import { alarmIncidentHandle } from '@helio/contracts/modules/alarm/alarm-incident.api';
import { callEndpoint } from '@/core/http/endpoint';
import { toast } from '@/core/notify';
import { useIncident, useInvalidateIncidents } from './api';
import type { IncidentDetail, MemberRow } from './api';
import { IncidentStatusTag } from './tags';
import type { IncidentDicts } from './tags';

/** Longest follow-up record the server takes (contracts `alarmIncidentHandle`). */
export const CONTENT_MAX = 1000;

export function IncidentDrawer({ id, canHandle, dicts, onClose }: { id: string | undefined; canHandle: boolean; dicts: IncidentDicts; onClose(): void }) {
  const { t } = useTranslation();
  const detail = useIncident(id);
  const d = detail.data;
  return (
    <Drawer open={Boolean(id)} onClose={onClose} width="min(820px, 100vw)" destroyOnHidden title={d ? d.incident.alarmName : t('alarmIncident.detail')} data-testid="incident-drawer">
      {detail.isError && <Alert type="error" showIcon message={t('alarmIncident.notFound')} />}
      {!d && !detail.isError && <Skeleton active />}
      {d && (
        <>
          <Info d={d} dicts={dicts} />
          {canHandle && <HandleForm key={d.incident.id} d={d} dicts={dicts} />}
          <Divider orientation="left">{t('alarmIncident.membersTitle', { n: d.members.length })}</Divider>
          <Members rows={d.members} dicts={dicts} />
        </>
      )}
    </Drawer>
  );
}

function Info({ d, dicts }: { d: IncidentDetail; dicts: IncidentDicts }) {
  const { t } = useTranslation();
  const i = d.incident;
  const items: [string, ReactNode][] = [
    [t('alarmIncident.field.level'), dicts.tag('alarm_severity', i.level)],
    [t('alarmIncident.field.status'), <IncidentStatusTag key="s" status={i.incidentStatus} />],
    [t('alarmIncident.field.region'), `${i.regionName} (${i.regionCode})`],
    [t('alarmIncident.field.alarmCode'), i.alarmCode],
    [t('alarmIncident.field.members'), t('alarmIncident.membersOf', { n: i.memberCount, stations: i.stationCount, active: i.activeCount })],
    [t('alarmIncident.field.span'), `${i.firstTrigger ?? '-'} – ${i.lastTrigger ?? '-'}`],
    [t('alarmIncident.field.closeTime'), i.closeTime ?? '-'],
    [t('alarmIncident.field.handleStatus'), <span key="h">{dicts.tag('alarm_handle_status', i.handleStatus)} {i.handleUserName ?? ''} {i.handleTime ?? ''}</span>],
  ];
  return <Descriptions size="small" column={{ xs: 1, sm: 2 }} bordered items={items.map(([label, children], k) => ({ key: k, label, children }))} />;
}

/**
 * The Form.Item puts `aria-required` on the Select's wrapper div, where it is not allowed (axe: aria-allowed-attr);
 * the label's required mark and the rule's message say it instead.
 */
function RequiredSelect({ 'aria-required': _required, ...props }: SelectProps & { 'aria-required'?: unknown }) {
  return <Select {...props} />;
}

interface HandleValues {
  handleStatus?: string;
  content?: string;
}

function HandleForm({ d, dicts }: { d: IncidentDetail; dicts: IncidentDicts }) {
  const { t } = useTranslation();
  const [form] = Form.useForm<HandleValues>();
  const invalidate = useInvalidateIncidents();
  const submit = async (v: HandleValues) => {
    const done = await callEndpoint(alarmIncidentHandle, undefined, { id: d.incident.id, handleStatus: Number(v.handleStatus), ...(v.content ? { content: v.content } : {}) });
    toast.success(t('alarmIncident.handled', { n: done.handled }));
    form.resetFields();
    await invalidate();
  };
  return (
    <>
      <Divider orientation="left">{t('alarmIncident.handleTitle')}</Divider>
      <Typography.Paragraph>{t('alarmIncident.handleHint', { n: d.members.length })}</Typography.Paragraph>
      <Form form={form} layout="vertical" onFinish={(v) => void submit(v)} data-testid="incident-handle-form">
        <Form.Item
          name="handleStatus"
          label={t('alarmIncident.field.handleStatus')}
          htmlFor="incident-handle-status"
          rules={[{ required: true, message: t('alarmIncident.required', { field: t('alarmIncident.field.handleStatus') }) }]}
        >
          <RequiredSelect id="incident-handle-status" options={dicts.options('alarm_handle_status')} placeholder={t('alarmIncident.choose')} />
        </Form.Item>
        <Form.Item
          name="content"
          label={t('alarmIncident.field.content')}
          htmlFor="incident-handle-content"
          rules={[{ max: CONTENT_MAX, message: t('alarmIncident.tooLong', { max: CONTENT_MAX }) }]}
        >
          <Input.TextArea id="incident-handle-content" rows={3} maxLength={CONTENT_MAX} />
        </Form.Item>
        <Button type="primary" htmlType="submit">
          {t('alarmIncident.handleAll', { n: d.members.length })}
        </Button>
      </Form>
    </>
  );
}

function Members({ rows, dicts }: { rows: MemberRow[]; dicts: IncidentDicts }) {
  const { t } = useTranslation();
  const columns: TableColumnsType<MemberRow> = [
    { title: t('alarmIncident.field.plantName'), dataIndex: 'plantName', render: (v: string | null) => v ?? '-' },
    { title: t('alarmIncident.field.deviceSn'), dataIndex: 'deviceSn' },
    { title: t('alarmIncident.field.deviceType'), dataIndex: 'deviceType', render: (v: number) => t(`alarmIncident.deviceType.${v}`, { defaultValue: String(v) }) },
    { title: t('alarmIncident.field.triggerTime'), dataIndex: 'triggerTime' },
    { title: t('alarmIncident.field.recoverTime'), dataIndex: 'recoverTime', render: (v: string | null) => v ?? '-' },
    { title: t('alarmIncident.field.alarmStatus'), dataIndex: 'alarmStatus', render: (v: number) => dicts.tag('alarm_status', v) },
    { title: t('alarmIncident.field.handleStatus'), dataIndex: 'handleStatus', render: (v: number) => dicts.tag('alarm_handle_status', v) },
  ];
  // Focusable, so a keyboard can scroll it sideways (axe scrollable-region-focusable).
  return (
    <div style={{ overflowX: 'auto' }} tabIndex={0}>
      <Table<MemberRow> size="small" rowKey="id" dataSource={rows} columns={columns} pagination={{ pageSize: 20, hideOnSinglePage: true }} aria-label={t('alarmIncident.membersLabel')} />
    </div>
  );
}
