/**
 * The installer order's field overrides of the generic stage form (core/stage), by form key: the customer's phone
 * and address cascade, e-mail format, the survey's appliance list rule, the BOM's equipment-type rule, ticked
 * statements, signatures drawn on a canvas (core/stage signature-pad), SKUs picked from the stock list (sku-select.tsx), and the quote's computed line totals with the grand
 * total (quote-totals.ts).
 */
import { Card, DatePicker, Descriptions, Form, Row, Typography } from 'antd';
import type { TFunction } from 'i18next';
import { EMAIL_PATTERN } from '@helio/contracts/validation';
import type { FormDef } from '@helio/contracts/process/types';
import type { FieldOverride } from '@/core/stage/schema-form';
import { SignaturePad } from '@/core/stage/signature-pad';
import { flattenFields, formFields } from '@/core/stage/schema-model';
import type { FieldNode } from '@/core/stage/schema-model';
import { ehsOverrides } from '../field/ehs-fields';
import { qcOverrides } from '../field/qc-fields';
import { AddressCascade, PhoneItem } from './address-fields';
import { BasePackageSelect } from './base-package-select';
import { applianceProblem, equipmentProblem } from './epc-rules';
import { formatCents, lineAmounts, quoteTotals } from './quote-totals';
import { QuotePrices, SkuInput } from './sku-select';
import type { QuoteLineForm } from './quote-totals';

export type Overrides = Record<string, FieldOverride | undefined>;

/** The label prefix of a form's keys in `epc-stage.json`. */
export const labelPrefix = (form: Pick<FormDef, 'key'>) => `epc-stage.form.${form.key}`;

const nodeAt = (form: FormDef, path: string): FieldNode | undefined => flattenFields(formFields(form.schema)).find((n) => n.path === path);

/** A required statement must be ticked to submit (the server counts `false` as missing). */
const ticked = (t: TFunction, isDraft: () => boolean) => (v: unknown) => (v === true || isDraft() ? undefined : t('epc-stage.panel.tick'));

function LineTotal({ name, row }: { name: string; row: number }) {
  const line = Form.useWatch([name, row]) as QuoteLineForm | undefined;
  const amounts = line ? lineAmounts(line) : null;
  return <span data-testid={`line-total-${row}`}>{amounts ? formatCents(amounts.total) : '—'}</span>;
}

export function QuoteSummary({ name, t }: { name: string; t: TFunction }) {
  const lines = (Form.useWatch(name) as QuoteLineForm[] | undefined) ?? [];
  const totals = quoteTotals(lines.filter(Boolean));
  return (
    <Descriptions
      size="small"
      bordered
      column={{ xs: 1, sm: 4 }}
      data-testid="quote-totals"
      items={[
        { key: 'subtotal', label: t('epc-stage.panel.quote.subtotal'), children: formatCents(totals.subtotal) },
        { key: 'discount', label: t('epc-stage.panel.quote.discount'), children: formatCents(totals.discount) },
        { key: 'tax', label: t('epc-stage.panel.quote.tax'), children: formatCents(totals.tax) },
        {
          key: 'total',
          label: t('epc-stage.panel.quote.total'),
          children: (
            <Typography.Text strong data-testid="quote-grand-total">
              {formatCents(totals.total)}
            </Typography.Text>
          ),
        },
      ]}
    />
  );
}

/** The overrides of one form of the installer order (empty for forms without special fields). */
export function epcOverrides(form: FormDef, t: TFunction, isDraft: () => boolean): Overrides {
  const tick = ticked(t, isDraft);
  const signature: FieldOverride = { widget: (ctx) => <SignaturePad disabled={ctx.disabled} aria-label={ctx.label} /> };
  switch (form.key) {
    case 'customer': {
      const codeNode = nodeAt(form, 'phoneDiallingCode')!;
      const address = nodeAt(form, 'installAddress')!;
      return {
        phoneDiallingCode: { hidden: true },
        // The maintenance order's call-in (contracts maint.forms.ts): the call's date and time; the ids of the station,
        // the alarm and the installation it is about are set by the call-in page, never typed.
        callInTime: { widget: (ctx) => <DatePicker showTime style={{ width: '100%' }} disabled={ctx.disabled} placeholder={ctx.placeholder} /> },
        stationId: { hidden: true },
        alarmId: { hidden: true },
        installOrderId: { hidden: true },
        phone: { render: (ctx) => <PhoneItem ctx={ctx} codeNode={codeNode} /> },
        email: { validate: (v) => (typeof v === 'string' && v.trim() && !new RegExp(EMAIL_PATTERN).test(v.trim()) ? t('epc-stage.panel.emailFormat') : undefined) },
        installAddress: {
          span: 24,
          render: (ctx) => (
            <Card size="small" title={ctx.label} style={{ marginBottom: 16 }} data-testid="group-installAddress">
              <Row gutter={16}>
                <AddressCascade ctx={ctx} children={address.children ?? []} />
              </Row>
            </Card>
          ),
        },
      };
    }
    case 'fac': // the FAC sign audit's four signatures and statement (issue 19)
    case 'survey':
      return {
        ...Object.fromEntries(['landlord', 'installer', 'electrician', 'owner'].map((k) => [`signatures.${k}`, signature])),
        confirmed: { validate: tick },
        'electrical.appliances': { validate: (v) => applianceProblem(v, t) },
      };
    case 'design':
      return {
        basePackage: { widget: (ctx) => <BasePackageSelect disabled={ctx.disabled} aria-label={ctx.label} /> },
        materials: { validate: (v) => equipmentProblem(v, t) },
        'materials.sku': { widget: (ctx) => <SkuInput list="materials" row={ctx.row ?? 0} disabled={ctx.disabled} aria-label={ctx.label} /> },
      };
    case 'signing':
      return { signature, confirmed: { validate: tick } };
    case 'maintSurvey': // the maintenance order's on-site diagnosis: the technician's and the owner's signatures
      return { 'signatures.technician': signature, 'signatures.owner': signature, confirmed: { validate: tick } };
    case 'ehs': // the EHS and QC forms' fields (issue 19): field/ehs-fields.tsx, field/qc-fields.tsx
      return ehsOverrides(t, tick);
    case 'qc':
      return qcOverrides(t);
    case 'quote':
      return {
        lines: {
          columns: [{ key: 'lineTotal', title: t('epc-stage.panel.quote.lineTotal'), render: (row) => <LineTotal name="lines" row={row} /> }],
          footer: (
            <>
              <QuotePrices list="lines" />
              <QuoteSummary name="lines" t={t} />
            </>
          ),
        },
        'lines.sku': { widget: (ctx) => <SkuInput list="lines" row={ctx.row ?? 0} withPrice disabled={ctx.disabled} aria-label={ctx.label} /> },
      };
    default:
      return {};
  }
}
