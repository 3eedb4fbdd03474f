// The safe expression language, part 1: tokenizer and Pratt parser. A JUEL-like subset over variables only:
// literals, identifiers, member access, ! not && and || or == eq != ne < lt > gt <= le >= ge + - * / div % mod,
// unary minus, parentheses, `in`, array literals, `a ? b : c`, `empty x`. No function calls, no assignment, no lambdas.
// Everything outside that grammar is a FlowError('expression') — never a fallback to JavaScript.
import { FlowError } from './types.js';

export const MAX_SOURCE = 1000;
export const MAX_DEPTH = 32;
const MAX_TOKENS = 400;

export type Node =
  | { t: 'lit'; v: string | number | boolean | null }
  | { t: 'id'; name: string }
  | { t: 'member'; obj: Node; prop: Node }
  | { t: 'unary'; op: '!' | '-' | 'empty'; arg: Node }
  | { t: 'bin'; op: BinOp; l: Node; r: Node }
  | { t: 'cond'; test: Node; yes: Node; no: Node }
  | { t: 'array'; items: Node[] };

export type BinOp = '||' | '&&' | '==' | '!=' | '<' | '>' | '<=' | '>=' | 'in' | '+' | '-' | '*' | '/' | '%';

type Tok =
  | { k: 'num'; v: number; at: number }
  | { k: 'str'; v: string; at: number }
  | { k: 'id'; v: string; at: number }
  | { k: 'op'; v: string; at: number }
  | { k: 'end'; at: number };

const WORD_OPS: Record<string, string> = {
  and: '&&', or: '||', not: '!', eq: '==', ne: '!=', lt: '<', gt: '>', le: '<=', ge: '>=', div: '/', mod: '%',
  empty: 'empty', in: 'in',
};
const RESERVED = new Set(['instanceof', 'new', 'function', 'this', 'typeof', 'void', 'delete', 'var', 'let']);
const OPS3 = ['==='];
const OPS2 = ['&&', '||', '==', '!=', '<=', '>=', '=>', '++', '--', '**', '?.', '??'];
const OPS1 = '!<>+-*/%?:()[].,';

export function fail(message: string): never {
  throw new FlowError('expression', message);
}

function tokenize(src: string): Tok[] {
  const out: Tok[] = [];
  let i = 0;
  while (i < src.length) {
    const c = src[i]!;
    if (c === ' ' || c === '\t' || c === '\n' || c === '\r') {
      i++;
      continue;
    }
    if (out.length >= MAX_TOKENS) fail(`expression has more than ${MAX_TOKENS} tokens`);
    const at = i;
    if (c >= '0' && c <= '9') {
      const m = /^(?:\d+(?:\.\d+)?(?:[eE][+-]?\d+)?)/.exec(src.slice(i, i + 64))!;
      if (/^[A-Za-z_$]/.test(src.slice(i + m[0].length, i + m[0].length + 1))) fail(`bad number at ${at}`);
      const v = Number(m[0]);
      if (!Number.isFinite(v)) fail(`number out of range at ${at}`);
      out.push({ k: 'num', v, at });
      i += m[0].length;
      continue;
    }
    if (c === "'" || c === '"') {
      let s = '';
      i++;
      for (;;) {
        if (i >= src.length) fail(`unterminated string at ${at}`);
        const d = src[i]!;
        if (d === c) break;
        if (d === '\\') {
          const e = src[i + 1];
          if (e === undefined) fail(`unterminated string at ${at}`);
          s += e === 'n' ? '\n' : e === 't' ? '\t' : e;
          i += 2;
          continue;
        }
        s += d;
        i++;
      }
      i++;
      out.push({ k: 'str', v: s, at });
      continue;
    }
    if (/[A-Za-z_$]/.test(c)) {
      const m = /^[A-Za-z_$][A-Za-z0-9_$]*/.exec(src.slice(i, i + 256))!;
      const w = m[0];
      if (w.length > 128) fail(`identifier too long at ${at}`);
      if (RESERVED.has(w)) fail(`'${w}' is not allowed in expressions`);
      const op = Object.hasOwn(WORD_OPS, w) ? WORD_OPS[w] : undefined;
      out.push(op ? { k: 'op', v: op, at } : { k: 'id', v: w, at });
      i += w.length;
      continue;
    }
    const three = src.slice(i, i + 3);
    const two = src.slice(i, i + 2);
    if (OPS3.includes(three)) fail(`operator '${three}' is not supported (use ==)`);
    if (OPS2.includes(two)) {
      if (['=>', '++', '--', '**', '?.', '??'].includes(two)) fail(`operator '${two}' is not supported`);
      out.push({ k: 'op', v: two, at });
      i += 2;
      continue;
    }
    if (OPS1.includes(c)) {
      out.push({ k: 'op', v: c, at });
      i++;
      continue;
    }
    if (c === '=') fail(`assignment is not allowed (at ${at}; use == to compare)`);
    const code = c.codePointAt(0)!;
    fail(`unexpected character U+${code.toString(16).toUpperCase().padStart(4, '0')} at ${at}`);
  }
  out.push({ k: 'end', at: src.length });
  return out;
}

