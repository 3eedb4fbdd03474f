// The workflow engine's expression language: what it evaluates (Flowable/JUEL-style conditions and assignments) and
// what it refuses — hostile input must end as a FlowError('expression'), never reach a prototype or run code.
import fs from 'node:fs';
import { describe, expect, it } from 'vitest';
import { FlowError, type Vars, evaluateExpression, interpolate } from '../../src/flow/index.js';

const ev = (src: string, vars: Vars = {}) => evaluateExpression(src, vars);

function refused(src: string, vars: Vars = {}, message?: RegExp): FlowError {
  let caught: unknown;
  try {
    evaluateExpression(src, vars);
  } catch (e) {
    caught = e;
  }
  expect(caught, src.slice(0, 60)).toBeInstanceOf(FlowError);
  const err = caught as FlowError;
  expect(err.code).toBe('expression');
  if (message) expect(err.message).toMatch(message);
  return err;
}

describe('evaluating', () => {
  it("runs the leave model's conditions unchanged", () => {
    expect(ev('${days > 3}', { days: 5 })).toBe(true);
    expect(ev('${days > 3}', { days: 3 })).toBe(false);
    expect(ev('${days <= 3}', { days: 3 })).toBe(true);
    expect(ev('${days>3}', { days: '4' })).toBe(true); // a form posts strings: JUEL compares numerically
    expect(ev('${pass}', { pass: true })).toBe(true);
    expect(ev('${!pass}', { pass: false })).toBe(true);
    expect(ev('${!pass}', { pass: 'false' })).toBe(true);
    expect(ev('${taskUser}', { taskUser: 'hr1' })).toBe('hr1');
    expect(ev('days > 3', { days: 9 })).toBe(true);
    expect(ev('#{days > 3}', { days: 9 })).toBe(true);
  });

  it('operators, precedence, word forms', () => {
    expect(ev('${1 + 2 * 3}')).toBe(7);
    expect(ev('${(1 + 2) * 3}')).toBe(9);
    expect(ev('${-x + 10}', { x: 4 })).toBe(6);
    expect(ev('${10 / 4} ')).toBe(2.5);
    expect(ev('${10 div 4 == 2.5 and 10 mod 4 eq 2}')).toBe(true);
    expect(ev('${a lt b && b gt a || false}', { a: 1, b: 2 })).toBe(true);
    expect(ev('${not (a ge 2) and a le 1 and a ne 0}', { a: 1 })).toBe(true);
    expect(ev('${true || missing}')).toBe(true); // short-circuit: the unknown name is never read
    expect(ev('${false && missing}')).toBe(false);
    expect(ev("${'a' + 1}")).toBe('a1');
    expect(ev('${"x" == \'x\'}')).toBe(true);
    expect(ev("${name == 'bob' ? 'yes' : 'no'}", { name: 'bob' })).toBe('yes');
    expect(ev("${d > 10 ? 'boss' : d > 3 ? 'manager' : 'lead'}", { d: 5 })).toBe('manager');
    expect(ev('${null == x}', { x: null })).toBe(true);
    expect(ev('${1.5e2}')).toBe(150);
  });

  it('in, arrays, empty, member access into plain data', () => {
    const vars = { role: 'hr', roles: ['hr', 'boss'], user: { name: 'Ann', tags: ['a', 'b'] }, none: null, list: [] };
    expect(ev("${role in ['hr', 'boss']}", vars)).toBe(true);
    expect(ev("${'cfo' in roles}", vars)).toBe(false);
    expect(ev("${'name' in user}", vars)).toBe(true);
    expect(ev("${'nn' in user.name}", vars)).toBe(true);
    expect(ev('${[1, 2, 1 + 2]}')).toEqual([1, 2, 3]);
    expect(ev('${user.name}', vars)).toBe('Ann');
    expect(ev("${user['name']}", vars)).toBe('Ann');
    expect(ev('${user.tags[1]}', vars)).toBe('b');
    expect(ev('${user.tags.length}', vars)).toBe(2);
    expect(ev('${user.missing == null}', vars)).toBe(true);
    expect(ev('${user.tags[9]}', vars)).toBe(null);
    expect(ev('${empty none && empty list && empty ""}', vars)).toBe(true);
    expect(ev('${not empty user}', vars)).toBe(true);
  });

  it('interpolates templates', () => {
    expect(interpolate('Hi ${name}, ${n + 1} days', { name: 'Ann', n: 2 })).toBe('Hi Ann, 3 days');
    expect(interpolate('${a}|${b}|${c}', { a: null, b: [1], c: { k: 'v' } })).toBe('|[1]|{"k":"v"}');
    expect(interpolate("${'}'}", {})).toBe('}');
    expect(interpolate('no expressions', {})).toBe('no expressions');
    expect(ev('a ${x} b', { x: 1 })).toBe('a 1 b');
  });

  it('clear errors for type mistakes', () => {
    refused('${missing > 1}', {}, /unknown variable 'missing'/);
    refused('${!count}', { count: 3 }, /needs a boolean/);
    refused("${'abc' > 2}", {}, /needs a number/);
    refused('${1 / 0}', {}, /division by zero/);
    refused('${1 mod 0}', {}, /division by zero/);
    refused('${days >}', { days: 1 }, /unexpected end/);
    refused('${}', {}, /empty expression/);
    refused('${a', {}, /unclosed/);
    refused("${'abc}", {}, /unclosed|unterminated/);
    refused('${1e999}', {}, /out of range/);
    refused('${x * 1e308 * 10}', { x: 10 }, /finite/);
  });
});

