// Variables that enter an instance (start/complete inputs, service handler results) must be plain JSON: objects with
// ordinary keys, arrays, strings, finite numbers, booleans, null. Anything else is a FlowError('variables').
import { FlowError, type Vars } from './types.js';

const MAX_DEPTH = 32;
const MAX_NODES = 100_000;
const MAX_CHARS = 1024 * 1024;
const FORBIDDEN_KEYS = new Set(['__proto__', 'constructor', 'prototype']);

function isPlainObject(v: object): boolean {
  const p = Object.getPrototypeOf(v) as unknown;
  return p === Object.prototype || p === null;
}

/** A checked deep copy of v, or a FlowError('variables') naming the offending path. */
export function checkVars(v: unknown, what: string): Vars {
  let nodes = 0;
  let chars = 0;
  const bad = (path: string, why: string): never => {
    throw new FlowError('variables', `${what}: ${path || 'the variables'} ${why}`);
  };
  const copy = (x: unknown, path: string, depth: number): unknown => {
    if (++nodes > MAX_NODES) bad('', `have more than ${MAX_NODES} values`);
    if (depth > MAX_DEPTH) bad(path, `are nested deeper than ${MAX_DEPTH}`);
    if (x === null || typeof x === 'boolean') return x;
    if (typeof x === 'number') return Number.isFinite(x) ? x : bad(path, 'is not a finite number');
    if (typeof x === 'string') {
      chars += x.length;
      if (chars > MAX_CHARS) bad('', `are larger than ${MAX_CHARS} characters`);
      return x;
    }
    if (typeof x !== 'object') return bad(path, `is a ${typeof x}, not a JSON value`);
    if (Array.isArray(x)) return x.map((y, i) => copy(y, `${path}[${i}]`, depth + 1));
    if (!isPlainObject(x)) return bad(path, 'is not a plain object');
    const out: Record<string, unknown> = {};
    for (const k of Reflect.ownKeys(x)) {
      if (typeof k !== 'string') return bad(path, 'has a symbol key');
      if (FORBIDDEN_KEYS.has(k)) return bad(path ? `${path}.${k}` : k, 'is a forbidden key');
      chars += k.length;
      const desc = Object.getOwnPropertyDescriptor(x, k)!;
      if (!('value' in desc)) return bad(`${path}.${k}`, 'is an accessor, not a value');
      out[k] = copy(desc.value, path ? `${path}.${k}` : k, depth + 1);
    }
    return out;
  };
  if (v === null || typeof v !== 'object' || Array.isArray(v)) bad('', 'must be an object');
  return copy(v, '', 0) as Vars;
}

export function mergeVars(target: Vars, add: Vars): void {
  for (const k of Object.keys(add)) target[k] = add[k];
}
