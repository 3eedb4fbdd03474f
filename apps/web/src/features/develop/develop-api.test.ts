import { describe, expect, it } from 'vitest';
import type { FieldDef } from '@helio/contracts/crud/resource';
import { codeResource } from '@helio/contracts/modules/code/code.resource';
import { codeDefaultsFor, moduleKeyOf, pascalOf } from './develop-api';

const pattern = (key: string) => {
  const field: FieldDef | undefined = codeResource.fields.find((f) => f.key === key);
  const rules = field?.rules;
  return new RegExp(rules?.pattern ?? '');
};

describe('code generator defaults from a table', () => {
  it('derive class names and module keys', () => {
    expect(pascalOf('pv_asset')).toBe('PvAsset');
    expect(pascalOf('2fa_token')).toBe('FaToken');
    expect(moduleKeyOf('pv_asset')).toBe('pv-asset');
    expect(moduleKeyOf('blade_notice', 'blade_')).toBe('notice');
    expect(moduleKeyOf('_x')).toBe('');
    expect(moduleKeyOf('a'.repeat(60))).toHaveLength(40);
  });

  it('fill a code record with values its own rules accept', () => {
    const d = codeDefaultsFor({ modelName: 'PV assets', modelTable: 'pv_asset' });
    expect(d).toEqual({
      tableName: 'pv_asset',
      codeName: 'PV assets',
      serviceName: 'pv-asset',
      packageName: 'pv_asset',
      apiPath: '/api/helio/pv-asset',
      webPath: '/pv-asset',
    });
    for (const key of ['serviceName', 'packageName', 'apiPath', 'webPath', 'tableName'] as const) expect(d[key], key).toMatch(pattern(key));
  });
});