describe('hostile input is refused', () => {
  const vars = { x: { a: 1 }, list: [1, 2], s: 'str' };

  it('no prototype, constructor or global reach', () => {
    for (const src of [
      '${constructor}',
      '${__proto__}',
      '${prototype}',
      '${x.constructor}',
      "${x['constructor']}",
      '${x.__proto__}',
      "${x['__proto__'].polluted}",
      '${x.__proto__.polluted}',
      '${list.constructor}',
      '${[].constructor}',
      "${x['constr' + 'uctor']}",
      "${x[s == 'str' ? '__proto__' : 'a']}",
      '${x.prototype}',
    ]) {
      refused(src, vars, /not allowed/);
    }
    for (const src of ['${toString}', '${hasOwnProperty}', '${valueOf}', '${process}', '${globalThis}', '${require}']) {
      refused(src, vars, /unknown variable/);
    }
    refused('${s.length}', vars, /member access on a string/);
    refused('${d.getTime}', { d: new Date() }, /member access on a object/);
    refused('${m.size}', { m: new Map() }, /member access on a object/);
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
  });

  it('no calls, assignments, lambdas or JavaScript syntax', () => {
    refused("${constructor.constructor('return process')()}", vars);
    refused("${x.a.constructor.constructor('return process')()}", vars, /not allowed/);
    refused("${y('return process')}", { y: 1 }, /function calls/);
    refused('${Math.max(1, 2)}', { Math: {} }, /function calls/);
    refused('${a = 1}', { a: 0 }, /assignment/);
    refused('${a += 1}', { a: 0 });
    refused('${a === 1}', { a: 1 }, /===/);
    refused('${a ?? 1}', { a: 1 });
    refused('${x?.a}', vars);
    refused('${2 ** 3}');
    refused('${a => a}', { a: 1 });
    refused('${`tpl`}', {}, /U\+0060/);
    refused('${a; b}', { a: 1, b: 2 }, /U\+003B/);
    refused('${new Date()}', {}, /not allowed/);
    refused('${typeof x}', vars, /not allowed/);
    refused('${x instanceof y}', vars, /not allowed/);
    refused("${'a'.concat('b')}", {}, /function calls|member access/);
  });

  it('limits: length, nesting, size of results', () => {
    refused(`\${${'a'.repeat(2000)}}`, {}, /longer than/);
    refused(`${'('.repeat(100)}1${')'.repeat(100)}`, {}, /nested deeper/);
    refused(`${'!'.repeat(200)}true`, {}, /nested deeper/);
    refused(`${'- '.repeat(200)}1`, {}, /nested deeper/);
    refused(`\${[${'1,'.repeat(450)}1]}`, {}, /tokens/);
    refused('${s + s}', { s: 'x'.repeat(60_000) }, /too long/);
    expect(() => interpolate('${s}'.repeat(50), { s: 'y'.repeat(5000) })).toThrow(/too long/);
    refused(`${'x'.repeat(20_000)}`, {});
  });

  it('unicode tricks do not make identifiers or operators', () => {
    refused('${соnstructor}', vars, /unexpected character U\+0441/); // Cyrillic 'с' and 'о'
    refused('${con\u200Bstructor}', vars, /U\+200B/); // zero-width space
    refused('${x\uFF0Econstructor}', vars, /U\+FF0E/); // fullwidth full stop
    refused('${a\u00A0== 1}', { a: 1 }, /U\+00A0/); // no-break space
    refused('\uFF04{1}', {}, /U\+FF04/); // fullwidth dollar: not a template, not an expression
    // An escape inside a string is not a JavaScript escape: it cannot spell 'constructor'.
    expect(ev("${x['\\u0063onstructor']}", vars)).toBe(null);
  });

  it('accessors in the variables are never invoked', () => {
    let called = false;
    const tricky = Object.defineProperty({}, 'g', { enumerable: true, get: () => ((called = true), 1) });
    refused('${g}', tricky, /not a plain value/);
    refused('${o.g}', { o: tricky }, /not a plain value/);
    expect(called).toBe(false);
  });

  it('the engine source has no eval, Function or vm', () => {
    const dir = new URL('../../src/flow/', import.meta.url);
    for (const f of fs.readdirSync(dir).filter((n) => n.endsWith('.ts'))) {
      const src = fs.readFileSync(new URL(f, dir), 'utf8');
      expect(src, f).not.toMatch(/\beval\s*\(|new Function|\bFunction\s*\(|node:vm|from 'vm'/);
    }
  });
});