// Binding powers (JUEL order): ?: < || < && < == != < relational/in < + - < * / % < unary < member.
const INFIX: Record<string, number> = {
  '?': 10, '||': 20, '&&': 30, '==': 40, '!=': 40, '<': 50, '>': 50, '<=': 50, '>=': 50, in: 50,
  '+': 60, '-': 60, '*': 70, '/': 70, '%': 70, '.': 90, '[': 90, '(': 90,
};
const FORBIDDEN_NAMES = new Set(['__proto__', 'prototype', 'constructor']);

class Parser {
  private pos = 0;
  private depth = 0;
  constructor(private readonly toks: Tok[]) {}

  private peek(): Tok {
    return this.toks[this.pos]!;
  }
  private next(): Tok {
    return this.toks[this.pos++]!;
  }
  private isOp(v: string): boolean {
    const t = this.peek();
    return t.k === 'op' && t.v === v;
  }
  private expect(v: string): void {
    const t = this.next();
    if (t.k !== 'op' || t.v !== v) fail(`expected '${v}' at ${t.at}`);
  }

  parseAll(): Node {
    const n = this.expr(0);
    const t = this.peek();
    if (t.k !== 'end') fail(`unexpected ${describe(t)} at ${t.at}`);
    return n;
  }

  private expr(minBp: number): Node {
    if (++this.depth > MAX_DEPTH) fail(`expression nested deeper than ${MAX_DEPTH}`);
    let left = this.prefix();
    for (;;) {
      const t = this.peek();
      if (t.k !== 'op' || !Object.hasOwn(INFIX, t.v)) break;
      const bp = INFIX[t.v]!;
      if (bp <= minBp) break;
      this.next();
      if (t.v === '(') fail(`function calls are not allowed (at ${t.at})`);
      if (t.v === '.') {
        const name = this.next();
        if (name.k !== 'id') fail(`expected a property name after '.' at ${name.at}`);
        left = { t: 'member', obj: left, prop: checkedName(name.v) };
      } else if (t.v === '[') {
        const prop = this.expr(0);
        this.expect(']');
        if (prop.t === 'lit' && typeof prop.v === 'string') checkedName(prop.v);
        left = { t: 'member', obj: left, prop };
      } else if (t.v === '?') {
        const yes = this.expr(0);
        this.expect(':');
        const no = this.expr(bp - 1);
        left = { t: 'cond', test: left, yes, no };
      } else {
        left = { t: 'bin', op: t.v as BinOp, l: left, r: this.expr(bp) };
      }
    }
    this.depth--;
    return left;
  }

  private prefix(): Node {
    const t = this.next();
    switch (t.k) {
      case 'num':
      case 'str':
        return { t: 'lit', v: t.v };
      case 'id':
        if (t.v === 'true' || t.v === 'false') return { t: 'lit', v: t.v === 'true' };
        if (t.v === 'null') return { t: 'lit', v: null };
        if (FORBIDDEN_NAMES.has(t.v)) fail(`'${t.v}' is not allowed in expressions`);
        return { t: 'id', name: t.v };
      case 'op':
        if (t.v === '!' || t.v === '-' || t.v === 'empty') return { t: 'unary', op: t.v, arg: this.expr(80) };
        if (t.v === '(') {
          const inner = this.expr(0);
          this.expect(')');
          return inner;
        }
        if (t.v === '[') return this.array();
        fail(`unexpected '${t.v}' at ${t.at}`);
      // eslint-disable-next-line no-fallthrough -- fail() never returns
      case 'end':
        fail(t.at === 0 ? 'empty expression' : 'unexpected end of expression');
    }
  }

  private array(): Node {
    const items: Node[] = [];
    if (this.isOp(']')) {
      this.next();
      return { t: 'array', items };
    }
    for (;;) {
      items.push(this.expr(0));
      if (this.isOp(',')) {
        this.next();
        continue;
      }
      this.expect(']');
      return { t: 'array', items };
    }
  }
}

function checkedName(name: string): Node {
  if (FORBIDDEN_NAMES.has(name)) fail(`'${name}' is not allowed in expressions`);
  return { t: 'lit', v: name };
}

function describe(t: Tok): string {
  return t.k === 'end' ? 'end' : t.k === 'str' ? 'string' : `'${String(t.v)}'`;
}

/** Parse one expression body (without `${ }`). */
export function parseExpression(source: string): Node {
  if (typeof source !== 'string') fail('expression is not a string');
  if (source.length > MAX_SOURCE) fail(`expression longer than ${MAX_SOURCE} characters`);
  return new Parser(tokenize(source)).parseAll();
}
