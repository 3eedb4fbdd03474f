import { describe, expect, it } from 'vitest';
import { formRules } from '@helio/contracts/crud/resource';
import { postResource } from '@helio/contracts/modules/post/post.resource';
import { paramResource } from '@helio/contracts/modules/param/param.resource';
import { USER_RULES } from '@helio/contracts/modules/user/user.schema';
import { RESOURCES } from '@helio/contracts/resources';
import { checkRules } from '@helio/contracts/validation';
import type { FieldRule, Rules } from '@helio/contracts/validation';
import { i18n } from '@/core/i18n/i18n';
import { fileNameOf } from '@/core/http/download';
import { diallingOptions } from '@/components/dialling-code-select';
import { choicesOf, fieldsToColumns } from './fields-to-columns';
import { formFieldsOf } from './fields-to-form';
import { checkImportFile } from './import-dialog';
import { leafValues, normaliseOptions } from './options';
import { violationMessage } from './rules';
import { cleanParams, normaliseList } from './use-crud-resource';

const t = i18n.t.bind(i18n);

/** Values that break each rule of a field: empty, too long, too short, wrong pattern, not a number. */
function badValues(rule: FieldRule): unknown[] {
  const out: unknown[] = [''];
  if (rule.max !== undefined) out.push('9'.repeat(rule.max + 1));
  if (rule.min !== undefined) out.push('9'.repeat(Math.max(rule.min - 1, 1)));
  if (rule.pattern) out.push('不合格 value!');
  if (rule.numeric) out.push('abc');
  return out;
}

describe('validation messages', () => {
  // The forms and the server render one wording (contracts RULE_MESSAGES; server core/validate.ts): every violation of
  // every resource's rules reads, in each language, as that language's template with the field's own label and
  // every parameter filled in.
  const all: [string, Rules][] = [...RESOURCES.map((r) => [r.name, formRules(r)] as [string, Rules]), ['user', USER_RULES]];
  for (const [name, rules] of all) {
    it(`name the field and fill every parameter for ${name}, in both languages`, () => {
      for (const [field, rule] of Object.entries(rules)) {
        for (const value of badValues(rule)) {
          const violations = checkRules({ [field]: value }, { [field]: rule });
          for (const v of violations) {
            const zh = violationMessage(v, rule, 'zh-CN');
            const en = violationMessage(v, rule, 'en-US');
            expect(zh, `${name}.${field} (zh-CN)`).toContain(rule.label?.zh ?? field);
            expect(en, `${name}.${field} (en-US)`).toContain(rule.label?.en ?? field);
            expect(`${zh} ${en}`).not.toMatch(/[{}]/);
            expect(zh).toMatch(/[\u4e00-\u9fff]/);
            expect(en.replace(rule.label?.en ?? field, '')).not.toMatch(/[\u4e00-\u9fff]/);
          }
        }
      }
    });
  }
});

describe('fieldsToColumns', () => {
  it('maps kinds, search, table visibility and dictionaries', () => {
    const columns = fieldsToColumns(postResource, {
      language: 'zh-CN',
      t,
      dicts: { 'system:post_category': [{ id: '1', dictKey: '1', dictValue: '高层' }] },
      options: {},
    });
    const by = (key: string) => columns.find((c) => c.dataIndex === key)!;
    expect(by('category').title).toBe('岗位类型');
    expect(by('category').valueType).toBe('select');
    expect((by('category').valueEnum as Map<string, { text: string }>).get('1')).toEqual({ text: '高层' });
    expect(by('postCode').hideInSearch).toBe(false);
    expect(by('sort').hideInSearch).toBe(true);
    expect(by('sort').valueType).toBe('digit');
    expect(by('sort').sorter).toBe(true);
    expect(by('remark')).toBeUndefined(); // neither in the table nor searchable
  });

  it('reads labels in English', () => {
    const columns = fieldsToColumns(paramResource, { language: 'en-US', t, dicts: {}, options: {} });
    expect(columns.map((c) => c.title)).toEqual(['Name', 'Key', 'Value']);
  });

  it('offers yes/no for switches', () => {
    const sealed = { key: 'isSealed', label: { zh: '封存', en: 'Sealed' }, kind: 'switch' as const };
    // Chinese words whatever language an earlier file left set (isolate: false shares i18n).
    expect(choicesOf(sealed, { dicts: {}, language: 'zh-CN', t: i18n.getFixedT('zh-CN') })).toEqual([
      ['1', '是'],
      ['0', '否'],
    ]);
  });
});

