/**
 * Logs (`/monitor/log/usual`, `/api`, `/error`): read-only lists with the definition's filters plus a time range,
 * and a detail dialog with every field of the record as the server answers it — request parameters arrive with
 * passwords, tokens and secrets already masked, stack traces only for platform users.
 */
import { useMemo, useState } from 'react';
import { Button, DatePicker, Descriptions, Modal, Spin, Tag, Typography } from 'antd';
import type { Dayjs } from 'dayjs';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import type { FieldDef, ResourceDef } from '@helio/contracts/crud/resource';
import { logApiResource, logErrorResource, logUsualResource } from '@helio/contracts/modules/log/log.resource';
import { CrudPage } from '@/core/crud/crud-page';
import type { CrudContext, FieldOverride } from '@/core/crud/crud-page';
import { localeLabel, useLabel } from '@/core/crud/labels';
import type { Row } from '@/core/crud/use-crud-resource';
import { http } from '@/core/http/http';
import type { QueryParams } from '@/core/http/types';
import './monitor.css';

const LONG_FIELDS = new Set(['params', 'stackTrace', 'logData', 'message', 'userAgent']);

/** The time range filter as the list's allow-listed `createTime_datege` / `createTime_datele`. */
export function rangeParams(range: [Dayjs | null, Dayjs | null] | null): QueryParams {
  const [from, to] = range ?? [null, null];
  return {
    createTime_datege: from ? from.format('YYYY-MM-DD HH:mm:ss') : undefined,
    createTime_datele: to ? to.format('YYYY-MM-DD HH:mm:ss') : undefined,
  };
}

/** JSON text pretty-printed; anything else as it is. */
export function pretty(value: unknown): string {
  const text = value === undefined || value === null ? '' : String(value);
  if (!/^\s*[[{]/.test(text)) return text;
  try {
    return JSON.stringify(JSON.parse(text), null, 2);
  } catch {
    return text;
  }
}

type Choices = Record<string, readonly { value: string; key: string }[]>;

function LogPage({ resource, fields, choices }: { resource: ResourceDef; fields?: Record<string, FieldOverride>; choices?: Choices }) {
  const { t } = useTranslation();
  const [range, setRange] = useState<[Dayjs | null, Dayjs | null] | null>(null);
  const [detail, setDetail] = useState<Row | null>(null);
  const createTime: FieldDef = useMemo(() => ({ key: 'createTime', label: localeLabel('monitor.createTime'), kind: 'datetime', form: false, sortable: true }), []);
  const def: ResourceDef = useMemo(
    () => ({
      ...resource,
      // The detail dialog below replaces the generic "view" (log fields have no form).
      actions: [],
      fields: [
        // Filters on fixed values as drop-downs.
        ...resource.fields.map((f) =>
          choices?.[f.key] ? { ...f, kind: 'select' as const, options: choices[f.key]!.map((c) => ({ value: c.value, label: localeLabel(c.key) })) } : f,
        ),
        createTime,
      ],
    }),
    [resource, createTime, choices],
  );
  const params = useMemo(() => rangeParams(range), [range]);

  const toolbar = () => (
    <DatePicker.RangePicker
      key="range"
      showTime
      allowEmpty={[true, true]}
      value={range}
      onChange={(v) => setRange(v as [Dayjs | null, Dayjs | null] | null)}
      placeholder={[t('monitor.from'), t('monitor.to')]}
      aria-label={t('monitor.range')}
    />
  );
  const rowActions = (row: Row, ctx: CrudContext) =>
    ctx.has('view') && (
      <Button type="link" size="small" onClick={() => setDetail(row)}>
        {t('monitor.detail')}
      </Button>
    );

  return (
    <>
      <CrudPage resource={def} fields={fields} params={params} toolbar={toolbar} rowActions={rowActions} />
      {detail && <LogDetail def={def} row={detail} onClose={() => setDetail(null)} />}
    </>
  );
}

function LogDetail({ def, row, onClose }: { def: ResourceDef; row: Row; onClose(): void }) {
  const { t } = useTranslation();
  const label = useLabel();
  const detail = useQuery({
    queryKey: ['crud', def.name, 'detail', String(row.id)],
    queryFn: () => http.get<Row>(`${def.api}/detail`, { params: { id: String(row.id) } }),
  });
  const record = detail.data;
  return (
    <Modal open title={t('monitor.detailTitle', { title: label(def.title) })} width={900} onCancel={onClose} footer={null} destroyOnHidden>
      {!record ? (
        <div style={{ padding: 48, textAlign: 'center' }}>{detail.isError ? t('monitor.loadFailed') : <Spin />}</div>
      ) : (
        <Descriptions bordered size="small" column={{ xs: 1, sm: 2, md: 2, lg: 2, xl: 2, xxl: 2 }} className="helio-log-detail">
          {def.fields.map((f) => {
            const value = record[f.key];
            const long = LONG_FIELDS.has(f.key);
            const text = value === undefined || value === null || value === '' ? '-' : String(value);
            return (
              <Descriptions.Item key={f.key} label={label(f.label)} span={long ? 2 : 1}>
                {long && text !== '-' ? (
                  <pre className="helio-log-detail__pre" data-field={f.key}>
                    {pretty(value)}
                  </pre>
                ) : (
                  <span data-field={f.key}>{text}</span>
                )}
              </Descriptions.Item>
            );
          })}
        </Descriptions>
      )}
    </Modal>
  );
}

const LEVEL_COLOR: Record<string, string> = { error: 'error', warn: 'warning', info: 'processing', debug: 'default' };
const USUAL_CHOICES: Choices = { logLevel: ['error', 'warn', 'info', 'debug'].map((v) => ({ value: v, key: `monitor.level.${v}` })) };
const ERROR_CHOICES: Choices = { source: ['server', 'web'].map((v) => ({ value: v, key: `monitor.source.${v}` })) };

export function UsualLogPage() {
  const fields: Record<string, FieldOverride> = useMemo(
    () => ({
      logLevel: { render: (v) => <Tag color={LEVEL_COLOR[String(v).toLowerCase()] ?? 'default'}>{String(v || '-')}</Tag> },
      logData: { width: 280 },
      requestUri: { width: 240 },
    }),
    [],
  );
  return <LogPage resource={logUsualResource} fields={fields} choices={USUAL_CHOICES} />;
}

export function ApiLogPage() {
  const fields: Record<string, FieldOverride> = useMemo(
    () => ({
      title: { width: 240 },
      requestUri: { width: 260 },
      resultCode: { render: (v) => <Tag color={Number(v) === 200 ? 'success' : Number(v) >= 500 ? 'error' : 'warning'}>{String(v ?? '-')}</Tag> },
      method: { render: (v) => <Typography.Text code>{String(v || '-')}</Typography.Text> },
    }),
    [],
  );
  return <LogPage resource={logApiResource} fields={fields} />;
}

export function ErrorLogPage() {
  const { t } = useTranslation();
  const fields: Record<string, FieldOverride> = useMemo(
    () => ({
      source: { render: (v) => <Tag color={v === 'web' ? 'purple' : 'red'}>{t(`monitor.source.${String(v || 'server')}`, { defaultValue: String(v) })}</Tag> },
      message: { width: 280 },
      requestUri: { width: 240 },
    }),
    [t],
  );
  return <LogPage resource={logErrorResource} fields={fields} choices={ERROR_CHOICES} />;
}
