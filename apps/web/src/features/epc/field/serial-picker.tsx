/**
 * The QC form's serial rows (issue 19; spec §5 "same SN not chosen twice; SN must exist for inverter and battery"):
 * each row's serial is picked from the order's shipped serials (contracts `qcSubmission/getBasicQcInfo`), of the
 * row's device type when one is chosen (picking a serial first fills its type). A serial chosen in another row is
 * shown but disabled. Once picked, the serial is checked with `serialNumber/exist` and the answer — not in the factory
 * list, not the order's, installed at another station — shows under the field (online only; the server checks again).
 */
import { useSyncExternalStore } from 'react';
import { Form, Typography } from 'antd';
import { CheckCircleFilled, CloseCircleFilled } from '@ant-design/icons';
import { useQuery } from '@tanstack/react-query';
import type { TFunction } from 'i18next';
import { useTranslation } from 'react-i18next';
import type { DataOf } from '@helio/contracts/api/endpoint';
import { QC_DEVICE_TYPES, qcBasic, serialCheck, type QcDeviceType } from '@helio/contracts/modules/epc/order.field.api';
import { useEndpoint } from '@/core/http/endpoint';
import { http } from '@/core/http/http';
import { useOnline } from '@/core/offline/use-offline';
import { FormSelect } from '@/core/stage/schema-form';

type Row = { deviceType?: string; sn?: string } | undefined;
type Check = DataOf<typeof serialCheck>['results'][number];

// The order whose QC form is open: set by the QC panel above the form (stage-ui-field.tsx), read by the rows.
let current: string | undefined;
const listeners = new Set<() => void>();
export function setQcOrder(orderId: string | undefined): void {
  if (current === orderId) return;
  current = orderId;
  for (const l of listeners) l();
}
export const useQcOrder = () =>
  useSyncExternalStore(
    (fn) => {
      listeners.add(fn);
      return () => listeners.delete(fn);
    },
    () => current,
  );

export const isDeviceType = (v: unknown): v is QcDeviceType => (QC_DEVICE_TYPES as readonly unknown[]).includes(v);

/** The serials chosen more than once in the rows (spec §8 "same SN selected once"). */
export function repeatedSerials(rows: unknown): string[] {
  const seen = new Set<string>();
  const twice = new Set<string>();
  for (const r of Array.isArray(rows) ? (rows as Row[]) : []) {
    const sn = r?.sn?.trim();
    if (!sn) continue;
    if (seen.has(sn)) twice.add(sn);
    seen.add(sn);
  }
  return [...twice];
}

/** The message of a failed check (undefined: fine). */
export function checkMessage(c: Check, type: string, t: TFunction): string | undefined {
  const typeName = isDeviceType(type) ? t(`epc-field.qc.deviceType.${type}`) : type;
  if (!c.exists) return t('epc-field.qc.notExist', { type: typeName, sn: c.sn });
  if (!c.ofOrder) return t('epc-field.qc.notOrder', { sn: c.sn });
  if (c.installedElsewhere) return t('epc-field.qc.installed', { station: c.station ?? '—', sn: c.sn });
  if (c.repeated) return t('epc-field.qc.repeated', { sn: c.sn });
  return undefined;
}

const checkSerial = (orderId: string, deviceType: QcDeviceType, sn: string) =>
  http
    .request<{ data: DataOf<typeof serialCheck> }>(serialCheck.url, { method: serialCheck.method, params: { deviceType }, data: { orderId, serials: [sn] }, silent: true })
    .then((r) => r.data.results[0] ?? null);

/** The shipped serials of the open order (shared by the rows: one request). */
export function useShipped() {
  const orderId = useQcOrder();
  return useEndpoint(qcBasic, { orderId: orderId ?? '' }, { enabled: Boolean(orderId) });
}

export function DeviceTypeSelect({ id, value, onChange, row, disabled, label }: { id?: string; value?: string; onChange?: (v: string | undefined) => void; row: number; disabled: boolean; label: string }) {
  const { t } = useTranslation();
  const form = Form.useFormInstance();
  return (
    <FormSelect
      id={id}
      aria-label={label}
      value={value}
      disabled={disabled}
      placeholder={t('epc-field.qc.pickType')}
      style={{ minWidth: 130 }}
      options={QC_DEVICE_TYPES.map((d) => ({ value: d, label: t(`epc-field.qc.deviceType.${d}`) }))}
      onChange={(v: string | undefined) => {
        onChange?.(v);
        // A serial of another type no longer fits the row.
        form.setFieldValue(['serials', row, 'sn'], undefined);
      }}
    />
  );
}

export function SerialPicker({ id, value, onChange, row, disabled, label }: { id?: string; value?: string; onChange?: (v: string | undefined) => void; row: number; disabled: boolean; label: string }) {
  const { t } = useTranslation();
  const form = Form.useFormInstance();
  const orderId = useQcOrder();
  const online = useOnline();
  const basic = useShipped();
  const rows = (Form.useWatch('serials', form) as Row[] | undefined) ?? [];
  const type = rows[row]?.deviceType;
  const chosen = new Set(rows.filter((_, i) => i !== row).map((r) => r?.sn).filter(Boolean));
  const shipped = basic.data?.serials ?? [];
  const ofType = type ? new Set(basic.data?.byType[type] ?? shipped.filter((s) => s.deviceType === type).map((s) => s.sn)) : null;
  const options = shipped
    .filter((s) => !ofType || ofType.has(s.sn))
    .map((s) => ({ value: s.sn, label: `${s.sn} · ${s.sku}`, disabled: chosen.has(s.sn) }));
  if (value && !options.some((o) => o.value === value)) options.unshift({ value, label: value, disabled: false });
  const check = useQuery({
    queryKey: ['qc-serial-check', orderId, type, value],
    queryFn: () => checkSerial(orderId!, type as QcDeviceType, value!),
    enabled: Boolean(orderId && value && isDeviceType(type) && online),
    retry: false,
    staleTime: 30_000,
  });
  const problem = check.data ? checkMessage(check.data, type ?? '', t) : undefined;
  return (
    <div style={{ minWidth: 200 }}>
      <FormSelect
        id={id}
        aria-label={label}
        showSearch
        allowClear
        value={value}
        disabled={disabled}
        loading={basic.isFetching}
        placeholder={t('epc-field.qc.pick')}
        optionFilterProp="value"
        options={options}
        notFoundContent={t('epc-field.qc.noShipped')}
        data-testid={`serial-picker-${row}`}
        onChange={(sn: string | undefined) => {
          onChange?.(sn);
          const found = shipped.find((s) => s.sn === sn);
          if (sn && !type && found?.deviceType) form.setFieldValue(['serials', row, 'deviceType'], found.deviceType);
        }}
      />
      {value && check.isFetching && <Typography.Text style={{ display: 'block' }}>{t('epc-field.qc.checking')}</Typography.Text>}
      {value && !check.isFetching && check.data && (
        // The text in the body colour (the status colours are too light for small text), the icon says which.
        <Typography.Text data-testid={`serial-check-${row}`} role={problem ? 'alert' : undefined} style={{ display: 'block' }}>
          {problem ? <CloseCircleFilled aria-hidden style={{ color: '#cf1322', marginRight: 4 }} /> : <CheckCircleFilled aria-hidden style={{ color: '#389e0d', marginRight: 4 }} />}
          {problem ?? t('epc-field.qc.checked')}
        </Typography.Text>
      )}
    </div>
  );
}
