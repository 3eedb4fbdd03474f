/**
 * Factory (exit-factory) lists of inverters, batteries, guardians and EV chargers (spec §1, §3, §5, §7): the generic
 * CRUD screen of each definition plus Excel import (template, overwrite switch, row-level errors, optional skip of
 * bad rows) and export of the filtered list, shown by the `<page>_import` / `<page>_export` buttons. The usage flag
 * is kept by device registration: a registered device's serial number is read-only in the form and the server
 * refuses to remove its row.
 */
import { useMemo } from 'react';
import { Input, Tag, Tooltip } from 'antd';
import { InfoCircleOutlined, LockOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import type { ResourceDef } from '@helio/contracts/crud/resource';
import {
  batteryFactoryResource,
  chargerFactoryResource,
  guardianFactoryResource,
  inverterFactoryResource,
} from '@helio/contracts/modules/factory/factory.resource';
import type { FieldOverride } from '@/core/crud/crud-page';
import { useDict } from '@/core/crud/dict';
import { SheetCrudPage } from '@/core/crud/sheet-crud-page';

const isUsed = (row: Record<string, unknown> | undefined) => Number(row?.usageFlag) === 1;

function FactoryPage({ resource }: { resource: ResourceDef }) {
  const { t } = useTranslation();
  const usage = useDict('device_usage');

  const fields = useMemo<Record<string, FieldOverride>>(
    () => ({
      deviceSn: {
        // A registered device keeps its serial number (the server refuses the change too).
        widget: ({ disabled, placeholder, mode, record }) => {
          const locked = mode === 'edit' && isUsed(record);
          return (
            <Input
              disabled={disabled || locked}
              placeholder={placeholder}
              autoComplete="off"
              suffix={
                locked ? (
                  <Tooltip title={t('factory.snLocked')}>
                    <LockOutlined aria-label={t('factory.snLocked')} />
                  </Tooltip>
                ) : (
                  <span />
                )
              }
            />
          );
        },
      },
      warrantyEnd: { extra: t('factory.warrantyEndHint') },
      usageFlag: {
        render: (value) => {
          if (value === '' || value === null || value === undefined) return '-';
          const name = usage.find((u) => u.dictKey === String(value))?.dictValue ?? String(value);
          return <Tag color={Number(value) === 1 ? 'processing' : 'default'}>{name}</Tag>;
        },
      },
    }),
    [t, usage],
  );

  return (
    <SheetCrudPage
      resource={resource}
      fields={fields}
      extra={
        <Tooltip title={t('factory.usageHint')}>
          <InfoCircleOutlined aria-label={t('factory.usageHint')} style={{ color: 'var(--ant-color-text-tertiary)' }} />
        </Tooltip>
      }
    />
  );
}

export function InverterFactoryPage() {
  return <FactoryPage resource={inverterFactoryResource} />;
}

export function BatteryFactoryPage() {
  return <FactoryPage resource={batteryFactoryResource} />;
}

export function GuardianFactoryPage() {
  return <FactoryPage resource={guardianFactoryResource} />;
}

export function ChargerFactoryPage() {
  return <FactoryPage resource={chargerFactoryResource} />;
}
