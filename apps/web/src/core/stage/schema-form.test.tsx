/**
 * The generic stage form renderer: a contracts `FormDef` becomes antd items whose rules come from the schema
 * (required = not Optional, maxLength, pattern, minimum/maximum, integer, minItems/maxItems), with the server's
 * wording (contracts RULE_MESSAGES) and this folder's list messages; a draft skips "required"; the wire value
 * leaves out what the schema would refuse as empty.
 */
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { cleanup, configure, fireEvent, screen, waitFor } from '@testing-library/react';
import { Button, Form } from 'antd';
import { useRef } from 'react';
import { Type } from 'typebox';
import { defineForm } from '@helio/contracts/process/define';
import { addLocaleBundle, setLanguage } from '@/core/i18n/i18n';
import { mockApi, renderPage } from '@/test/api-mock';
import { SchemaFormFields } from './schema-form';
import { formFields } from './schema-model';
import { toWire } from './wire';

configure({ asyncUtilTimeout: 8000 });
vi.setConfig({ testTimeout: 30_000 });

const TEST_FORM = defineForm(
  'probe',
  { zh: '测试', en: 'Probe' },
  Type.Object({
    name: Type.String({ minLength: 1, maxLength: 5 }),
    code: Type.Optional(Type.String({ pattern: '^\\d{1,4}$' })),
    angle: Type.Optional(Type.Number({ minimum: 0, maximum: 90 })),
    count: Type.Integer({ minimum: 1, maximum: 3 }),
    kind: Type.Union([Type.Literal('a'), Type.Literal('b')]),
    rows: Type.Array(Type.Object({ label: Type.String({ minLength: 1, maxLength: 10 }) }), { minItems: 1, maxItems: 2 }),
    spot: Type.Optional(Type.Object({ latitude: Type.Number({ minimum: -90, maximum: 90 }), longitude: Type.Number({ minimum: -180, maximum: 180 }) })),
  }),
);

addLocaleBundle('en-US', 'probeForm', {
  name: 'Name',
  code: 'Code',
  angle: 'Angle',
  count: 'Count',
  kind: 'Kind',
  kindOptions: { a: 'Alpha', b: 'Beta' },
  rows: { _label: 'Rows', label: 'Row label' },
  spot: { _label: 'Spot', latitude: 'Latitude', longitude: 'Longitude' },
});

let submitted: Record<string, unknown> | null;

function Probe({ initial = {} }: { initial?: Record<string, unknown> }) {
  const [form] = Form.useForm();
  const draft = useRef(false);
  const go = async (asDraft: boolean) => {
    draft.current = asDraft;
    try {
      await form.validateFields();
      submitted = toWire(formFields(TEST_FORM.schema), form.getFieldsValue(true));
    } catch {
      submitted = null;
    } finally {
      draft.current = false;
    }
  };
  return (
    <Form form={form} layout="vertical" initialValues={initial}>
      <SchemaFormFields form={TEST_FORM} labelPrefix="probeForm" isDraft={() => draft.current} />
      <Button onClick={() => void go(false)}>submit</Button>
      <Button onClick={() => void go(true)}>draft</Button>
    </Form>
  );
}

beforeEach(() => {
  setLanguage('en-US');
  submitted = null;
  mockApi({});
});

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const click = (name: string) => fireEvent.click(screen.getByRole('button', { name }));
const type = (label: string, value: string) => fireEvent.change(screen.getByLabelText(label), { target: { value } });

describe('SchemaFormFields', () => {
  it('labels every field from the prefix, with literal choices translated', async () => {
    renderPage(<Probe />);
    expect(await screen.findByLabelText('Name')).toBeTruthy();
    expect(screen.getByText('Alpha')).toBeTruthy();
    expect(screen.getByText('Beta')).toBeTruthy();
    expect(screen.getByText('Rows')).toBeTruthy();
  });

  it('requires what is not Optional, in the server wording, and lists need their minimum', async () => {
    renderPage(<Probe />);
    click('submit');
    expect(await screen.findByText('Name is required')).toBeTruthy();
    expect(screen.getByText('Count is required')).toBeTruthy();
    expect(screen.getByText('Kind is required')).toBeTruthy();
    expect(screen.getByText('Rows is required')).toBeTruthy();
    // Optional fields say nothing when empty.
    expect(screen.queryByText('Code is required')).toBeNull();
    expect(submitted).toBeNull();
  });

  it('checks maxLength, pattern and numeric ranges from the schema', async () => {
    renderPage(<Probe />);
    type('Name', 'toolong');
    type('Code', '12a');
    type('Angle', '120');
    type('Count', '7');
    click('submit');
    expect(await screen.findByText('Name must be at most 5 characters')).toBeTruthy();
    expect(screen.getByText('Code has an invalid format')).toBeTruthy();
    expect(screen.getByText('Angle must be between 0 and 90')).toBeTruthy();
    expect(screen.getByText('Count must be between 1 and 3')).toBeTruthy();
  });

  it('refuses a list over its maxItems and disables adding at the limit', async () => {
    renderPage(<Probe initial={{ rows: [{ label: 'a' }, { label: 'b' }, { label: 'c' }] }} />);
    click('submit');
    expect(await screen.findByText('Rows: at most 2 items')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Remove row 3' }));
    await waitFor(() => expect(screen.queryByText('Rows: at most 2 items')).toBeNull());
    expect((screen.getByRole('button', { name: /Add a row/ }) as HTMLButtonElement).disabled).toBe(true);
  });

  it('a draft skips "required" but not the other limits, and sends no empty values', async () => {
    renderPage(<Probe />);
    type('Name', 'Ann');
    type('Code', ' ');
    click('draft');
    await waitFor(() => expect(submitted).toEqual({ name: 'Ann' }));
    type('Name', 'toolong');
    click('draft');
    expect(await screen.findByText('Name must be at most 5 characters')).toBeTruthy();
  });

  it('an optional object may stay empty, but once started its required fields are asked', async () => {
    renderPage(<Probe initial={{ name: 'Ann', count: 1, kind: 'a', rows: [{ label: 'x' }] }} />);
    click('submit');
    await waitFor(() => expect(submitted).toEqual({ name: 'Ann', count: 1, kind: 'a', rows: [{ label: 'x' }] }));
    type('Latitude', '31.2');
    click('submit');
    expect(await screen.findByText('Longitude is required')).toBeTruthy();
    type('Longitude', '121.5');
    click('submit');
    await waitFor(() => expect(submitted).toMatchObject({ spot: { latitude: 31.2, longitude: 121.5 } }));
  });

  it('passes a complete form and posts wire values', async () => {
    renderPage(<Probe initial={{ kind: 'b', rows: [{ label: 'x' }] }} />);
    type('Name', 'Ann');
    type('Count', '2');
    type('Angle', '30.5');
    click('submit');
    await waitFor(() => expect(submitted).toEqual({ name: 'Ann', angle: 30.5, count: 2, kind: 'b', rows: [{ label: 'x' }] }));
  });
});
