/**
 * `/epc/maintenance/detail/:id`: one maintenance order — the installer order's detail page (features/epc
 * `OrderDetailView`) on the maintenance definition: the detail from `maintenanceOrder/detail`, the stage panel's calls
 * to the maintenance twins, the diagram and forms of `MAINT_ORDER_PROCESS`. What maintenance adds: the call-in's facts
 * and the devices replaced under the head, the devices' warranty at its verification (warranty-panel.tsx) and at the
 * repair QC the device replacement (replace-device.tsx).
 */
import { Descriptions } from 'antd';
import { useTranslation } from 'react-i18next';
import { PageLink } from '@/components/page-link';
import type { OrderDetail } from '@/features/epc/api';
import { stationPath } from '@/features/epc/field/commissioned';
import { OrderDetailView } from '@/features/epc/order-detail-page';
import { MAINT_PROCESS } from '@/features/epc/process';
import type { StageUi } from '@/features/epc/stage/stage-ui-types';
import { MAINT_DETAIL, MAINT_LIST, useFeeTypes } from './api';
import { ReplaceDevice, Replacements } from './replace-device';
import { WarrantyPanel } from './warranty-panel';

/** The maintenance order's own stage parts, by stage id (in place of the installer order's there). */
export const MAINT_STAGE_UI: Readonly<Record<string, StageUi>> = {
  warranty_verification: { Extra: WarrantyPanel },
  qc_submission: { Extra: ReplaceDevice },
};

type Rec = Record<string, unknown>;
const text = (v: unknown) => (typeof v === 'string' || typeof v === 'number' ? String(v) : '');

/** The call-in as registered: when, what, which device, the fee type, the warranty, a COC and the work order. */
export function CallInFacts({ detail }: { detail: OrderDetail }) {
  const { t } = useTranslation();
  const fees = useFeeTypes();
  const c = (detail.data.customer ?? {}) as Rec;
  const items = [
    { key: 'callInTime', label: t('epc-stage.form.customer.callInTime'), children: text(c.callInTime) },
    { key: 'feeType', label: t('epc-stage.form.customer.feeType'), children: fees.name(text(c.feeType)) },
    { key: 'deviceSn', label: t('epc-stage.form.customer.deviceSn'), children: text(c.deviceSn) || '–' },
    {
      key: 'station',
      label: t('epc-stage.form.customer.stationId'),
      children: text(c.stationId) ? <PageLink to={stationPath(text(c.stationId))}>{t('maintenance.detail.station')}</PageLink> : '–',
    },
    { key: 'warrantyDate', label: t('epc-stage.form.customer.warrantyDate'), children: text(c.warrantyDate) || '–' },
    { key: 'coc', label: t('epc-stage.form.customer.cocRequired'), children: t(c.cocRequired === true ? 'stage.yes' : 'stage.no') },
    ...(text(c.workOrderNumber) ? [{ key: 'wo', label: t('epc-stage.form.customer.workOrderNumber'), children: text(c.workOrderNumber) }] : []),
    { key: 'problem', label: t('epc-stage.form.customer.problem'), span: 'filled' as const, children: text(c.problem) },
  ];
  return (
    <div data-testid="maint-call-in">
      <Descriptions size="small" style={{ marginTop: 12 }} column={{ xs: 1, sm: 2, md: 2, lg: 3, xl: 4, xxl: 4 }} items={items} />
      <Replacements detail={detail} />
    </div>
  );
}

export function MaintDetailPage() {
  return <OrderDetailView process={MAINT_PROCESS} listPath={MAINT_LIST} pattern={MAINT_DETAIL} stageUi={MAINT_STAGE_UI} HeadExtra={CallInFacts} />;
}
