/**
 * The QC form's special fields (issue 19; spec §3 QC, §5): each serial row's device type from the factory lists'
 * kinds and its serial from the order's shipped serials (serial-picker.tsx), the same serial refused in two rows;
 * photos and panel photos are the camera uploads of core/stage (downscaled on the device).
 */
import type { TFunction } from 'i18next';
import type { FieldOverride } from '@/core/stage/schema-form';
import { DeviceTypeSelect, repeatedSerials, SerialPicker } from './serial-picker';

/** Why the serial rows cannot be submitted (undefined: they can). */
export function serialsProblem(v: unknown, t: TFunction): string | undefined {
  const twice = repeatedSerials(v);
  return twice.length ? t('epc-field.qc.sameSn', { sn: twice.join(', ') }) : undefined;
}

/** The QC form's overrides (`epcOverrides` delegates here). */
export function qcOverrides(t: TFunction): Record<string, FieldOverride> {
  return {
    serials: { validate: (v) => serialsProblem(v, t) },
    'serials.deviceType': { widget: (ctx) => <DeviceTypeSelect row={ctx.row ?? 0} disabled={ctx.disabled} label={ctx.label} /> },
    'serials.sn': { widget: (ctx) => <SerialPicker row={ctx.row ?? 0} disabled={ctx.disabled} label={ctx.label} /> },
  };
}
