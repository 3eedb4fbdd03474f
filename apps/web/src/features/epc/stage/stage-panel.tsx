/**
 * The order's "current stage" panel: the stage's form (editable when the caller may save or submit it, else the
 * stored data read-only; review-only stages show the form they review), and one button per action the caller may
 * take now (`detail.actions`, computed by the server from the process definition): save, submit, approve, reject
 * (a reason, and the target when the definition's `rejectTo` offers several), assign (designated persons), cancel
 * and edit requests and their examination. Each calls the stage's endpoint (stage-actions.ts) with the order's
 * version; a 409 shows the shared conflict dialog and reloads; a 400's fields are marked (use-step-errors.tsx).
 */
import { useEffect, useMemo, useRef, useState } from 'react';
import { Alert, Button, Empty, Form, Result, Space, Tag } from 'antd';
import { useTranslation } from 'react-i18next';
import type { TFunction } from 'i18next';
import type { DataOf } from '@helio/contracts/api/endpoint';
import type { baseOrderInfo } from '@helio/contracts/modules/epc/order.api';
import type { FormDef } from '@helio/contracts/process/types';
import { toast } from '@/core/notify';
import { OfflineStatus } from '@/core/offline/offline-status';
import { newSubmissionId, offlineQueue, type QueueEntry } from '@/core/offline/queue';
import { useQueue } from '@/core/offline/use-offline';
import { SchemaFormFields } from '@/core/stage/schema-form';
import { formFields } from '@/core/stage/schema-model';
import { SchemaView } from '@/core/stage/schema-view';
import type { SchemaViewProps } from '@/core/stage/schema-view';
import { fromWire, stillUploading, toWire } from '@/core/stage/wire';
import { EPC_STEP, orderScope, type StepPayload } from '../field-offline';
import { processOf } from '../process';
import { AssignForm } from './assign-form';
import type { AssignValues } from './assign-form';
import { epcOverrides, labelPrefix } from './epc-fields';
import { ReasonDialog } from './reason-dialog';
import { EditRequestDialog, PendingRequest } from './requests';
import { processCall, rejectTargets, shownForm, STAGE_CALLS, stageActions } from './stage-actions';
import type { ActionInput } from './stage-actions';
import { initialData } from './stage-data';
import { stageUiOf, type StageUi } from './stage-ui';
import { auditLines, insufficient, StockLines, useStockDetail } from './stock-lines';
import { useStepErrors } from './use-step-errors';

export { CustomerForm } from './customer-form';
export type { CustomerFormProps } from './customer-form';

export type { OrderDetail } from './stage-ui';
type OrderDetail = DataOf<typeof baseOrderInfo>;

export interface StagePanelProps {
  /** The `selectBaseOrderInfo` data. */
  detail: OrderDetail;
  /** Called after any successful action (and on "Reload" after a conflict), so the page reloads the detail. */
  onChanged: () => void;
  /** The order kind's own stage additions, by stage id (stage-ui.ts `stageUiOf`). */
  stageUi?: Readonly<Record<string, StageUi>>;
}

type Rec = Record<string, unknown>;
type Dialog = null | 'reject' | 'cancel' | 'edit';

/** The panel; keyed by order version so a reload starts from the stored data. */
export function StagePanel({ detail, onChanged, stageUi }: StagePanelProps) {
  return <StageBody key={`${detail.order.id}:${detail.order.version}`} detail={detail} onChanged={onChanged} stageUi={stageUi} />;
}