describe('formFieldsOf', () => {
  const fields = [
    { key: 'a', label: { zh: 'a', en: 'a' }, kind: 'text' as const },
    { key: 'b', label: { zh: 'b', en: 'b' }, kind: 'text' as const, form: 'add' as const },
    { key: 'c', label: { zh: 'c', en: 'c' }, kind: 'text' as const, form: 'edit' as const },
    { key: 'd', label: { zh: 'd', en: 'd' }, kind: 'text' as const, form: false },
  ];
  it('shows add-only fields when adding and edit-only ones otherwise', () => {
    expect(formFieldsOf(fields, 'add').map((f) => f.key)).toEqual(['a', 'b']);
    expect(formFieldsOf(fields, 'edit').map((f) => f.key)).toEqual(['a', 'c']);
    expect(formFieldsOf(fields, 'view').map((f) => f.key)).toEqual(['a', 'c']);
  });
});

describe('list helpers', () => {
  it('normalise pages and trees', () => {
    expect(normaliseList({ records: [{ id: '1' }], total: 7 })).toEqual({ rows: [{ id: '1' }], total: 7, tree: false });
    expect(normaliseList([{ id: '1' }])).toEqual({ rows: [{ id: '1' }], total: 1, tree: true });
    expect(normaliseList(undefined)).toEqual({ rows: [], total: 0, tree: false });
  });

  it('drop empty filters and join lists', () => {
    expect(cleanParams({ a: '', b: undefined, c: null, d: 'x', e: [1, 2], f: [], g: 0 })).toEqual({ d: 'x', e: '1,2', g: 0 });
  });

  it('normalise option trees, flat rows and pages', () => {
    const tree = normaliseOptions([{ id: '1', title: 'A', children: [{ id: '2', title: 'B', children: [] }] }], {});
    expect(tree).toMatchObject([{ value: '1', title: 'A', children: [{ value: '2', title: 'B' }] }]);
    expect(tree[0]!.children![0]!.children).toBeUndefined();
    expect(normaliseOptions({ records: [{ id: '9', postName: 'CEO' }] }, { labelKey: 'postName' })).toMatchObject([{ value: '9', title: 'CEO' }]);
    expect([...leafValues(tree)]).toEqual(['2']);
  });
});

describe('files', () => {
  it('reads the server’s file name', () => {
    expect(fileNameOf(`attachment; filename="_____.xlsx"; filename*=UTF-8''%E7%94%A8%E6%88%B7.xlsx`, 'x.xlsx')).toBe('用户.xlsx');
    expect(fileNameOf('attachment; filename="regions.xlsx"', 'x.xlsx')).toBe('regions.xlsx');
    expect(fileNameOf(null, 'x.xlsx')).toBe('x.xlsx');
  });
  it('accepts .xls/.xlsx up to 10M only', () => {
    expect(checkImportFile({ name: 'a.xlsx', size: 100 })).toBeNull();
    expect(checkImportFile({ name: 'a.XLS', size: 100 })).toBeNull();
    expect(checkImportFile({ name: 'a.csv', size: 100 })).toBe('fileType');
    expect(checkImportFile({ name: 'a.xlsx', size: 10 * 1024 * 1024 + 1 })).toBe('fileSize');
  });
});

describe('dialling codes', () => {
  it('offer the dialling code (attribute1), one option per code', () => {
    const options = diallingOptions([
      { dictKey: 'CN', dictValue: '中国', attribute1: '+86' },
      { dictKey: 'US', dictValue: '美国', attribute1: '+1' },
      { dictKey: 'CA', dictValue: '加拿大', attribute1: '+1' },
      { dictKey: 'XX', dictValue: '无', attribute1: '' },
    ]);
    expect(options.map((o) => o.value)).toEqual(['+86', '+1']);
    expect(options[1]!.label).toBe('+1 美国 / 加拿大');
  });
});
