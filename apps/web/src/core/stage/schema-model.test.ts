/** How the order forms' schemas read as fields: kinds, limits, required = not Optional, file lists, label keys. */
import { describe, expect, it } from 'vitest';
import { customerForm, designForm, ehsForm, surveyForm } from '@helio/contracts/modules/epc/order.forms';
import { flattenFields, formFields, labelKey } from './schema-model';
import { fromWire, toWire } from './wire';

const byPath = (schema: object) => Object.fromEntries(flattenFields(formFields(schema)).map((n) => [n.path, n]));

describe('schema model', () => {
  it('reads kinds and limits off the TypeBox objects', () => {
    const c = byPath(customerForm.schema);
    expect(c.name).toMatchObject({ kind: 'text', required: true, minLength: 1, maxLength: 100 });
    expect(c.company).toMatchObject({ kind: 'text', required: false, maxLength: 200 });
    expect(c.phone).toMatchObject({ kind: 'text', pattern: '^\\d{1,20}$' });
    expect(c.address).toMatchObject({ kind: 'textarea', maxLength: 500 });
    expect(c.projectType).toMatchObject({ kind: 'dict', dict: 'agent_project_type', required: true });
    expect(c.location).toMatchObject({ kind: 'point', required: false });
    expect(c['location.latitude']).toMatchObject({ kind: 'number', minimum: -90, maximum: 90, required: true });
    expect(c.surveyDate).toMatchObject({ kind: 'date', required: false });
    expect(c.files).toMatchObject({ kind: 'files', maxItems: 3 });
    expect(c.hasExistingSystem).toMatchObject({ kind: 'boolean' });
    const s = byPath(surveyForm.schema);
    expect(s.permits).toMatchObject({ kind: 'dicts', dict: 'permit', maxItems: 50 });
    expect(s.photos).toMatchObject({ kind: 'files', minItems: 1, maxItems: 30, required: true });
    expect(s['electrical.appliances']).toMatchObject({ kind: 'list', maxItems: 20 });
    expect(s['electrical.appliances.quantity']).toMatchObject({ kind: 'integer', minimum: 1, maximum: 1000 });
    const e = byPath(ehsForm.schema);
    expect(e.emergencyNumbers).toMatchObject({ kind: 'strings', minItems: 1, maxItems: 10 });
    expect(e.ppe).toMatchObject({ kind: 'strings' });
    expect(byPath(designForm.schema).materials).toMatchObject({ kind: 'list', minItems: 1, maxItems: 500 });
  });

  it('names labels by path, groups and lists with `_label`', () => {
    const s = byPath(surveyForm.schema);
    expect(labelKey('p', s['roof.type']!)).toBe('p.roof.type');
    expect(labelKey('p', s.roof!)).toBe('p.roof._label');
    expect(labelKey('p', s['electrical.appliances']!)).toBe('p.electrical.appliances._label');
  });

  it('turns form values into wire data the schema accepts, and back', () => {
    const nodes = formFields(customerForm.schema);
    const values = fromWire(nodes, { name: 'A', files: ['11', '12'], installAddress: { country: 'ZA' } });
    expect(values.files).toHaveLength(2);
    const wire = toWire(nodes, { ...values, company: '  ', budget: null, location: {}, backupContact: { name: '' }, email: ' a@b.co ' });
    expect(wire).toStrictEqual({ name: 'A', email: 'a@b.co', files: ['11', '12'], installAddress: { country: 'ZA' } });
  });
});