function StageBody({ detail, onChanged, stageUi }: StagePanelProps) {
  const { t, i18n } = useTranslation();
  const { order, actions, data } = detail;
  const stage = order.stage;
  // The order's own definition (installer or maintenance order): its stage, forms and reject targets.
  const def = processOf(order.process);
  const st = def.stage(stage);
  const ui = stageUiOf(def, stage, stageUi);
  const { form: formDef, own } = shownForm(stage, def);
  // Editable when the caller may save or submit it (or approve a stage whose approver fills it), and the API has that
  // step (part 2's stages have none yet: their forms stay read-only).
  const calls = STAGE_CALLS[stage] ?? {};
  const may = (a: 'save' | 'submit' | 'approve') => actions.includes(a) && Boolean(calls[a]);
  const editable = Boolean(formDef && own && (may('save') || may('submit') || (!st?.review && may('approve'))));
  const [form] = Form.useForm();
  const [assignForm] = Form.useForm<AssignValues>();
  const draft = useRef(false);
  const isDraft = () => draft.current;
  const nodes = useMemo(() => (formDef ? formFields(formDef.schema) : []), [formDef]);
  const overrides = useMemo(() => (formDef ? epcOverrides(formDef, t, () => draft.current) : {}), [formDef, t]);
  const isStock = stage === 'stock_audit';
  const stock = useStockDetail(order.id, isStock, order.process);
  const stockLines = stock.data?.lines ?? [];
  const { handle, modalHolder } = useStepErrors(editable ? form : undefined, formDef, onChanged);
  const [busy, setBusy] = useState<string | null>(null);
  const [dialog, setDialog] = useState<Dialog>(null);
  const buttons = stageActions(stage, actions);
  const Extra = ui?.Extra;
  const language = i18n.language;
  const stageName = st ? (language === 'en-US' ? st.name.en : st.name.zh) : stage;
  // Offline (issue 19): a kept step of this order blocks the buttons until it is synced or dropped; a sync reloads.
  const scope = orderScope(order.id);
  const queued = useQueue(scope);
  const waiting = queued.entries.some((e) => e.status !== 'refused');
  const syncedId = queued.synced?.id;
  const seenSync = useRef(syncedId);
  useEffect(() => {
    if (syncedId && syncedId !== seenSync.current) {
      seenSync.current = syncedId;
      onChanged();
    }
  }, [syncedId, onChanged]);

  if (!st || st.terminal) return <Result status="info" title={t('epc-stage.panel.ended')} subTitle={stageName} />;

  const base = { orderId: order.id, version: order.version, process: order.process };
  const done = () => {
    toast.success(t('epc-stage.panel.done'));
    onChanged();
  };
  /** Runs a call: success reloads; a refusal is shown (conflict dialog, field errors, message). */
  const run = async (key: string, call: () => Promise<unknown>) => {
    setBusy(key);
    try {
      if ((await call()) === 'kept') toast.warning(t('offline.kept'));
      else done();
      return true;
    } catch (e) {
      handle(e);
      return false;
    } finally {
      setBusy(null);
    }
  };
  /** The form's wire data after its rules (a draft skips "required"); undefined when it does not pass. */
  const formData = async (asDraft: boolean): Promise<Rec | undefined> => {
    draft.current = asDraft;
    try {
      await form.validateFields();
    } catch {
      return undefined;
    } finally {
      draft.current = false;
    }
    const values = form.getFieldsValue(true) as Rec;
    if (stillUploading(nodes, values)) {
      toast.warning(t('epc-stage.panel.uploading'));
      return undefined;
    }
    return toWire(nodes, values);
  };

  const act = async (action: (typeof buttons)[number]) => {
    if (action === 'reject') return setDialog('reject');
    const call = STAGE_CALLS[stage]?.[action];
    if (!call) return;
    let input: ActionInput = { ...base };
    if (action === 'assign') {
      try {
        Object.assign(input, await assignForm.validateFields());
      } catch {
        return;
      }
    } else if (isStock && action === 'approve') {
      if (insufficient(stockLines).length) return;
      const extra = editable ? await formData(false) : {};
      if (!extra) return;
      input.form = { ...extra, lines: auditLines(stockLines, data.stockAudit) };
    } else if (editable && (action === 'save' || action === 'submit' || action === 'approve')) {
      const f = await formData(action === 'save');
      if (!f) return;
      input.form = f;
    }
    const before = ui?.beforeCall;
    if (before) {
      const ready = await before(action, input, detail);
      if (!ready) return;
      input = ready;
    }
    // Through the offline queue: one id per press, the same id on every retry (the server acts on it once).
    const id = newSubmissionId();
    const payload: StepPayload = { stage, action, input: { ...input, submissionId: id } };
    await run(action, () => offlineQueue.submit({ id, kind: EPC_STEP, scope, payload }));
  };
  /** A refused kept step back into the form (same stage, editable), then out of the queue. */
  const restore = (e: QueueEntry) => {
    const p = e.payload as StepPayload;
    if (editable && formDef && p.stage === stage && p.input.form) form.setFieldsValue(fromWire(nodes, p.input.form));
    offlineQueue.remove(e.id);
  };

  const targets = rejectTargets(stage, def);
  const blocked = isStock && insufficient(stockLines).length > 0;
  const requester = detail.pendingRequest ? detail.history.find((h) => h.userId === detail.pendingRequest?.by)?.userName : null;

  return (
    <div data-testid="stage-panel" data-stage={stage}>
      {modalHolder}
      <Space wrap style={{ marginBottom: 12 }}>
        <Tag color="blue">{stageName}</Tag>
        {order.inReview && <Tag color="orange">{t('epc-stage.panel.inReview')}</Tag>}
      </Space>
      {detail.pendingRequest && (
        <PendingRequest
          pending={detail.pendingRequest}
          byName={requester}
          canExamine={actions.includes('examine')}
          process={order.process}
          onExamine={(approved, reason) => run('examine', () => processCall.examine(detail.pendingRequest!.kind, { ...base, approved, reason }))}
        />
      )}
      <OfflineStatus scope={scope} onRestore={restore} />
      {isStock && <StockLines lines={stockLines} loading={stock.isFetching} />}
      {Extra && <Extra detail={detail} onChanged={onChanged} />}
      {ui?.assigns && (
        <AssignForm orderId={order.id} process={order.process} form={assignForm} disabled={!actions.includes('assign')} initial={assigneesOf(detail)} />
      )}
      <StageForm
        detail={detail}
        formDef={formDef}
        editable={editable}
        form={form}
        overrides={overrides}
        isDraft={isDraft}
        hideLines={isStock}
        assigns={Boolean(ui?.assigns)}
      />
      {buttons.length === 0 && !actions.includes('cancel') && !actions.includes('edit') && !actions.includes('examine') && (
        <Alert type="info" showIcon message={t('epc-stage.panel.noActions')} style={{ marginTop: 12 }} />
      )}
      <Space wrap style={{ marginTop: 16 }} data-testid="stage-actions">
        {buttons.map((a) => (
          <Button
            key={a}
            type={a === 'save' || a === 'reject' ? 'default' : 'primary'}
            danger={a === 'reject'}
            loading={busy === a}
            disabled={(busy !== null && busy !== a) || (a === 'approve' && blocked) || waiting}
            onClick={() => void act(a)}
          >
            {t(`epc-stage.panel.action.${a}`)}
          </Button>
        ))}
        {actions.includes('edit') && stage !== 'create' && (
          <Button disabled={busy !== null || waiting} onClick={() => setDialog('edit')}>
            {t('epc-stage.panel.action.edit')}
          </Button>
        )}
        {actions.includes('cancel') && (
          <Button danger type="text" disabled={busy !== null || waiting} onClick={() => setDialog('cancel')}>
            {t('epc-stage.panel.action.cancel')}
          </Button>
        )}
      </Space>
      <ReasonDialog
        open={dialog === 'reject'}
        title={t('epc-stage.panel.reject.title')}
        okText={t('epc-stage.panel.reject.ok')}
        reasonLabel={t('epc-stage.panel.reject.reason')}
        targets={targets}
        def={def}
        danger
        onClose={() => setDialog(null)}
        onOk={async ({ reason, targetStage }) => {
          const call = STAGE_CALLS[stage]?.reject;
          if (call && (await run('reject', () => call({ ...base, reason, ...(targetStage ? { targetStage } : {}) })))) setDialog(null);
        }}
      />
      <ReasonDialog
        open={dialog === 'cancel'}
        title={t('epc-stage.panel.cancel.title')}
        okText={t('epc-stage.panel.action.cancel')}
        reasonLabel={t('epc-stage.panel.cancel.reason')}
        hint={(def.cancel.examine as readonly string[]).includes(stage) ? t('epc-stage.panel.cancel.hint') : undefined}
        danger
        onClose={() => setDialog(null)}
        onOk={async ({ reason }) => {
          if (await run('cancel', () => processCall.cancel({ ...base, reason }))) setDialog(null);
        }}
      />
      {dialog === 'edit' && (
        <EditRequestDialog
          open
          detail={detail}
          onClose={() => setDialog(null)}
          onSubmit={async (customer, reason) => {
            if (await run('edit', () => processCall.edit({ ...base, form: customer, reason }))) setDialog(null);
          }}
        />
      )}
    </div>
  );
}

