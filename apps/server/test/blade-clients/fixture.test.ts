/**
 * The fixture engine itself: paths, placeholders, reads and pending propagation must fail where a client would be
 * let down, or the replay suites could pass without checking anything.
 */
import { describe, expect, it } from 'vitest';
import { at, axiosQuery, check, resolve } from './fixture.js';
import type { Step } from './fixture.js';
import { pendingReasons } from './replay.js';

const body = {
  code: 200,
  data: { records: [{ id: '1', account: 'a', children: [{ id: '2', account: 'b', sort: 3 }] }], total: 1 },
};

describe('fixture paths and reads', () => {
  it('finds elements by key through children, and fans out over []', () => {
    expect(at(body, 'data.records[account=b].sort')[0]!.value).toBe(3);
    expect(at(body, 'data.records[].id').map((f) => f.value)).toEqual(['1']);
    expect(() => at(body, 'data.records[account=zz].id')).toThrow(/no element with account=zz/);
    expect(() => at({ data: [] }, 'data[].id')).toThrow(/empty array/);
  });

  it('reports every read the answer does not satisfy', () => {
    const vars = { want: '2' };
    expect(check(body, [{ path: 'data.total', is: 'number' }, { path: 'data.records[id={{want}}].account', equals: 'b' }], vars)).toEqual([]);
    const problems = check(body, [
      { path: 'data.total', is: 'string' },
      { path: 'data.records[0].id', is: 'id', like: 7 },
      { path: 'data.records[id={{want}}]', none: true },
      { path: 'data.records[id={{missing}}]', none: true },
      { path: 'data.records', minItems: 2 },
      { path: 'data.records[0].account', matches: '^x' },
    ], vars);
    expect(problems).toHaveLength(6);
    expect(problems.join('\n')).toMatch(/no value for \{\{missing\}\}/);
  });

  it('resolves placeholders, spreads and computed values', () => {
    const vars = { row: { id: '9', name: 'x' }, ids: ['1', '2'], pw: 'secret' };
    expect(resolve({ '...': '{{row}}', name: 'y', ids: '{{join ids}}', p: '{{md5 pw}}' }, vars)).toEqual({
      id: '9', name: 'y', ids: '1,2', p: '5ebe2294ecd0e0f08eab7690d2a6ee69',
    });
    expect(() => resolve('{{nope}}', vars)).toThrow(/no value for/);
  });

  it('writes queries as axios 0.21 does', () => {
    expect(axiosQuery({ a: 'x y', b: '1,2', c: null, d: '2026-11-25 10:00:00' })).toBe('a=x+y&b=1,2&d=2026-11-25+10:00:00');
  });
});

describe('pending steps', () => {
  const step = (id: string, extra: Partial<Step> = {}): Step => ({ id, page: 'p', does: id, method: 'GET', url: '/x', ...extra });

  it('pass the marker on to the steps that use what they save, and only to those', () => {
    const reasons = pendingReasons([
      step('a.create', { pendingFix: 'fix-a' }),
      step('a.find', { needs: ['a.create'], save: { aId: 'data.id' } }),
      step('a.edit', { query: { id: '{{aId}}' } }),
      step('b.list', { save: { aId: 'data.id' } }),
      step('b.edit', { query: { id: '{{aId}}' } }),
    ]);
    expect([...reasons.keys()]).toEqual(['a.create', 'a.find', 'a.edit']);
    expect(reasons.get('a.edit')).toBe('needs a.find; pending fix: fix-a');
  });
});
