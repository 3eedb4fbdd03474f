/** A refused step's 400 message split onto the fields it names (the server's dotted paths from the form key). */
import { describe, expect, it } from 'vitest';
import { fieldErrors } from './step-errors';

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
