// The safe expression language, part 2: `${...}` templates and the evaluator. Values come from `vars` only, through
// own properties of plain objects and arrays; nothing is ever called. Coercions follow JUEL where Flowable models
// depend on them (a numeric string compares as a number, null is false), otherwise a clear FlowError('expression').
import { type Node, MAX_SOURCE, fail, parseExpression } from './expression-parse.js';
import type { Vars } from './types.js';

const MAX_STEPS = 10_000;
const MAX_STRING = 100_000;
const MAX_TEMPLATE = 10_000;

export interface Segment {
  text?: string;
  expr?: string;
}

/** Split 'a ${x} b' into text and expression segments ('#{...}' is accepted like '${...}'). */
export function splitTemplate(source: string): Segment[] {
  if (typeof source !== 'string') fail('template is not a string');
  if (source.length > MAX_TEMPLATE) fail(`text longer than ${MAX_TEMPLATE} characters`);
  const out: Segment[] = [];
  let i = 0;
  let text = '';
  while (i < source.length) {
    const c = source[i]!;
    if ((c === '$' || c === '#') && source[i + 1] === '{') {
      let j = i + 2;
      let quote: string | null = null;
      for (; j < source.length; j++) {
        const d = source[j]!;
        if (quote) {
          if (d === '\\') j++;
          else if (d === quote) quote = null;
        } else if (d === "'" || d === '"') quote = d;
        else if (d === '}') break;
      }
      if (j >= source.length) fail(`unclosed '${c}{' at ${i}`);
      if (text) out.push({ text });
      text = '';
      out.push({ expr: source.slice(i + 2, j) });
      i = j + 1;
      continue;
    }
    text += c;
    i++;
  }
  if (text) out.push({ text });
  return out;
}

/** Check at compile time that every `${...}` in a template parses. */
export function checkTemplate(source: string): void {
  for (const s of splitTemplate(source)) if (s.expr !== undefined) parseExpression(s.expr);
}

/** The expression inside a source that is exactly one `${...}`, or the bare source when it has no `${`. */
export function expressionBody(source: string): string | null {
  const trimmed = source.trim();
  const segs = splitTemplate(trimmed);
  if (segs.length === 1 && segs[0]!.expr !== undefined) return segs[0]!.expr;
  if (segs.every((s) => s.expr === undefined)) return trimmed;
  return null;
}

export function evaluateExpression(source: string, vars: Readonly<Vars>): unknown {
  if (typeof source !== 'string') fail('expression is not a string');
  if (source.length > MAX_SOURCE + 3) fail(`expression longer than ${MAX_SOURCE} characters`);
  const body = expressionBody(source);
  if (body === null) return interpolate(source, vars);
  return evaluateNode(parseExpression(body), vars);
}

export function interpolate(source: string, vars: Readonly<Vars>): string {
  let out = '';
  for (const s of splitTemplate(source)) {
    if (s.text !== undefined) out += s.text;
    else out += display(evaluateNode(parseExpression(s.expr!), vars));
    if (out.length > MAX_STRING) fail('interpolated text too long');
  }
  return out;
}

/** A condition's value as a boolean (JUEL coercion: null → false, 'true'/'false' strings), else an error. */
export function evaluateCondition(source: string, vars: Readonly<Vars>): boolean {
  return toBool(evaluateExpression(source, vars), 'condition');
}

function display(v: unknown): string {
  if (v === null || v === undefined) return '';
  if (typeof v === 'object') return JSON.stringify(v);
  return String(v);
}

export function evaluateNode(root: Node, vars: Readonly<Vars>): unknown {
  let steps = 0;
  const ev = (n: Node): unknown => {
    if (++steps > MAX_STEPS) fail(`expression took more than ${MAX_STEPS} steps`);
    switch (n.t) {
      case 'lit':
        return n.v;
      case 'id':
        if (vars === null || typeof vars !== 'object' || !Object.hasOwn(vars, n.name)) fail(`unknown variable '${n.name}'`);
        return ownValue(vars, n.name);
      case 'member':
        return member(ev(n.obj), ev(n.prop));
      case 'array': {
        const a: unknown[] = [];
        for (const it of n.items) a.push(ev(it));
        return a;
      }
      case 'cond':
        return toBool(ev(n.test), '?:') ? ev(n.yes) : ev(n.no);
      case 'unary': {
        const v = ev(n.arg);
        if (n.op === '!') return !toBool(v, '!');
        if (n.op === '-') return num(-toNum(v, '-'));
        return isEmpty(v);
      }
      case 'bin':
        if (n.op === '&&') return toBool(ev(n.l), '&&') ? toBool(ev(n.r), '&&') : false;
        if (n.op === '||') return toBool(ev(n.l), '||') ? true : toBool(ev(n.r), '||');
        return binary(n.op, ev(n.l), ev(n.r));
    }
  };
  return ev(root);
}

function normalize(v: unknown): unknown {
  return v === undefined ? null : v;
}

function isPlainObject(v: unknown): v is Record<string, unknown> {
  if (v === null || typeof v !== 'object' || Array.isArray(v)) return false;
  const p = Object.getPrototypeOf(v) as unknown;
  return p === Object.prototype || p === null;
}

