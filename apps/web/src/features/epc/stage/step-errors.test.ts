/** A refused step's 400 message split onto the fields it names (the server's dotted paths from the form key). */
import { describe, expect, it } from 'vitest';
import { fieldErrors, valueErrors } from './step-errors';

describe('fieldErrors', () => {
  it('puts path-named messages on their fields, list rows by index, and keeps the rest', () => {
    const msg = 'Information incomplete: survey.photos; survey.roof.type: required; Appliance type already exists: Fridge; quote.lines.0.unitPrice: must be >= 0';
    expect(fieldErrors(msg, 'survey')).toEqual({
      fields: [
        { name: ['photos'], errors: ['Information incomplete: survey.photos'] },
        { name: ['roof', 'type'], errors: ['survey.roof.type: required'] },
      ],
      rest: ['Appliance type already exists: Fridge', 'quote.lines.0.unitPrice: must be >= 0'],
    });
    expect(fieldErrors(msg, 'quote').fields).toEqual([{ name: ['lines', 0, 'unitPrice'], errors: ['quote.lines.0.unitPrice: must be >= 0'] }]);
  });

  it('does not take another form whose key ends the same', () => {
    expect(fieldErrors('信息不完整: finalCoc.createdAt', 'coc').fields).toEqual([]);
    expect(fieldErrors('信息不完整: finalCoc.createdAt', 'finalCoc').fields).toEqual([{ name: ['createdAt'], errors: ['信息不完整: finalCoc.createdAt'] }]);
  });
});

describe('valueErrors', () => {
  const values = {
    inverterType: 'INV-1',
    serials: [
      { deviceType: 'inverter', sn: 'INV-1' },
      { deviceType: 'battery', sn: 'BAT-1' },
      { deviceType: 'battery', sn: 'BAT-1' },
    ],
  };
  it("puts a message naming a row's value on that row's field, on every row holding a repeated one", () => {
    expect(valueErrors(['逆变器序列号不存在: INV-1', 'The same SN can be selected only once: BAT-1'], values)).toEqual({
      fields: [
        { name: ['serials', 0, 'sn'], errors: ['逆变器序列号不存在: INV-1'] },
        { name: ['serials', 1, 'sn'], errors: ['The same SN can be selected only once: BAT-1'] },
        { name: ['serials', 2, 'sn'], errors: ['The same SN can be selected only once: BAT-1'] },
      ],
      rest: [],
    });
  });
  it('keeps messages whose value is no row field (a top-level field, a word, nothing after the colon)', () => {
    const parts = ['Please provide the signature first: owner', 'Something: INV-2', 'No value here'];
    expect(valueErrors(parts, values)).toEqual({ fields: [], rest: parts });
    expect(valueErrors(['Check: INV-1'], { inverterType: 'INV-1' }).fields).toEqual([]);
  });
});
