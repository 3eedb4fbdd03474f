/**
 * The EHS form's special fields (issue 19; spec §3 EHS, §5 "at least 3 risks with solutions, at least one PPE item,
 * declaration ticked"): the risks list needs three rows (each row's solution is required by the schema), PPE is
 * ticked from a list of common items (at least one), the declaration must be ticked, and the submission location is
 * not typed in — the submit button reads it from the browser (ehs-before.ts). A draft save skips these.
 */
import { Checkbox, Form, Input } from 'antd';
import type { TFunction } from 'i18next';
import type { FieldOverride } from '@/core/stage/schema-form';

/** Spec §5/§9: at least three risks. */
export const MIN_RISKS = 3;
/** The PPE items offered (stored as these codes; labels `epc-field.ehs.ppe.<code>`). */
export const PPE_ITEMS = ['helmet', 'gloves', 'shoes', 'harness', 'goggles', 'vest', 'ears', 'mask'] as const;

type Rec = Record<string, unknown>;
const filled = (v: unknown) => typeof v === 'string' && v.trim() !== '';

/** Why the risks list cannot be submitted (undefined: it can): at least three rows with a risk and its solution. */
export function risksProblem(v: unknown, t: TFunction): string | undefined {
  const rows = Array.isArray(v) ? (v as (Rec | undefined)[]) : [];
  const complete = rows.filter((r) => r && filled(r.risk) && filled(r.solution)).length;
  return complete >= MIN_RISKS ? undefined : t('epc-field.ehs.risksMin', { min: MIN_RISKS });
}

/** Why the PPE choice cannot be submitted (undefined: it can). */
export const ppeProblem = (v: unknown, t: TFunction): string | undefined =>
  Array.isArray(v) && v.some(filled) ? undefined : t('epc-field.ehs.ppeMin');

export function PpeChoice({ value, onChange, disabled, t, id }: { value?: string[]; onChange?: (v: string[]) => void; disabled: boolean; t: TFunction; id?: string }) {
  // Stored codes outside the list (an older form) stay ticked and shown as they are.
  const known = new Set<string>(PPE_ITEMS);
  const extra = (value ?? []).filter((v) => !known.has(v));
  return (
    <div id={id}>
    <Checkbox.Group
      data-testid="ehs-ppe"
      disabled={disabled}
      value={value ?? []}
      onChange={(v) => onChange?.(v as string[])}
      options={[...PPE_ITEMS.map((k) => ({ value: k, label: t(`epc-field.ehs.ppe.${k}`) })), ...extra.map((v) => ({ value: v, label: v }))]}
      style={{ display: 'flex', flexWrap: 'wrap', rowGap: 8 }}
    />
    </div>
  );
}

/**
 * A risk or solution cell: the list's "at least three" message is checked again as rows are filled (antd checks a
 * list's own rule only when rows are added or removed, so the message would stay after the third row is complete).
 */
function RiskText({ label, disabled, placeholder, ...rest }: { label: string; disabled: boolean; placeholder: string; value?: string; onChange?: (e: unknown) => void; id?: string }) {
  const form = Form.useFormInstance();
  return (
    <Input.TextArea
      {...rest}
      aria-label={label}
      placeholder={placeholder}
      disabled={disabled}
      autoSize={{ minRows: 2, maxRows: 6 }}
      maxLength={500}
      style={{ minWidth: 140 }}
      onChange={(e) => {
        rest.onChange?.(e);
        if (form.getFieldError(['risks']).length) void form.validateFields([['risks']]).catch(() => undefined);
      }}
    />
  );
}

/** The EHS form's overrides (`epcOverrides` delegates here). */
/** (The extra checks run on submit only: core/stage skips them for a draft save.) */
export function ehsOverrides(t: TFunction, tick: (v: unknown) => string | undefined): Record<string, FieldOverride> {
  return {
    declaration: { validate: tick },
    risks: { validate: (v) => risksProblem(v, t) },
    'risks.risk': { widget: (ctx) => <RiskText label={ctx.label} disabled={ctx.disabled} placeholder={ctx.placeholder} /> },
    'risks.solution': { widget: (ctx) => <RiskText label={ctx.label} disabled={ctx.disabled} placeholder={ctx.placeholder} /> },
    ppe: { span: 24, widget: (ctx) => <PpeChoice disabled={ctx.disabled} t={t} />, validate: (v) => ppeProblem(v, t) },
    // Recorded by the server from the location the submit reads (ehs-before.ts), shown above the form (ehs-site.tsx).
    location: { hidden: true },
    accuracy: { hidden: true },
    distanceKm: { hidden: true },
  };
}
