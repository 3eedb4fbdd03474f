/**
 * The alarm list's search row: station, device SN and type, severity, alarm status, acknowledgement, handling status,
 * trigger-time range and assignee — exactly the server's allow-listed filters (contracts `ALARM_LIST_FILTERS`).
 * Stations and users are looked up by name, for users who may read those lists.
 */
import { useState } from 'react';
import { Button, DatePicker, Form, Input, Select, Space } from 'antd';
import type { Dayjs } from 'dayjs';
import { useTranslation } from 'react-i18next';
import { usePermission } from '@/core/permission/permission-store';
import { holdsPage, useStationOptions, useUserOptions } from './api';
import type { AlarmQuery } from './api';
import type { AlarmDicts } from './tags';

export const DEVICE_TYPES = ['1', '2', '3', '4'] as const;
const WIRE_TIME = 'YYYY-MM-DD HH:mm:ss';

export interface FilterValues {
  plantId?: string;
  deviceSn?: string;
  deviceType?: string;
  level?: string;
  alarmStatus?: string;
  ackStatus?: string;
  handleStatus?: string;
  assigneeId?: string;
  range?: [Dayjs | null, Dayjs | null] | null;
}

/** The form's values as the list's query (empty ones left out, the range as `startTime` / `endTime`). */
export function toQuery(values: FilterValues): AlarmQuery {
  const { range, ...rest } = values;
  const out: Record<string, string> = {};
  for (const [k, v] of Object.entries(rest)) {
    const s = typeof v === 'string' ? v.trim() : v === undefined || v === null ? '' : String(v);
    if (s) out[k] = s;
  }
  if (range?.[0]) out.startTime = range[0].format(WIRE_TIME);
  if (range?.[1]) out.endTime = range[1].format(WIRE_TIME);
  return out;
}

export function AlarmFilters({ dicts, onSearch }: { dicts: AlarmDicts; onSearch(query: AlarmQuery): void }) {
  const { t } = useTranslation();
  const { has } = usePermission();
  const [form] = Form.useForm<FilterValues>();
  const [stationName, setStationName] = useState('');
  const [userName, setUserName] = useState('');
  const canStations = holdsPage(has, 'power_station');
  const canUsers = holdsPage(has, 'user');
  const stations = useStationOptions(stationName, canStations);
  const users = useUserOptions(userName, canUsers);
  const submit = () => onSearch(toQuery(form.getFieldsValue()));
  const select = { allowClear: true, style: { width: 150 } };

  return (
    <Form form={form} name="alarmFilter" layout="inline" onFinish={submit} style={{ rowGap: 8, marginBottom: 12 }} aria-label={t('alarm.filters')}>
      {canStations && (
        <Form.Item name="plantId" label={t('alarm.field.plantName')}>
          <Select
            {...select}
            style={{ width: 180 }}
            showSearch
            filterOption={false}
            onSearch={setStationName}
            loading={stations.isFetching}
            options={stations.data ?? []}
          />
        </Form.Item>
      )}
      <Form.Item name="deviceSn" label={t('alarm.field.deviceSn')}>
        <Input allowClear style={{ width: 170 }} />
      </Form.Item>
      <Form.Item name="deviceType" label={t('alarm.field.deviceType')}>
        <Select {...select} options={DEVICE_TYPES.map((v) => ({ value: v, label: t(`alarm.deviceType.${v}`) }))} />
      </Form.Item>
      <Form.Item name="level" label={t('alarm.field.level')}>
        <Select {...select} options={dicts.options('alarm_severity')} />
      </Form.Item>
      <Form.Item name="alarmStatus" label={t('alarm.field.alarmStatus')}>
        <Select {...select} options={dicts.options('alarm_status')} />
      </Form.Item>
      <Form.Item name="ackStatus" label={t('alarm.field.ackStatus')}>
        <Select {...select} options={dicts.options('alarm_ack_status')} />
      </Form.Item>
      <Form.Item name="handleStatus" label={t('alarm.field.handleStatus')}>
        <Select {...select} options={dicts.options('alarm_handle_status')} />
      </Form.Item>
      <Form.Item name="range" label={t('alarm.field.triggerTime')}>
        <DatePicker.RangePicker showTime allowEmpty={[true, true]} placeholder={[t('alarm.from'), t('alarm.to')]} />
      </Form.Item>
      {canUsers && (
        <Form.Item name="assigneeId" label={t('alarm.field.assignee')}>
          <Select
            {...select}
            style={{ width: 180 }}
            showSearch
            filterOption={false}
            onSearch={setUserName}
            loading={users.isFetching}
            options={users.data ?? []}
          />
        </Form.Item>
      )}
      <Form.Item>
        <Space>
          <Button type="primary" htmlType="submit">
            {t('alarm.search')}
          </Button>
          <Button
            onClick={() => {
              form.resetFields();
              setStationName('');
              setUserName('');
              submit();
            }}
          >
            {t('alarm.reset')}
          </Button>
        </Space>
      </Form.Item>
    </Form>
  );
}