function member(obj: unknown, prop: unknown): unknown {
  if (obj === null) fail('member access on null');
  if (Array.isArray(obj)) {
    if (prop === 'length') return obj.length;
    if (typeof prop !== 'number' || !Number.isInteger(prop)) fail('array index must be an integer');
    return prop >= 0 && prop < obj.length ? ownValue(obj, String(prop)) : null;
  }
  if (!isPlainObject(obj)) fail(`member access on a ${typeof obj}`);
  if (typeof prop !== 'string' && typeof prop !== 'number') fail('property name must be a string');
  const key = String(prop);
  if (key === '__proto__' || key === 'prototype' || key === 'constructor') fail(`'${key}' is not allowed in expressions`);
  return Object.hasOwn(obj, key) ? ownValue(obj, key) : null;
}

/** An own data property's value; accessors are never invoked. */
function ownValue(obj: object, key: string): unknown {
  const desc = Object.getOwnPropertyDescriptor(obj, key);
  if (!desc || !('value' in desc)) fail(`'${key}' is not a plain value`);
  return normalize(desc.value);
}

function toBool(v: unknown, op: string): boolean {
  if (typeof v === 'boolean') return v;
  if (v === null || v === undefined) return false;
  if (typeof v === 'string') {
    const s = v.trim().toLowerCase();
    if (s === 'true') return true;
    if (s === 'false' || s === '') return false;
  }
  fail(`'${op}' needs a boolean, got ${kind(v)}`);
}

function numeric(v: unknown): number | undefined {
  if (typeof v === 'number') return v;
  if (typeof v === 'string' && /^\s*-?\d+(\.\d+)?([eE][+-]?\d+)?\s*$/.test(v)) return Number(v);
  return undefined;
}

function toNum(v: unknown, op: string): number {
  if (v === null) return 0;
  const n = numeric(v);
  if (n === undefined) fail(`'${op}' needs a number, got ${kind(v)}`);
  return n;
}

function num(v: number): number {
  if (!Number.isFinite(v)) fail('arithmetic result is not a finite number');
  return v;
}

function kind(v: unknown): string {
  if (v === null) return 'null';
  if (Array.isArray(v)) return 'an array';
  return `a ${typeof v}`;
}

function isEmpty(v: unknown): boolean {
  if (v === null || v === undefined || v === '') return true;
  if (Array.isArray(v)) return v.length === 0;
  if (isPlainObject(v)) return Object.keys(v).length === 0;
  return false;
}

function equals(a: unknown, b: unknown): boolean {
  if (a === b) return true;
  if (a === null || b === null) return false;
  if (typeof a === 'boolean' || typeof b === 'boolean') {
    const x = typeof a === 'boolean' ? a : typeof a === 'string' ? a.trim().toLowerCase() === 'true' : undefined;
    const y = typeof b === 'boolean' ? b : typeof b === 'string' ? b.trim().toLowerCase() === 'true' : undefined;
    return x !== undefined && y !== undefined && x === y;
  }
  if (typeof a === 'number' || typeof b === 'number') {
    const x = numeric(a);
    const y = numeric(b);
    return x !== undefined && y !== undefined && x === y;
  }
  return false;
}

function compare(op: string, a: unknown, b: unknown): boolean {
  if (a === null || b === null) return false;
  let x: number | string;
  let y: number | string;
  if (typeof a === 'string' && typeof b === 'string') {
    x = a;
    y = b;
  } else {
    x = toNum(a, op);
    y = toNum(b, op);
  }
  if (op === '<') return x < y;
  if (op === '>') return x > y;
  if (op === '<=') return x <= y;
  return x >= y;
}

function binary(op: string, l: unknown, r: unknown): unknown {
  switch (op) {
    case '==':
      return equals(l, r);
    case '!=':
      return !equals(l, r);
    case '<':
    case '>':
    case '<=':
    case '>=':
      return compare(op, l, r);
    case 'in':
      if (Array.isArray(r)) return r.some((x) => equals(l, x));
      if (typeof r === 'string' && typeof l === 'string') return r.includes(l);
      if (isPlainObject(r) && typeof l === 'string') return Object.hasOwn(r, l);
      fail(`'in' needs an array, a string or an object on the right, got ${kind(r)}`);
    // eslint-disable-next-line no-fallthrough -- fail() never returns
    case '+':
      if (typeof l === 'string' || typeof r === 'string') {
        if (typeof l === 'object' || typeof r === 'object') fail("'+' cannot join a string with an object");
        const s = display(l) + display(r);
        if (s.length > MAX_STRING) fail('string result too long');
        return s;
      }
      return num(toNum(l, op) + toNum(r, op));
    case '-':
      return num(toNum(l, op) - toNum(r, op));
    case '*':
      return num(toNum(l, op) * toNum(r, op));
    case '/':
    case '%': {
      const d = toNum(r, op);
      if (d === 0) fail('division by zero');
      return num(op === '/' ? toNum(l, op) / d : toNum(l, op) % d);
    }
  }
  fail(`unknown operator '${op}'`);
}