const assigneesOf = (detail: OrderDetail): Partial<AssignValues> => ({
  technicianIds: detail.assignees.site_technician ?? [],
  electricianIds: detail.assignees.electrician ?? [],
});

/**
 * Stored values the read-only view shows by their labels in the reader's language, per form: the EHS PPE choice is a
 * fixed list of codes (field/ehs-fields.tsx `PPE_ITEMS`, labels `epc-field.ehs.ppe.<code>`), not a dictionary, so the
 * schema view would show the codes. A code outside the list stays as it is; an empty choice falls back to "none".
 */
export function storedRender(formKey: string, t: TFunction): SchemaViewProps['render'] {
  if (formKey !== 'ehs') return undefined;
  return {
    ppe: (v) => {
      const codes = Array.isArray(v) ? v.map(String).filter((c) => c !== '') : [];
      return codes.length ? codes.map((c) => t(`epc-field.ehs.ppe.${c}`, { defaultValue: c })).join(', ') : undefined;
    },
  };
}

/** The stage's form: editable (initial values from the stored data or what earlier stages imply) or read-only. */
function StageForm(props: {
  detail: OrderDetail;
  formDef: FormDef | undefined;
  editable: boolean;
  form: ReturnType<typeof Form.useForm>[0];
  overrides: ReturnType<typeof epcOverrides>;
  isDraft: () => boolean;
  hideLines: boolean;
  /** The stage assigns persons (its form is the assign form above). */
  assigns: boolean;
}) {
  const { t } = useTranslation();
  const { detail, formDef, editable, form, isDraft, hideLines } = props;
  const nodes = useMemo(() => (formDef ? formFields(formDef.schema) : []), [formDef]);
  const initial = useMemo(() => (formDef ? fromWire(nodes, initialData(formDef.key, detail.data)) : {}), [formDef, nodes, detail.data]);
  if (!formDef) return props.assigns ? null : <Empty description={t('epc-stage.panel.noForm')} image={Empty.PRESENTED_IMAGE_SIMPLE} />;
  const overrides = hideLines ? { ...props.overrides, lines: { hidden: true } } : props.overrides;
  if (!editable) {
    const stored = detail.data[formDef.key];
    return stored === undefined ? (
      <Empty description={t('epc-stage.panel.noForm')} image={Empty.PRESENTED_IMAGE_SIMPLE} />
    ) : (
      <SchemaView form={formDef} labelPrefix={labelPrefix(formDef)} data={stored} files={detail.files} render={storedRender(formDef.key, t)} />
    );
  }
  return (
    <Form form={form} layout="vertical" initialValues={initial} data-testid={`stage-form-${formDef.key}`} scrollToFirstError>
      <SchemaFormFields form={formDef} labelPrefix={labelPrefix(formDef)} overrides={overrides} isDraft={isDraft} />
    </Form>
  );
}
