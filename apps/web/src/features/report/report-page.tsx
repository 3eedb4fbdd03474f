/**
 * Reports (`/report/list`): files the server generated from its fixed report types (station KPI workbook, API
 * activity) — list, "generate" (type and date range, at most 366 days), download and delete. Nothing a user types
 * becomes a query or a template: the dialog only picks a type and dates.
 */
import { useMemo, useState } from 'react';
import { Button, DatePicker, Form, Select } from 'antd';
import { DownloadOutlined, FileAddOutlined } from '@ant-design/icons';
import dayjs from 'dayjs';
import type { Dayjs } from 'dayjs';
import type { TFunction } from 'i18next';
import { useTranslation } from 'react-i18next';
import type { ResourceDef } from '@helio/contracts/crud/resource';
import { REPORT_TYPES, reportResource } from '@helio/contracts/modules/report/report.resource';
import { CrudPage } from '@/core/crud/crud-page';
import type { CrudContext, FieldOverride } from '@/core/crud/crud-page';
import { FormDialog } from '@/core/crud/form-dialog';
import { localeLabel } from '@/core/crud/labels';
import type { Row } from '@/core/crud/use-crud-resource';
import { downloadFile } from '@/core/http/download';
import { http } from '@/core/http/http';
import { toast } from '@/core/notify';
import { formatBytes } from '@/features/resource/upload-rules';

export const MAX_REPORT_DAYS = 366;

interface GenerateValues {
  type: string;
  range: [Dayjs, Dayjs];
}

/** The generate call's query: type and `yyyy-MM-dd` dates; null when the range is longer than the server takes. */
export function generateParams(v: GenerateValues): { type: string; from: string; to: string } | null {
  const [from, to] = v.range;
  if (to.diff(from, 'day') > MAX_REPORT_DAYS || to.isBefore(from, 'day')) return null;
  return { type: v.type, from: from.format('YYYY-MM-DD'), to: to.format('YYYY-MM-DD') };
}

export function ReportPage() {
  const { t } = useTranslation();
  const [generating, setGenerating] = useState<{ done(): void } | null>(null);
  const def: ResourceDef = useMemo(
    () => ({
      ...reportResource,
      // Rows have no form: "download" replaces "view".
      actions: reportResource.actions.filter((a) => a !== 'view'),
      fields: [
        ...reportResource.fields.map((f) =>
          f.key === 'reportType' ? { ...f, kind: 'select' as const, options: REPORT_TYPES.map((type) => ({ value: type, label: localeLabel(`report.type.${type}`) })) } : f,
        ),
        { key: 'createTime', label: localeLabel('report.createTime'), kind: 'datetime', form: false, sortable: true },
      ],
    }),
    [],
  );
  const fields: Record<string, FieldOverride> = {
    reportType: { render: (v) => t(`report.type.${String(v)}`, { defaultValue: String(v || '-') }) },
    fileSize: { render: (v) => formatBytes(v) },
  };

  const download = (row: Row) =>
    void downloadFile(`${reportResource.api}/download`, { id: String(row.id) }, String(row.fileName || 'report.xlsx')).catch((e: unknown) => console.error(e));

  const toolbar = (ctx: CrudContext) =>
    ctx.has('export') && (
      <Button key="generate" type="primary" icon={<FileAddOutlined />} onClick={() => setGenerating({ done: ctx.reload })}>
        {t('report.generate')}
      </Button>
    );
  const rowActions = (row: Row, ctx: CrudContext) =>
    (ctx.has('view') || ctx.has('export')) && (
    <Button type="link" size="small" icon={<DownloadOutlined />} onClick={() => download(row)}>
      {t('report.download')}
    </Button>
  );

  return (
    <>
      <CrudPage resource={def} fields={fields} toolbar={toolbar} rowActions={rowActions} />
      {generating && (
        <GenerateDialog
          t={t}
          onClose={() => setGenerating(null)}
          onDone={() => {
            generating.done();
            setGenerating(null);
          }}
        />
      )}
    </>
  );
}

function GenerateDialog({ t, onClose, onDone }: { t: TFunction; onClose(): void; onDone(): void }) {
  return (
    <FormDialog<GenerateValues>
      open
      title={t('report.generate')}
      okText={t('report.generateOk')}
      initialValues={{ type: REPORT_TYPES[0], range: [dayjs().subtract(29, 'day'), dayjs()] }}
      onClose={onClose}
      onSubmit={async (values) => {
        const params = generateParams(values);
        if (!params) return false;
        const created = await http.post<{ name?: string }>(`${reportResource.api}/generate`, { params });
        toast.success(t('report.generated', { name: created?.name ?? '' }));
        onDone();
        return false;
      }}
    >
      <Form.Item name="type" label={t('report.typeLabel')} rules={[{ required: true, message: t('report.rule.type') }]}>
        <Select options={REPORT_TYPES.map((type) => ({ value: type, label: t(`report.type.${type}`) }))} />
      </Form.Item>
      <Form.Item
        name="range"
        label={t('report.range')}
        rules={[
          { required: true, message: t('report.rule.range') },
          {
            validator: (_, v: [Dayjs, Dayjs] | undefined) =>
              !v || generateParams({ type: 'x', range: v }) ? Promise.resolve() : Promise.reject(new Error(t('report.rule.rangeMax', { max: MAX_REPORT_DAYS }))),
          },
        ]}
      >
        <DatePicker.RangePicker style={{ width: '100%' }} disabledDate={(d) => d.isAfter(dayjs(), 'day')} />
      </Form.Item>
    </FormDialog>
  );
}
